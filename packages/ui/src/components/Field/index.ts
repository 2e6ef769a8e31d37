export { Field, fieldSizes } from './Field';
export type { FieldControlProps, FieldProps, FieldSize } from './Field';
