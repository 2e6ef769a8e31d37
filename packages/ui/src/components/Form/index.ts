export { Form, FormError, formLayouts, FormSubmit, useZodForm } from './Form';
export type {
  FormErrorProps,
  FormLayout,
  FormProps,
  FormSubmitProps,
  UseZodFormOptions,
} from './Form';
export {
  FormCheckbox,
  FormEmailField,
  FormPasswordField,
  FormSelect,
  FormTextArea,
  FormTextField,
} from './FormFields';
export type {
  BoundFieldProps,
  FormCheckboxProps,
  FormEmailFieldProps,
  FormPasswordFieldProps,
  FormSelectProps,
  FormTextAreaProps,
  FormTextFieldProps,
} from './FormFields';
