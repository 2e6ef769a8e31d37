import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { type MailSender, singleLine } from './mail-sender.ts';

/** Delivers through an SMTP server (smtp:// or smtps:// with credentials in the URL). */
export function createSmtpMailSender(
  smtpUrl: string,
  from: string,
  log: FastifyBaseLogger,
): MailSender {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    transport: 'smtp',
    async send(message) {
      const info = await transporter.sendMail({
        from,
        to: message.to,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        subject: singleLine(message.subject),
        text: message.text,
        html: message.html,
      });
      // The body may hold a one-time link: log only where it went and the server's id.
      log.info({ messageId: info.messageId }, 'mail sent over SMTP');
    },
    async close() {
      transporter.close();
    },
  };
}
