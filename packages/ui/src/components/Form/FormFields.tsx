import type { ChangeEvent, FocusEvent, Ref } from 'react';
import {
  useController,
  type Control,
  type FieldPath,
  type FieldValues,
  type UseControllerReturn,
} from 'react-hook-form';
import { Checkbox, type CheckboxProps } from '../Checkbox/Checkbox';
import { EmailField, type EmailFieldProps } from '../EmailField/EmailField';
import { useMergedRefs } from '../Field/useMergedRefs';
import { PasswordField, type PasswordFieldProps } from '../PasswordField/PasswordField';
import { Select, type SelectProps } from '../Select/Select';
import { TextArea, type TextAreaProps } from '../TextArea/TextArea';
import { TextField, type TextFieldProps } from '../TextField/TextField';

/**
 * What every bound field adds to its plain counterpart. `name` is typed from the form: pass
 * `control={form.control}` to have it checked, or leave it out to use the surrounding <Form>.
 */
export interface BoundFieldProps<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformedValues,
> {
  name: TName;
  control?: Control<TFieldValues, unknown, TTransformedValues>;
  /** Drops the value from the form when the field unmounts. */
  shouldUnregister?: boolean;
}

/** Props a bound field takes over from the form (value, error...). */
type Managed = 'name' | 'value' | 'defaultValue' | 'error' | 'checked' | 'defaultChecked';

function useBound<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformedValues,
  TElement extends HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement,
>(
  { name, control, shouldUnregister }: BoundFieldProps<TFieldValues, TName, TTransformedValues>,
  disabled: boolean | undefined,
  ref: Ref<TElement> | undefined,
): UseControllerReturn<TFieldValues, TName> & { attach: Ref<TElement> } {
  const controller = useController<TFieldValues, TName, TTransformedValues>({
    name,
    control,
    shouldUnregister,
    disabled,
  });
  // RHF keeps the element to focus it; the caller may want it too.
  const attach = useMergedRefs<TElement>(controller.field.ref, ref);
  return { ...controller, attach };
}

/** A string value for a text control: empty until the form has one. */
function text(value: unknown): string {
  return typeof value === 'string' ? value : value == null ? '' : String(value);
}

type TextLikeProps<TProps, TElement> = Omit<TProps, Managed> & {
  ref?: Ref<TElement>;
};

export type FormTextFieldProps<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
> = TextLikeProps<TextFieldProps, HTMLInputElement> &
  BoundFieldProps<TFieldValues, TName, TTransformedValues>;

export function FormTextField<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>({
  name,
  control,
  shouldUnregister,
  ref,
  disabled,
  onChange,
  onBlur,
  ...props
}: FormTextFieldProps<TFieldValues, TName, TTransformedValues>) {
  const { field, fieldState, attach } = useBound(
    { name, control, shouldUnregister },
    disabled,
    ref,
  );
  return (
    <TextField
      {...props}
      ref={attach}
      name={field.name}
      value={text(field.value)}
      disabled={field.disabled}
      error={fieldState.error?.message}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        field.onChange(event);
        onChange?.(event);
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        field.onBlur();
        onBlur?.(event);
      }}
    />
  );
}

export type FormEmailFieldProps<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
> = TextLikeProps<EmailFieldProps, HTMLInputElement> &
  BoundFieldProps<TFieldValues, TName, TTransformedValues>;

export function FormEmailField<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>({
  name,
  control,
  shouldUnregister,
  ref,
  disabled,
  onChange,
  onBlur,
  ...props
}: FormEmailFieldProps<TFieldValues, TName, TTransformedValues>) {
  const { field, fieldState, attach } = useBound(
    { name, control, shouldUnregister },
    disabled,
    ref,
  );
  return (
    <EmailField
      {...props}
      ref={attach}
      name={field.name}
      value={text(field.value)}
      disabled={field.disabled}
      error={fieldState.error?.message}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        field.onChange(event);
        onChange?.(event);
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        field.onBlur();
        onBlur?.(event);
      }}
    />
  );
}

