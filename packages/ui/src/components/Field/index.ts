export { Field, FieldError, FieldHint, FieldLabel, fieldSizes, useField } from './Field';
export type {
  FieldControlProps,
  FieldErrorProps,
  FieldHintProps,
  FieldLabelProps,
  FieldProps,
  FieldSize,
  UseFieldOptions,
  UseFieldResult,
} from './Field';
export { useMergedRefs } from './useMergedRefs';
