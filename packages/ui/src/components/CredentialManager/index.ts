export { CredentialManager, credentialManagerStatuses } from './CredentialManager';
export type { CredentialManagerProps, CredentialManagerStatus } from './CredentialManager';
export { CredentialNameForm } from './CredentialNameForm';
export type { CredentialNameFormProps } from './CredentialNameForm';
export { CREDENTIAL_NAME_MAX, checkCredentialName, planRename } from './credential';
export type { BiometricCredential, CredentialNameCheck } from './credential';
