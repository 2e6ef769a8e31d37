/**
 * Example forms built the way the app builds its own (schemas with the spec's §5 texts). Used by
 * the stories and the tests of this folder; not exported from the package: the app's real schemas
 * live in packages/contracts.
 */
import { useMemo } from 'react';
import { z } from 'zod';
import { Link } from '../Link/Link';
import { Form, FormError, FormSubmit, useZodForm } from './Form';
import {
  FormCheckbox,
  FormEmailField,
  FormPasswordField,
  FormSelect,
  FormTextArea,
  FormTextField,
} from './FormFields';

export type Language = 'en' | 'vi';

const copy = {
  en: {
    email: 'Email',
    password: 'Password',
    username: 'Username',
    confirmPassword: 'Confirm password',
    signIn: 'Sign in',
    register: 'Create account',
    forgot: 'Forgot password?',
    passwordHint: 'At least 6 characters.',
    emailRequired: 'Email is required',
    emailInvalid: 'Email is invalid',
    passwordMin: 'Password must be at least 6 characters',
    usernameMin: 'Username must be at least 3 characters',
    confirmRequired: 'Please confirm your password',
    mismatch: 'Passwords do not match',
  },
  vi: {
    email: 'Email',
    password: 'Mật khẩu',
    username: 'Tên người dùng',
    confirmPassword: 'Xác nhận mật khẩu',
    signIn: 'Đăng nhập',
    register: 'Tạo tài khoản',
    forgot: 'Quên mật khẩu?',
    passwordHint: 'Ít nhất 6 ký tự.',
    emailRequired: 'Vui lòng nhập email',
    emailInvalid: 'Email không hợp lệ',
    passwordMin: 'Mật khẩu phải có ít nhất 6 ký tự',
    usernameMin: 'Tên người dùng phải có ít nhất 3 ký tự',
    confirmRequired: 'Vui lòng xác nhận mật khẩu',
    mismatch: 'Mật khẩu không khớp',
  },
} as const;

// Spec §5: "required" and "must look like an e-mail" are two messages, in that order.
const emailRule = (language: Language) =>
  z.string().trim().min(1, copy[language].emailRequired).pipe(z.email(copy[language].emailInvalid));

// Spec §5 gives one text for the password: an empty one is also shorter than 6 characters.
const passwordRule = (language: Language) => z.string().min(6, copy[language].passwordMin);

export const makeSignInSchema = (language: Language = 'en') =>
  z.object({ email: emailRule(language), password: passwordRule(language) });

export const makeRegisterSchema = (language: Language = 'en') =>
  z
    .object({
      username: z.string().trim().min(3, copy[language].usernameMin),
      email: emailRule(language),
      password: passwordRule(language),
      confirmPassword: z.string().min(1, copy[language].confirmRequired),
    })
    .refine((values) => values.password === values.confirmPassword, {
      message: copy[language].mismatch,
      path: ['confirmPassword'],
    });

export type SignInValues = z.output<ReturnType<typeof makeSignInSchema>>;
export type RegisterValues = z.output<ReturnType<typeof makeRegisterSchema>>;

export interface ExampleFormProps<TValues> {
  /** Resolves to the server's message when the request fails (shown in the banner). */
  onSubmit: (values: TValues) => unknown;
  language?: Language;
  defaultValues?: Partial<TValues>;
}

export function SignInForm({
  onSubmit,
  language = 'en',
  defaultValues,
}: ExampleFormProps<SignInValues>) {
  const text = copy[language];
  const schema = useMemo(() => makeSignInSchema(language), [language]);
  const form = useZodForm(schema, {
    defaultValues: { email: '', password: '', ...defaultValues },
  });
  return (
    <div style={{ maxWidth: 380 }}>
      <Form
        form={form}
        aria-label={text.signIn}
        onSubmit={async (values) => {
          const serverError = await onSubmit(values);
          if (typeof serverError === 'string') {
            form.setError('root.server', { message: serverError });
          }
        }}
      >
        <FormError />
        <FormEmailField control={form.control} name="email" label={text.email} required />
        <FormPasswordField
          control={form.control}
          name="password"
          label={text.password}
          autoComplete="current-password"
          required
        />
        <div>
          <Link href="/reset-password" underline="hover">
            {text.forgot}
          </Link>
        </div>
        <FormSubmit fullWidth>{text.signIn}</FormSubmit>
      </Form>
    </div>
  );
}

