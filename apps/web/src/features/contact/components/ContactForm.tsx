import { contactRequest } from '@studio/contracts';
import {
  Form,
  FormEmailField,
  FormSubmit,
  FormTextArea,
  FormTextField,
  useToast,
  useZodForm,
} from '@studio/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useErrorText } from '../../../lib/api/useErrorText';
import { useLanguage } from '../../../lib/i18n/useLanguage';
import { useContractMessage, withTranslatedMessages } from '../../../lib/validation';
import { sendContactMessage } from '../api/sendContactMessage';

export interface ContactValues {
  name: string;
  email: string;
  subject: string;
  message: string;
}

const emptyValues: ContactValues = { name: '', email: '', subject: '', message: '' };

/**
 * The contact form of /about-us and /contact: validated with the API's own contract (messages
 * translated), sent to POST /api/contact, a toast either way. The fields are cleared only once
 * the message is stored; after a failure they keep what was typed.
 */
export function ContactForm() {
  const { t } = useTranslation('common');
  const { toast } = useToast();
  const describe = useErrorText();
  const language = useLanguage();
  const translate = useContractMessage();
  const schema = useMemo(
    () =>
      withTranslatedMessages<ContactValues, z.output<typeof contactRequest>>(
        contactRequest,
        translate,
      ),
    [translate],
  );
  const form = useZodForm(schema, { defaultValues: emptyValues });

  return (
    <Form
      form={form}
      aria-label={t('contactForm.label')}
      onSubmit={async (values) => {
        try {
          await sendContactMessage({ ...values, language });
          toast({
            tone: 'success',
            title: t('contactForm.success'),
            description: t('contactForm.successDescription', { name: values.name }),
          });
          form.reset(emptyValues);
        } catch (error) {
          toast({
            tone: 'critical',
            title: t('contactForm.failure'),
            description: describe(error),
          });
        }
      }}
    >
      <FormTextField
        control={form.control}
        name="name"
        label={t('contactForm.name')}
        autoComplete="name"
        required
      />
      <FormEmailField control={form.control} name="email" label={t('contactForm.email')} required />
      <FormTextField
        control={form.control}
        name="subject"
        label={t('contactForm.subject')}
        required
      />
      <FormTextArea
        control={form.control}
        name="message"
        label={t('contactForm.message')}
        hint={t('contactForm.messageHint')}
        rows={6}
        required
      />
      <FormSubmit>{t('contactForm.submit')}</FormSubmit>
    </Form>
  );
}
