import { Form, FormEmailField, FormError, FormSubmit, FormTextField, useZodForm } from '@studio/ui';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { makeRegisterSchema, type RegisterValues } from '../authSchemas';
import type { AuthUser, RegistrationDetails } from '../authService';
import { useAuth } from '../hooks/useAuth';
import { showPasswordFormFailure, useAuthErrorText } from './authErrorText';
import { NewPasswordFields } from './NewPasswordFields';
import { CodeStep } from './CodeStep';

export interface RegisterFormProps {
  onSignedIn: (user: AuthUser) => void;
}

/**
 * The Register tab: username (3+), e-mail, password (6+) and the same password again (§5); then
 * the code the API e-mailed to confirm the address (POST /api/auth/register, then
 * /api/auth/register/confirm). The API answers the first step the same way for a new and a known
 * address, so this screen cannot tell either (no account enumeration).
 */
export function RegisterForm({ onSignedIn }: RegisterFormProps) {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const [pending, setPending] = useState<RegistrationDetails | null>(null);
  const [draft, setDraft] = useState<RegisterValues | null>(null);

  if (pending) {
    return (
      <CodeStep
        label={t('register.confirmLabel')}
        intro={t('register.confirmIntro', { email: pending.email })}
        onVerify={(code) => auth.confirmRegistration(pending.email, code)}
        onSignedIn={onSignedIn}
        onResend={() => auth.register(pending)}
        onBack={() => setPending(null)}
        backLabel={t('register.back')}
      />
    );
  }
  return (
    <DetailsStep
      draft={draft}
      onRegistered={(values) => {
        setDraft(values);
        setPending({ username: values.username, email: values.email, password: values.password });
      }}
    />
  );
}

interface DetailsStepProps {
  /** What was typed before going on to the code (kept when the visitor comes back). */
  draft: RegisterValues | null;
  onRegistered: (values: RegisterValues) => void;
}

function DetailsStep({ draft, onRegistered }: DetailsStepProps) {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const explain = useAuthErrorText();
  const schema = useMemo(() => makeRegisterSchema(t), [t]);
  const form = useZodForm(schema, {
    defaultValues: draft ?? { username: '', email: '', password: '', confirmPassword: '' },
  });

  const submit = async (values: RegisterValues) => {
    try {
      await auth.register({
        username: values.username,
        email: values.email,
        password: values.password,
      });
      onRegistered(values);
    } catch (error) {
      showPasswordFormFailure(form.setError, explain(error, 'auth:register.failed'));
    }
  };

  return (
    <Form form={form} aria-label={t('register.formLabel')} onSubmit={submit}>
      <FormError />
      <FormTextField
        control={form.control}
        name="username"
        label={t('fields.username')}
        autoComplete="username"
        required
      />
      <FormEmailField
        control={form.control}
        name="email"
        label={t('fields.email')}
        autoComplete="email"
        required
      />
      <NewPasswordFields passwordLabel={t('fields.password')} />
      <FormSubmit fullWidth>{t('register.submit')}</FormSubmit>
    </Form>
  );
}
