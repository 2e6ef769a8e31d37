import {
  Form,
  FormEmailField,
  FormError,
  FormPasswordField,
  FormSubmit,
  useZodForm,
} from '@studio/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../../components/RouterLink';
import { paths } from '../../../lib/paths';
import { makeSignInSchema, type SignInValues } from '../authSchemas';
import type { AuthUser } from '../authService';
import { useAuth } from '../hooks/useAuth';
import { useAuthErrorText } from './authErrorText';
import * as styles from './auth.css';

export interface LoginFormProps {
  onSignedIn: (user: AuthUser) => void;
  /** Switches the Login tab to e-mail code sign-in. */
  onUseCode: () => void;
  /** Called when a link leaves the form (the modal closes then). */
  onLeave?: (() => void) | undefined;
}

/** §5: e-mail and password (at least 6 characters), and the forgotten-password link. */
export function LoginForm({ onSignedIn, onUseCode, onLeave }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const explain = useAuthErrorText();
  const schema = useMemo(() => makeSignInSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: { email: '', password: '' } });

  const submit = async (values: SignInValues) => {
    try {
      onSignedIn(await auth.signIn(values));
    } catch (error) {
      form.setError('root.server', { message: explain(error, 'auth:login.failed').text });
    }
  };

  return (
    <Form form={form} aria-label={t('login.formLabel')} onSubmit={submit}>
      <FormError />
      <FormEmailField
        control={form.control}
        name="email"
        label={t('fields.email')}
        autoComplete="email"
        required
      />
      <FormPasswordField
        control={form.control}
        name="password"
        label={t('fields.password')}
        autoComplete="current-password"
        required
      />
      <FormSubmit fullWidth>{t('login.submit')}</FormSubmit>
      <div className={styles.links}>
        <RouterLink to={paths.resetPassword} onClick={onLeave}>
          {t('login.forgotPassword')}
        </RouterLink>
        <button type="button" className={styles.linkButton} onClick={onUseCode}>
          {t('login.useCode')}
        </button>
      </div>
    </Form>
  );
}
