import { newsletterRequest } from '@studio/contracts';
import { Form, FormCheckbox, FormEmailField, FormSubmit, useToast, useZodForm } from '@studio/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useErrorText } from '../../../lib/api/useErrorText';
import { useLanguage } from '../../../lib/i18n/useLanguage';
import { useContractMessage, withTranslatedMessages } from '../../../lib/validation';
import { subscribeToNewsletter } from '../api/subscribeToNewsletter';

export interface NewsletterValues {
  email: string;
  agreed: boolean;
}

/**
 * The footer's newsletter sign-up (§2): e-mail required and valid, agreement required (the
 * contract's own rules), then POST /api/newsletter and a toast either way. The address stays in
 * the field when the request fails.
 */
export function NewsletterForm() {
  const { t } = useTranslation('common');
  const language = useLanguage();
  const { toast } = useToast();
  const describe = useErrorText();
  const translate = useContractMessage();
  const schema = useMemo(
    () =>
      withTranslatedMessages<NewsletterValues, z.output<typeof newsletterRequest>>(
        newsletterRequest,
        translate,
      ),
    [translate],
  );
  const form = useZodForm(schema, { defaultValues: { email: '', agreed: false } });

  return (
    <Form
      form={form}
      aria-label={t('footer.newsletter.title')}
      onSubmit={async (values) => {
        try {
          await subscribeToNewsletter({
            email: values.email,
            agreed: true,
            language,
          });
          toast({
            tone: 'success',
            title: t('footer.newsletter.success'),
            description: t('footer.newsletter.successDescription', { email: values.email }),
          });
          form.reset();
        } catch (error) {
          toast({
            tone: 'critical',
            title: t('footer.newsletter.failure'),
            description: describe(error),
          });
        }
      }}
    >
      <FormEmailField
        control={form.control}
        name="email"
        label={t('footer.newsletter.email')}
        required
      />
      <FormCheckbox control={form.control} name="agreed">
        {t('footer.newsletter.agree')}
      </FormCheckbox>
      <FormSubmit>{t('footer.newsletter.submit')}</FormSubmit>
    </Form>
  );
}
