/** A message ready to send: every mail has a plain-text and an HTML body. */
export interface MailMessage {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * How the app sends e-mail. `smtp` delivers through SMTP_URL; `outbox` keeps the message in the
 * mail_outbox table (read in development at /dev/mailbox).
 */
export interface MailSender {
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** Header values come from users (a contact subject): keep them on one line. */
export function singleLine(value: string): string {
  return value.replace(/[\r\n\t\u2028\u2029]+/g, ' ').trim();
}
