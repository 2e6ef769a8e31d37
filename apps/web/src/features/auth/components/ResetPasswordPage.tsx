import { Form, FormEmailField, FormSubmit, useToast, useZodForm } from '@studio/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { RouterLink } from '../../../components/RouterLink';
import { narrowPage } from '../../../components/styles.css';
import { paths } from '../../../lib/paths';
import { makeResetSchema, type ResetValues } from '../authSchemas';
import { useAuth } from '../hooks/useAuth';
import { useAuthFailureToast } from '../hooks/useAuthFailureToast';

/** /reset-password: asks for the account's e-mail and requests a reset link. */
export function ResetPasswordPage() {
  const { t } = useTranslation('common');
  const { toast } = useToast();
  const auth = useAuth();
  const reportFailure = useAuthFailureToast();
  const schema = useMemo(() => makeResetSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: { email: '' } });

  const submit = async ({ email }: ResetValues) => {
    try {
      await auth.requestPasswordReset(email);
      toast({
        tone: 'success',
        title: t('auth.reset.sent'),
        description: t('auth.reset.sentDescription', { email }),
      });
    } catch (error) {
      reportFailure(error, t('auth.reset.failed'));
    }
  };

  return (
    <div className={narrowPage}>
      <PageHeader title={t('titles.resetPassword')} intro={t('auth.reset.intro')} />
      <Form form={form} aria-label={t('titles.resetPassword')} onSubmit={submit}>
        <FormEmailField control={form.control} name="email" label={t('auth.email')} required />
        <FormSubmit fullWidth>{t('auth.reset.submit')}</FormSubmit>
      </Form>
      <RouterLink to={paths.login}>{t('auth.reset.backToLogin')}</RouterLink>
    </div>
  );
}
