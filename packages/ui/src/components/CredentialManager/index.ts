export { CredentialManager, credentialManagerStatuses } from './CredentialManager';
export type { CredentialManagerProps, CredentialManagerStatus } from './CredentialManager';
export { CredentialNameForm } from './CredentialNameForm';
export type { CredentialNameFormProps } from './CredentialNameForm';
export type { BiometricCredential } from './credential';
