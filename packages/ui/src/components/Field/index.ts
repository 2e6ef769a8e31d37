export { Field, FieldError, FieldHint, FieldLabel, fieldSizes } from './Field';
export type {
  FieldControlProps,
  FieldErrorProps,
  FieldHintProps,
  FieldLabelProps,
  FieldProps,
  FieldSize,
} from './Field';
