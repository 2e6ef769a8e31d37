import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { commonNamespace } from './i18n/namespaces';

/**
 * The English messages of the shared contracts (packages/contracts) and their keys in
 * common.json: forms validate with the very schema the API uses and show its messages in the
 * interface language.
 */
export const contractMessageKeys: Readonly<Record<string, string>> = {
  'Email is required': 'validation.emailRequired',
  'Email is invalid': 'validation.emailInvalid',
  'Name is required': 'validation.nameRequired',
  'Name is too long': 'validation.nameTooLong',
  'Subject is required': 'validation.subjectRequired',
  'Subject is too long': 'validation.subjectTooLong',
  'Message must be at least 10 characters': 'validation.messageMin',
  'Message is too long': 'validation.messageTooLong',
  'Please accept to receive our newsletter': 'validation.agreementRequired',
};

/** Translates a contract message; a message without a key is shown as it is. */
export function useContractMessage(): (message: string) => string {
  const { t } = useTranslation(commonNamespace);
  return useCallback(
    (message: string) => {
      const key = contractMessageKeys[message];
      return key ? t(key) : message;
    },
    [t],
  );
}

/**
 * Wraps a contract schema for a form: the form's own value type (`TValues`, e.g. an unticked
 * checkbox is `false` where the contract wants `true`) in, the contract's output out, and every
 * issue's message passed through `translate`, at the same path.
 */
export function withTranslatedMessages<TValues, TOutput>(
  schema: z.ZodType<TOutput>,
  translate: (message: string) => string,
): z.ZodType<TOutput, TValues> {
  return z.custom<TValues>().transform((values, context) => {
    const result = schema.safeParse(values);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      context.addIssue({
        code: 'custom',
        message: translate(issue.message),
        path: issue.path,
        input: values,
      });
    }
    return z.NEVER;
  });
}
