import { Form, FormError, FormSubmit, FormTextField, useZodForm } from '@studio/ui';
import { useMemo, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { makeCodeSchema, type CodeValues } from '../authSchemas';
import type { AuthUser } from '../authService';
import { useAuthErrorText } from './authErrorText';
import * as styles from './auth.css';

export interface CodeStepProps {
  /** Names the form ("Sign in with an e-mail code", "Confirm your e-mail address"). */
  label: string;
  /** What was sent where. */
  intro: ReactNode;
  /** Checks the code; resolves with the signed-in user. */
  onVerify: (code: string) => Promise<AuthUser>;
  onSignedIn: (user: AuthUser) => void;
  /** Sends another code to the same address. */
  onResend: () => Promise<void>;
  /** Goes back to the previous step. */
  onBack: () => void;
  backLabel: string;
}

/**
 * The second step of e-mail code sign-in and of registration (§5): the code field is required,
 * and Verify Code stays disabled while it is empty or while a request runs.
 */
export function CodeStep({
  label,
  intro,
  onVerify,
  onSignedIn,
  onResend,
  onBack,
  backLabel,
}: CodeStepProps) {
  const { t } = useTranslation('auth');
  const explain = useAuthErrorText();
  const schema = useMemo(() => makeCodeSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: { code: '' } });
  const code = useWatch({ control: form.control, name: 'code' });
  const [resending, setResending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const busy = form.formState.isSubmitting || resending;

  const verify = async ({ code: value }: CodeValues) => {
    setNotice(null);
    try {
      onSignedIn(await onVerify(value));
    } catch (error) {
      form.setError('root.server', { message: explain(error, 'auth:code.invalid').text });
    }
  };

  const resend = async () => {
    setResending(true);
    setNotice(null);
    form.clearErrors();
    try {
      await onResend();
      setNotice(t('code.resent'));
    } catch (error) {
      form.setError('root.server', { message: explain(error, 'auth:code.sendFailed').text });
    } finally {
      setResending(false);
    }
  };

  return (
    <Form form={form} aria-label={label} onSubmit={verify}>
      <p className={styles.note}>{intro}</p>
      <FormError />
      <FormTextField
        control={form.control}
        name="code"
        label={t('fields.code')}
        autoComplete="one-time-code"
        inputMode="numeric"
        // Six digits, and room for the spaces a pasted "123 456" brings along.
        maxLength={12}
        required
      />
      <FormSubmit fullWidth disabled={code.trim() === '' || resending}>
        {t('code.verify')}
      </FormSubmit>
      <p role="status" className={styles.note}>
        {notice}
      </p>
      <div className={styles.links}>
        <button type="button" className={styles.linkButton} onClick={onBack} disabled={busy}>
          {backLabel}
        </button>
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => void resend()}
          disabled={busy}
        >
          {t('code.resend')}
        </button>
      </div>
    </Form>
  );
}
