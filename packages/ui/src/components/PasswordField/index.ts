export { PasswordField, passwordAutoCompletes } from './PasswordField';
export type { PasswordAutoComplete, PasswordFieldProps } from './PasswordField';
