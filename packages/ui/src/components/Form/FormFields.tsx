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

type BoundElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The props every bound field takes from its caller and hands to the form. */
type BindingProps<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformedValues,
  TElement extends BoundElement,
> = BoundFieldProps<TFieldValues, TName, TTransformedValues> & {
  ref?: Ref<TElement>;
  disabled?: boolean;
  onChange?: (event: ChangeEvent<TElement>) => void;
  onBlur?: (event: FocusEvent<TElement>) => void;
};

/**
 * Splits a bound field's props into the plain control's own props and the form-managed ones
 * (ref, name, value or checked, disabled, error, change and blur), chaining the caller's handlers.
 */
function useBinding<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformedValues,
  TElement extends BoundElement,
  TProps extends BindingProps<TFieldValues, TName, TTransformedValues, TElement>,
>(props: TProps, kind: 'text' | 'checkbox') {
  const { name, control, shouldUnregister, ref, disabled, onChange, onBlur, ...rest } = props;
  const { field, fieldState, attach } = useBound<TFieldValues, TName, TTransformedValues, TElement>(
    { name, control, shouldUnregister },
    disabled,
    ref,
  );
  const bound = {
    ref: attach,
    name: field.name,
    disabled: field.disabled,
    error: fieldState.error?.message,
    ...(kind === 'checkbox' ? { checked: field.value === true } : { value: text(field.value) }),
    onChange: (event: ChangeEvent<TElement>) => {
      // A checkbox's form value is a boolean, not the input's "on".
      field.onChange(
        kind === 'checkbox' && event.target instanceof HTMLInputElement
          ? event.target.checked
          : event,
      );
      onChange?.(event);
    },
    onBlur: (event: FocusEvent<TElement>) => {
      field.onBlur();
      onBlur?.(event);
    },
  };
  return { rest, bound };
}

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
>(props: FormTextFieldProps<TFieldValues, TName, TTransformedValues>) {
  const { rest, bound } = useBinding<
    TFieldValues,
    TName,
    TTransformedValues,
    HTMLInputElement,
    typeof props
  >(props, 'text');
  return <TextField {...rest} {...bound} />;
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
>(props: FormEmailFieldProps<TFieldValues, TName, TTransformedValues>) {
  const { rest, bound } = useBinding<
    TFieldValues,
    TName,
    TTransformedValues,
    HTMLInputElement,
    typeof props
  >(props, 'text');
  return <EmailField {...rest} {...bound} />;
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
>(props: FormPasswordFieldProps<TFieldValues, TName, TTransformedValues>) {
  const { rest, bound } = useBinding<
    TFieldValues,
    TName,
    TTransformedValues,
    HTMLInputElement,
    typeof props
  >(props, 'text');
  return <PasswordField {...rest} {...bound} />;
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
>(props: FormTextAreaProps<TFieldValues, TName, TTransformedValues>) {
  const { rest, bound } = useBinding<
    TFieldValues,
    TName,
    TTransformedValues,
    HTMLTextAreaElement,
    typeof props
  >(props, 'text');
  return <TextArea {...rest} {...bound} />;
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
>(props: FormCheckboxProps<TFieldValues, TName, TTransformedValues>) {
  const { rest, bound } = useBinding<
    TFieldValues,
    TName,
    TTransformedValues,
    HTMLInputElement,
    typeof props
  >(props, 'checkbox');
  return <Checkbox {...rest} {...bound} />;
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
>(props: FormSelectProps<TFieldValues, TName, TTransformedValues>) {
  const { rest, bound } = useBinding<
    TFieldValues,
    TName,
    TTransformedValues,
    HTMLSelectElement,
    typeof props
  >(props, 'text');
  return <Select {...rest} {...bound} />;
}
