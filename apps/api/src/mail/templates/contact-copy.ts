import type { LanguageCode } from '@studio/contracts';
import { escapeHtml } from '../../http/html.ts';
import { mailDocument, paragraphs, type RenderedMail } from './layout.ts';

export interface ContactCopy {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  receivedAt: string;
}

const texts: Record<
  LanguageCode,
  {
    subjectPrefix: string;
    heading: string;
    from: string;
    subject: string;
    received: string;
    reference: string;
    replyHint: (name: string) => string;
    locale: string;
  }
> = {
  en: {
    subjectPrefix: '[Contact]',
    heading: 'New message from the contact form',
    from: 'From',
    subject: 'Subject',
    received: 'Received',
    reference: 'Reference',
    replyHint: (name) => `Reply to this email to answer ${name} directly.`,
    locale: 'en-US',
  },
  vi: {
    subjectPrefix: '[Liên hệ]',
    heading: 'Tin nhắn mới từ biểu mẫu liên hệ',
    from: 'Người gửi',
    subject: 'Chủ đề',
    received: 'Thời gian nhận',
    reference: 'Mã tham chiếu',
    replyHint: (name) => `Trả lời email này để phản hồi trực tiếp cho ${name}.`,
    locale: 'vi-VN',
  },
};

/** The studio's copy of a contact message, in the language the visitor wrote in. */
export function contactCopyMail(language: LanguageCode, contact: ContactCopy): RenderedMail {
  const t = texts[language];
  const received = `${new Intl.DateTimeFormat(t.locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(contact.receivedAt))} UTC`;
  const sender = `${contact.name} <${contact.email}>`;
  const subject = `${t.subjectPrefix} ${contact.subject}`;
  const text = [
    `${t.heading}.`,
    '',
    `${t.from}: ${sender}`,
    `${t.subject}: ${contact.subject}`,
    `${t.received}: ${received}`,
    `${t.reference}: ${contact.id}`,
    '',
    contact.message,
    '',
    t.replyHint(contact.name),
  ].join('\n');
  const html = mailDocument(
    language,
    subject,
    `<h1 style="font-size:20px">${escapeHtml(t.heading)}</h1>
<table role="presentation" style="border-collapse:collapse">
<tr><th style="text-align:left;padding:2px 12px 2px 0">${escapeHtml(t.from)}</th><td>${escapeHtml(sender)}</td></tr>
<tr><th style="text-align:left;padding:2px 12px 2px 0">${escapeHtml(t.subject)}</th><td>${escapeHtml(contact.subject)}</td></tr>
<tr><th style="text-align:left;padding:2px 12px 2px 0">${escapeHtml(t.received)}</th><td>${escapeHtml(received)}</td></tr>
<tr><th style="text-align:left;padding:2px 12px 2px 0">${escapeHtml(t.reference)}</th><td>${escapeHtml(contact.id)}</td></tr>
</table>
<hr>
${paragraphs(contact.message)}
<hr>
<p>${escapeHtml(t.replyHint(contact.name))}</p>`,
  );
  return { subject, text, html };
}