export type FormPasswordFieldProps<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
> = TextLikeProps<PasswordFieldProps, HTMLInputElement> &
  BoundFieldProps<TFieldValues, TName, TTransformedValues>;

export function FormPasswordField<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>({
  name,
  control,
  shouldUnregister,
  ref,
  disabled,
  onChange,
  onBlur,
  ...props
}: FormPasswordFieldProps<TFieldValues, TName, TTransformedValues>) {
  const { field, fieldState, attach } = useBound(
    { name, control, shouldUnregister },
    disabled,
    ref,
  );
  return (
    <PasswordField
      {...props}
      ref={attach}
      name={field.name}
      value={text(field.value)}
      disabled={field.disabled}
      error={fieldState.error?.message}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        field.onChange(event);
        onChange?.(event);
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        field.onBlur();
        onBlur?.(event);
      }}
    />
  );
}

export type FormTextAreaProps<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
> = TextLikeProps<TextAreaProps, HTMLTextAreaElement> &
  BoundFieldProps<TFieldValues, TName, TTransformedValues>;

export function FormTextArea<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>({
  name,
  control,
  shouldUnregister,
  ref,
  disabled,
  onChange,
  onBlur,
  ...props
}: FormTextAreaProps<TFieldValues, TName, TTransformedValues>) {
  const { field, fieldState, attach } = useBound(
    { name, control, shouldUnregister },
    disabled,
    ref,
  );
  return (
    <TextArea
      {...props}
      ref={attach}
      name={field.name}
      value={text(field.value)}
      disabled={field.disabled}
      error={fieldState.error?.message}
      onChange={(event: ChangeEvent<HTMLTextAreaElement>) => {
        field.onChange(event);
        onChange?.(event);
      }}
      onBlur={(event: FocusEvent<HTMLTextAreaElement>) => {
        field.onBlur();
        onBlur?.(event);
      }}
    />
  );
}

export type FormCheckboxProps<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
> = TextLikeProps<CheckboxProps, HTMLInputElement> &
  BoundFieldProps<TFieldValues, TName, TTransformedValues>;

/** A checkbox whose form value is a boolean. */
export function FormCheckbox<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>({
  name,
  control,
  shouldUnregister,
  ref,
  disabled,
  onChange,
  onBlur,
  ...props
}: FormCheckboxProps<TFieldValues, TName, TTransformedValues>) {
  const { field, fieldState, attach } = useBound(
    { name, control, shouldUnregister },
    disabled,
    ref,
  );
  return (
    <Checkbox
      {...props}
      ref={attach}
      name={field.name}
      checked={field.value === true}
      disabled={field.disabled}
      error={fieldState.error?.message}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        field.onChange(event.target.checked);
        onChange?.(event);
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        field.onBlur();
        onBlur?.(event);
      }}
    />
  );
}

export type FormSelectProps<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
> = TextLikeProps<SelectProps, HTMLSelectElement> &
  BoundFieldProps<TFieldValues, TName, TTransformedValues>;

export function FormSelect<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>({
  name,
  control,
  shouldUnregister,
  ref,
  disabled,
  onChange,
  onBlur,
  ...props
}: FormSelectProps<TFieldValues, TName, TTransformedValues>) {
  const { field, fieldState, attach } = useBound(
    { name, control, shouldUnregister },
    disabled,
    ref,
  );
  return (
    <Select
      {...props}
      ref={attach}
      name={field.name}
      value={text(field.value)}
      disabled={field.disabled}
      error={fieldState.error?.message}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => {
        field.onChange(event);
        onChange?.(event);
      }}
      onBlur={(event: FocusEvent<HTMLSelectElement>) => {
        field.onBlur();
        onBlur?.(event);
      }}
    />
  );
}
