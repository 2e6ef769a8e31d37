import { z } from 'zod';
import { configModule } from '../env/config-module.ts';
import { parseUrl } from '../env/variables.ts';

/** Outgoing mail: SMTP, or the outbox (read at /dev/mailbox in development). */

export interface MailConfig {
  smtpUrl: string | null;
  from: string;
  supportAddress: string;
}

const emailAddress = z.email('must be an e-mail address');
/** `Name <address>` or a bare address, on one line. */
const mailboxSchema = z.string().refine((value) => {
  const match = /^(?:[^<>\r\n]*<([^<>\s]+)>|([^<>\s]+))$/.exec(value);
  const address = match?.[1] ?? match?.[2];
  return address !== undefined && emailAddress.safeParse(address).success;
}, 'must be an e-mail address, optionally as "Name <address>"');

export const mailConfigModule = configModule({
  schema: z.object({
    SMTP_URL: z
      .string()
      .refine(
        (value) => /^smtps?:$/.test(parseUrl(value)?.protocol ?? ''),
        'must be an smtp:// or smtps:// URL',
      )
      .optional(),
    MAIL_FROM: mailboxSchema.optional(),
    SUPPORT_EMAIL: emailAddress.optional(),
  }),
  problems: (env, context) => {
    if (!context.production || env.SMTP_URL === undefined) return [];
    return [
      ...(env.MAIL_FROM === undefined
        ? ['MAIL_FROM: is required when SMTP_URL is set in production']
        : []),
      ...(env.SUPPORT_EMAIL === undefined
        ? ['SUPPORT_EMAIL: is required when SMTP_URL is set in production']
        : []),
    ];
  },
  toConfig: (
    env,
    context,
    warn,
  ): {
    mail: MailConfig;
    /** The development mailbox (/dev/mailbox): never in production, only when mail goes to the outbox. */
    devMailbox: boolean;
  } => {
    if (env.SMTP_URL === undefined) {
      warn(
        context.production
          ? 'SMTP_URL is not set: e-mail is kept in the mail_outbox table and NOT delivered.'
          : 'SMTP_URL is not set: e-mail goes to the outbox; read it at /dev/mailbox.',
      );
    }
    return {
      mail: {
        smtpUrl: env.SMTP_URL ?? null,
        from: env.MAIL_FROM ?? 'AI Studio <no-reply@aistudio.example>',
        supportAddress: env.SUPPORT_EMAIL ?? 'support@aistudio.example',
      },
      devMailbox: !context.production && env.SMTP_URL === undefined,
    };
  },
});
