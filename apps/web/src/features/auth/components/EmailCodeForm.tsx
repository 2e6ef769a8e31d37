import { Form, FormEmailField, FormError, FormSubmit, useZodForm } from '@studio/ui';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { makeEmailSchema, type EmailValues } from '../authSchemas';
import type { AuthUser } from '../authService';
import { useAuth } from '../hooks/useAuth';
import { useAuthErrorText } from './authErrorText';
import { CodeStep } from './CodeStep';
import * as styles from './auth.css';

export interface EmailCodeFormProps {
  onSignedIn: (user: AuthUser) => void;
  /** Switches the Login tab back to e-mail and password; without it no such link shows. */
  onUsePassword?: () => void;
}

/**
 * §2/§7 e-mail code sign-in: an e-mail field with Send Code (POST /api/auth/request-code), then a
 * code field with Verify Code (POST /api/auth/verify-code). §5: Send Code is disabled while the
 * e-mail is empty or a request runs.
 */
export function EmailCodeForm({ onSignedIn, onUsePassword }: EmailCodeFormProps) {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [lastEmail, setLastEmail] = useState('');

  if (sentTo !== null) {
    return (
      <CodeStep
        label={t('code.formLabel')}
        intro={t('code.sent', { email: sentTo })}
        onVerify={(code) => auth.verifyCode(sentTo, code)}
        onSignedIn={onSignedIn}
        onResend={() => auth.requestCode(sentTo)}
        onBack={() => setSentTo(null)}
        backLabel={t('code.changeEmail')}
      />
    );
  }
  return (
    <RequestCodeStep
      defaultEmail={lastEmail}
      onSent={(email) => {
        setLastEmail(email);
        setSentTo(email);
      }}
      onUsePassword={onUsePassword}
    />
  );
}

interface RequestCodeStepProps {
  defaultEmail: string;
  onSent: (email: string) => void;
  onUsePassword?: (() => void) | undefined;
}

function RequestCodeStep({ defaultEmail, onSent, onUsePassword }: RequestCodeStepProps) {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const explain = useAuthErrorText();
  const schema = useMemo(() => makeEmailSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: { email: defaultEmail } });
  const email = useWatch({ control: form.control, name: 'email' });

  const send = async ({ email: address }: EmailValues) => {
    try {
      await auth.requestCode(address);
      onSent(address);
    } catch (error) {
      form.setError('root.server', { message: explain(error, 'auth:code.sendFailed').text });
    }
  };

  return (
    <Form form={form} aria-label={t('code.formLabel')} onSubmit={send}>
      <p className={styles.note}>{t('code.intro')}</p>
      <FormError />
      <FormEmailField
        control={form.control}
        name="email"
        label={t('fields.email')}
        autoComplete="email"
        required
      />
      <FormSubmit fullWidth disabled={email.trim() === ''}>
        {t('code.send')}
      </FormSubmit>
      {onUsePassword ? (
        <div className={styles.links}>
          <button type="button" className={styles.linkButton} onClick={onUsePassword}>
            {t('login.usePassword')}
          </button>
        </div>
      ) : null}
    </Form>
  );
}