export function RegisterForm({
  onSubmit,
  language = 'en',
  defaultValues,
}: ExampleFormProps<RegisterValues>) {
  const text = copy[language];
  const schema = useMemo(() => makeRegisterSchema(language), [language]);
  const form = useZodForm(schema, {
    defaultValues: { username: '', email: '', password: '', confirmPassword: '', ...defaultValues },
  });
  return (
    <div style={{ maxWidth: 380 }}>
      <Form
        form={form}
        aria-label={text.register}
        onSubmit={async (values) => {
          const serverError = await onSubmit(values);
          if (typeof serverError === 'string') {
            form.setError('root.server', { message: serverError });
          }
        }}
      >
        <FormError />
        <FormTextField
          control={form.control}
          name="username"
          label={text.username}
          autoComplete="username"
          required
        />
        <FormEmailField control={form.control} name="email" label={text.email} required />
        <FormPasswordField
          control={form.control}
          name="password"
          label={text.password}
          hint={text.passwordHint}
          autoComplete="new-password"
          required
        />
        <FormPasswordField
          control={form.control}
          name="confirmPassword"
          label={text.confirmPassword}
          autoComplete="new-password"
          required
        />
        <FormSubmit fullWidth>{text.register}</FormSubmit>
      </Form>
    </div>
  );
}

export const contactSchema = z.object({
  name: z.string().trim().min(1, 'Tell us your name'),
  email: emailRule('en'),
  topic: z.enum(['billing', 'account', 'bug'], { error: 'Choose a topic' }),
  message: z.string().trim().min(20, 'Write at least 20 characters so we can help'),
  copyMe: z.boolean(),
  consent: z.literal(true, { error: 'Please agree so we can reply to you' }),
});

export type ContactValues = z.output<typeof contactSchema>;

export const contactTopics = [
  { value: 'billing', label: 'Billing and the Pro plan' },
  { value: 'account', label: 'My account and sign-in' },
  { value: 'bug', label: 'Something is broken' },
] as const;

/** A contact form: every bound field type in one place. */
export function ContactForm({ onSubmit }: Pick<ExampleFormProps<ContactValues>, 'onSubmit'>) {
  const form = useZodForm(contactSchema, {
    defaultValues: { name: '', email: '', message: '', copyMe: false },
  });
  return (
    <div style={{ maxWidth: 480 }}>
      <Form
        form={form}
        aria-label="Contact support"
        onSubmit={async (values) => {
          const serverError = await onSubmit(values);
          if (typeof serverError === 'string') {
            form.setError('root.server', { message: serverError });
          }
        }}
      >
        <FormError title="We couldn't send your message" />
        <FormTextField
          control={form.control}
          name="name"
          label="Name"
          autoComplete="name"
          required
        />
        <FormEmailField control={form.control} name="email" label="Email" required />
        <FormSelect
          control={form.control}
          name="topic"
          label="Topic"
          options={contactTopics}
          required
        />
        <FormTextArea
          control={form.control}
          name="message"
          label="Message"
          hint="Include what you did and what you expected to happen."
          rows={5}
          required
        />
        <FormCheckbox control={form.control} name="copyMe">
          Send me a copy of this message
        </FormCheckbox>
        <FormCheckbox control={form.control} name="consent">
          I agree that support may read my conversations to answer me (
          <Link href="/service-usage-policy">service usage policy</Link>)
        </FormCheckbox>
        <FormSubmit>Send message</FormSubmit>
      </Form>
    </div>
  );
}
