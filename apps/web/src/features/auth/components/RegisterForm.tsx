import {
  Form,
  FormEmailField,
  FormPasswordField,
  FormSubmit,
  FormTextField,
  useZodForm,
} from '@studio/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { makeRegisterSchema, type RegisterValues } from '../authSchemas';

export interface RegisterFormProps {
  onSubmit: (values: RegisterValues) => Promise<void>;
}

/** §5 register: username (3+), e-mail, password (6+), and the same password again. */
export function RegisterForm({ onSubmit }: RegisterFormProps) {
  const { t } = useTranslation('common');
  const schema = useMemo(() => makeRegisterSchema(t), [t]);
  const form = useZodForm(schema, {
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });
  return (
    <Form form={form} aria-label={t('auth.register')} onSubmit={onSubmit}>
      <FormTextField
        control={form.control}
        name="username"
        label={t('auth.username')}
        autoComplete="username"
        required
      />
      <FormEmailField control={form.control} name="email" label={t('auth.email')} required />
      <FormPasswordField
        control={form.control}
        name="password"
        label={t('auth.password')}
        hint={t('auth.passwordHint')}
        autoComplete="new-password"
        required
      />
      <FormPasswordField
        control={form.control}
        name="confirmPassword"
        label={t('auth.confirmPassword')}
        autoComplete="new-password"
        required
      />
      <FormSubmit fullWidth>{t('auth.register')}</FormSubmit>
    </Form>
  );
}
