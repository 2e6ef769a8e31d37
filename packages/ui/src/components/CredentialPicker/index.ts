export { CredentialPicker, credentialPickerStates } from './CredentialPicker';
export type { CredentialPickerProps, CredentialPickerState } from './CredentialPicker';
