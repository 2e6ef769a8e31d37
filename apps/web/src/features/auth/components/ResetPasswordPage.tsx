import { Button, Form, FormEmailField, FormError, FormSubmit, useZodForm } from '@studio/ui';
import { CircleCheck, CircleX, MailCheck } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/PageHeader';
import { RouterLink } from '../../../components/RouterLink';
import { StatusPanel } from '../../../components/StatusPanel';
import { narrowPage } from '../../../components/styles.css';
import { paths } from '../../../lib/paths';
import {
  makeEmailSchema,
  makeNewPasswordSchema,
  type EmailValues,
  type NewPasswordValues,
} from '../authSchemas';
import { useAuth } from '../hooks/useAuth';
import { showPasswordFormFailure, useAuthErrorText } from './authErrorText';
import { NewPasswordFields } from './NewPasswordFields';

/** The reset token the e-mailed link carries in its fragment (`#token=…`), if any. */
export function resetTokenFrom(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && token.trim() !== '' ? token : null;
}

const INVALID_LINK = 'This reset link is invalid or has expired.';

type Stage =
  | { name: 'request' }
  | { name: 'sent'; email: string }
  | { name: 'choose'; token: string }
  | { name: 'done' }
  | { name: 'invalid' };

/**
 * /reset-password. Without a token: asks for the account's e-mail and requests a link (the same
 * answer whatever the address). With the link's `#token=…`: reads the token, takes it out of the
 * address bar at once (it must not linger in history, bookmarks or screenshots) and asks for the
 * new password.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  const [stage, setStage] = useState<Stage>(() => {
    const token = resetTokenFrom(location.hash);
    return token ? { name: 'choose', token } : { name: 'request' };
  });

  const hasFragment = location.hash !== '';
  const linkedToken = resetTokenFrom(location.hash);
  const [seenToken, setSeenToken] = useState(linkedToken);
  // A link opened while this page is already showing only changes the fragment (no remount):
  // adopt its token while rendering, React's pattern for state that follows a changed input.
  if (linkedToken !== seenToken) {
    setSeenToken(linkedToken);
    if (linkedToken) setStage({ name: 'choose', token: linkedToken });
  }
  useEffect(() => {
    // A replace navigation is the router's history.replaceState: the entry loses its fragment.
    if (hasFragment) {
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    }
  }, [hasFragment, location.pathname, location.search, navigate]);

  const backToLogin = <RouterLink to={paths.login}>{t('reset.backToLogin')}</RouterLink>;
  switch (stage.name) {
    case 'request':
      return (
        <div className={narrowPage}>
          <PageHeader title={t('common:titles.resetPassword')} intro={t('reset.intro')} />
          <RequestLinkForm onSent={(email) => setStage({ name: 'sent', email })} />
          {backToLogin}
        </div>
      );
    case 'sent':
      return (
        <StatusPanel
          role="status"
          tone="success"
          icon={<MailCheck size={40} />}
          title={t('reset.sent')}
          description={t('reset.sentDescription', { email: stage.email })}
          actions={
            <>
              <Button variant="secondary" onClick={() => setStage({ name: 'request' })}>
                {t('reset.sendAnother')}
              </Button>
              {backToLogin}
            </>
          }
        />
      );
    case 'choose':
      return (
        <div className={narrowPage}>
          <PageHeader title={t('common:titles.resetPassword')} intro={t('reset.newIntro')} />
          <NewPasswordForm
            token={stage.token}
            onDone={() => setStage({ name: 'done' })}
            onInvalid={() => setStage({ name: 'invalid' })}
          />
        </div>
      );
    case 'done':
      return (
        <StatusPanel
          role="status"
          tone="success"
          icon={<CircleCheck size={40} />}
          title={t('reset.done')}
          description={t('reset.doneDescription')}
          actions={<RouterLink to={paths.login}>{t('reset.signIn')}</RouterLink>}
        />
      );
    case 'invalid':
      return (
        <StatusPanel
          role="alert"
          tone="critical"
          icon={<CircleX size={40} />}
          title={t('reset.invalidLink')}
          description={t('reset.invalidLinkDescription')}
          actions={
            <>
              <Button onClick={() => setStage({ name: 'request' })}>{t('reset.requestNew')}</Button>
              {backToLogin}
            </>
          }
        />
      );
  }
}

function RequestLinkForm({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const explain = useAuthErrorText();
  const schema = useMemo(() => makeEmailSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: { email: '' } });

  const submit = async ({ email }: EmailValues) => {
    try {
      await auth.requestPasswordReset(email);
      onSent(email);
    } catch (error) {
      form.setError('root.server', { message: explain(error, 'auth:reset.failed').text });
    }
  };

  return (
    <Form form={form} aria-label={t('reset.formLabel')} onSubmit={submit}>
      <FormError />
      <FormEmailField
        control={form.control}
        name="email"
        label={t('fields.email')}
        autoComplete="email"
        required
      />
      <FormSubmit fullWidth>{t('reset.submit')}</FormSubmit>
    </Form>
  );
}

interface NewPasswordFormProps {
  token: string;
  onDone: () => void;
  onInvalid: () => void;
}

function NewPasswordForm({ token, onDone, onInvalid }: NewPasswordFormProps) {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const explain = useAuthErrorText();
  const schema = useMemo(() => makeNewPasswordSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: { password: '', confirmPassword: '' } });

  const submit = async ({ password }: NewPasswordValues) => {
    try {
      await auth.completePasswordReset(token, password);
      onDone();
    } catch (error) {
      const failure = explain(error, 'auth:reset.saveFailed');
      if (failure.serverMessage === INVALID_LINK) onInvalid();
      else showPasswordFormFailure(form.setError, failure);
    }
  };

  return (
    <Form form={form} aria-label={t('reset.newFormLabel')} onSubmit={submit}>
      <FormError />
      <NewPasswordFields passwordLabel={t('fields.newPassword')} />
      <FormSubmit fullWidth>{t('reset.save')}</FormSubmit>
    </Form>
  );
}
