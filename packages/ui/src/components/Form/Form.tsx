import { zodResolver } from '@hookform/resolvers/zod';
import { clsx } from 'clsx';
import { CircleAlert } from 'lucide-react';
import { useRef, type FormHTMLAttributes, type ReactNode } from 'react';
import {
  FormProvider,
  get,
  useForm,
  useFormContext,
  useFormState,
  type Control,
  type FieldErrors,
  type FieldValues,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { Button, type ButtonProps } from '../Button/Button';
import type { CommonProps, NativeProps } from '../private/commonProps';
import * as styles from './Form.css';

export type UseZodFormOptions<TInput extends FieldValues, TOutput extends FieldValues> = Omit<
  UseFormProps<TInput, unknown, TOutput>,
  'resolver'
>;

/**
 * useForm validated by a zod schema and typed from it (field values are the schema's input, the
 * submitted values its output). Validates a field when it is left, then on every change.
 */
export function useZodForm<TInput extends FieldValues, TOutput extends FieldValues>(
  schema: z.ZodType<TOutput, TInput>,
  options: UseZodFormOptions<TInput, TOutput> = {},
): UseFormReturn<TInput, unknown, TOutput> {
  return useForm<TInput, unknown, TOutput>({
    mode: 'onTouched',
    // <Form> focuses the first invalid field in document order itself.
    shouldFocusError: false,
    ...options,
    resolver: zodResolver(schema),
  });
}

/** The first control of the form, in document order, whose name has an error. */
function focusFirstInvalid(form: HTMLFormElement | null, errors: FieldErrors) {
  if (!form) return;
  for (const element of Array.from(form.elements)) {
    const name = element.getAttribute('name');
    if (name && get(errors, name) && element instanceof HTMLElement) {
      element.focus();
      return;
    }
  }
}

export const formLayouts = ['stack', 'compact'] as const;
export type FormLayout = (typeof formLayouts)[number];

export interface FormProps<
  TFieldValues extends FieldValues,
  TContext,
  TTransformedValues,
> extends NativeProps<Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'onInvalid'>> {
  /** What useZodForm (or useForm) returned. */
  form: UseFormReturn<TFieldValues, TContext, TTransformedValues>;
  /** Called with the validated values. While its promise is pending the form is submitting. */
  onSubmit: SubmitHandler<TTransformedValues>;
  /** Called when a submit fails validation (after focus has moved to the first invalid field). */
  onInvalid?: SubmitErrorHandler<TFieldValues>;
  /**
   * `stack` (default): one field under another, full width. `compact`: closer together, each at
   * its own width (a one-field edit in place).
   */
  layout?: FormLayout;
  children: ReactNode;
}

/**
 * A <form> bound to a react-hook-form instance: browser validation off (the schema speaks, in the
 * app's words, under each field), the form in context for the Form* fields, and focus sent to the
 * first invalid field when a submit fails.
 */
export function Form<
  TFieldValues extends FieldValues,
  TContext = unknown,
  TTransformedValues = TFieldValues,
>({
  form,
  onSubmit,
  onInvalid,
  layout = 'stack',
  children,
  ...rest
}: FormProps<TFieldValues, TContext, TTransformedValues>) {
  const formRef = useRef<HTMLFormElement>(null);
  const { isSubmitting } = useFormState({ control: form.control });
  const handleInvalid: SubmitErrorHandler<TFieldValues> = (errors, event) => {
    focusFirstInvalid(formRef.current, errors);
    return onInvalid?.(errors, event);
  };
  return (
    <FormProvider {...form}>
      <form
        ref={formRef}
        noValidate
        aria-busy={isSubmitting || undefined}
        className={clsx(styles.form, layout === 'compact' && styles.compact)}
        onSubmit={(event) => void form.handleSubmit(onSubmit, handleInvalid)(event)}
        {...rest}
      >
        {children}
      </form>
    </FormProvider>
  );
}

export type FormSubmitProps = Omit<ButtonProps, 'type'>;

/**
 * The submit button: shows Button's loading state while the form is submitting.
 *
 * Pressing it does not take focus from the field being typed in. Otherwise that field's blur
 * validation shows its error on mouse-down, the message pushes the button down, the mouse-up
 * lands beside it and the click (the submit) never happens: the visitor sees some errors and
 * not the rest. Keyboard users are unaffected; the submit then moves focus to the first error.
 */
export function FormSubmit({ loading, onMouseDown, ...props }: FormSubmitProps) {
  const { isSubmitting } = useFormState();
  return (
    <Button
      type="submit"
      loading={loading ?? isSubmitting}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        if (event.button === 0) event.preventDefault();
      }}
      {...props}
    />
  );
}

/** Closed: a title, the message, an id and a test id (see private/commonProps.ts). */
export interface FormErrorProps extends CommonProps {
  /** A short heading above the message. */
  title?: ReactNode;
  /**
   * The message. Inside a <Form> it defaults to the form's root error, set with
   * `form.setError('root.server', { message })` after a failed request.
   */
  children?: ReactNode;
}

function hasContent(node: ReactNode): boolean {
  return node !== undefined && node !== null && node !== false && node !== '';
}

function Banner({ title, children, ...common }: FormErrorProps) {
  return (
    <div role="alert" className={styles.banner} {...common}>
      <span className={styles.bannerIcon} aria-hidden="true">
        <CircleAlert size={16} />
      </span>
      <div className={styles.bannerBody}>
        {hasContent(title) ? <p className={styles.bannerTitle}>{title}</p> : null}
        <p className={styles.bannerText}>{children}</p>
      </div>
    </div>
  );
}

function RootError({ control, ...props }: FormErrorProps & { control: Control }) {
  const { errors } = useFormState({ control });
  const root = errors.root;
  const message =
    root?.message ??
    Object.values(root ?? {}).find(
      (entry): entry is { message: string } =>
        typeof entry === 'object' && entry !== null && typeof entry.message === 'string',
    )?.message;
  return message ? <Banner {...props}>{message}</Banner> : null;
}

/** A form-level error banner (role=alert), e.g. the server refused the sign-in. */
export function FormError({ children, ...props }: FormErrorProps) {
  // Null outside a <Form>: then only the given message can be shown.
  const context = useFormContext() as UseFormReturn | null;
  if (hasContent(children)) return <Banner {...props}>{children}</Banner>;
  if (!context) return null;
  return <RootError control={context.control} {...props} />;
}
