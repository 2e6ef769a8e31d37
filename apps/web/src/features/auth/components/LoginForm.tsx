import { Form, FormEmailField, FormPasswordField, FormSubmit, useZodForm } from '@studio/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../../components/RouterLink';
import { paths } from '../../../lib/paths';
import { makeSignInSchema, type SignInValues } from '../authSchemas';

export interface LoginFormProps {
  onSubmit: (values: SignInValues) => Promise<void>;
}

/** §5: e-mail and password (at least 6 characters), and the forgotten-password link. */
export function LoginForm({ onSubmit }: LoginFormProps) {
  const { t } = useTranslation('common');
  const schema = useMemo(() => makeSignInSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: { email: '', password: '' } });
  return (
    <Form form={form} aria-label={t('auth.signIn')} onSubmit={onSubmit}>
      <FormEmailField control={form.control} name="email" label={t('auth.email')} required />
      <FormPasswordField
        control={form.control}
        name="password"
        label={t('auth.password')}
        autoComplete="current-password"
        required
      />
      <RouterLink to={paths.resetPassword}>{t('auth.forgotPassword')}</RouterLink>
      <FormSubmit fullWidth>{t('auth.signIn')}</FormSubmit>
    </Form>
  );
}
