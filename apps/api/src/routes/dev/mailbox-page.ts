import type { LanguageCode } from '@studio/contracts';
import { escapeHtml } from '../../http/html.ts';
import type { OutboxMail } from '../../mail/outbox.repository.ts';
import { devPage, utcDateTime } from './dev-page.ts';

const texts: Record<
  LanguageCode,
  {
    title: string;
    intro: string;
    empty: string;
    to: string;
    replyTo: string;
    date: string;
    filtered: (to: string) => string;
    showAll: string;
    otherLanguage: { code: LanguageCode; name: string };
    locale: string;
  }
> = {
  en: {
    title: 'Mailbox (development)',
    intro:
      'The mail the API kept in its outbox instead of sending it, newest first. This page exists only in development, when no SMTP server is configured.',
    empty: 'No mail yet.',
    to: 'To',
    replyTo: 'Reply to',
    date: 'Date',
    filtered: (to) => `Showing the mail sent to ${to}.`,
    showAll: 'Show all mail',
    otherLanguage: { code: 'vi', name: 'Tiếng Việt' },
    locale: 'en-US',
  },
  vi: {
    title: 'Hộp thư (môi trường phát triển)',
    intro:
      'Những thư API giữ lại trong hộp thư đi thay vì gửi đi, thư mới nhất ở trên cùng. Trang này chỉ có trong môi trường phát triển, khi chưa cấu hình máy chủ SMTP.',
    empty: 'Chưa có thư nào.',
    to: 'Người nhận',
    replyTo: 'Trả lời tới',
    date: 'Thời gian',
    filtered: (to) => `Đang hiển thị các thư gửi tới ${to}.`,
    showAll: 'Xem tất cả thư',
    otherLanguage: { code: 'en', name: 'English' },
    locale: 'vi-VN',
  },
};

/** Escapes the text, then turns http(s) URLs into links (no other scheme is ever linked). */
export function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
}

function renderMail(mail: OutboxMail, t: (typeof texts)[LanguageCode]): string {
  const date = utcDateTime(t.locale, new Date(mail.createdAt));
  return `<article class="mail">
<h2>${escapeHtml(mail.subject)}</h2>
<dl>
<dt>${t.to}</dt><dd>${escapeHtml(mail.to)}</dd>
${mail.replyTo ? `<dt>${t.replyTo}</dt><dd>${escapeHtml(mail.replyTo)}</dd>` : ''}
<dt>${t.date}</dt><dd><time datetime="${escapeHtml(mail.createdAt)}">${escapeHtml(date)} UTC</time></dd>
</dl>
<pre>${linkify(mail.text)}</pre>
</article>`;
}

/** The development mailbox: server-rendered, no script, styled by /dev/mailbox.css. */
export function mailboxPage(
  language: LanguageCode,
  mails: OutboxMail[],
  to: string | undefined,
): string {
  const t = texts[language];
  const other = t.otherLanguage;
  const query = (lang: LanguageCode) =>
    `?${new URLSearchParams({ lang, ...(to ? { to } : {}) }).toString()}`;
  return devPage({
    language,
    title: t.title,
    intro: t.intro,
    nav: `<a href="${escapeHtml(query(other.code))}" lang="${other.code}" hreflang="${other.code}">${other.name}</a>`,
    note: to
      ? `<p>${escapeHtml(t.filtered(to))} <a href="?lang=${language}">${t.showAll}</a></p>`
      : '',
    main:
      mails.length === 0
        ? `<p>${t.empty}</p>`
        : mails.map((mail) => renderMail(mail, t)).join('\n'),
  });
}

export const mailboxStylesheet = `:root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
body { margin: 0 auto; max-width: 60rem; padding: 1.5rem; background: Canvas; color: CanvasText; }
.mail { border: 1px solid GrayText; border-radius: 0.5rem; padding: 1rem 1.25rem; margin-block: 1rem; }
.mail h2 { margin-block: 0 0.5rem; font-size: 1.15rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 0 0 0.75rem; }
dt { font-weight: 600; }
dd { margin: 0; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; font: inherit; margin: 0; }
a { color: LinkText; }
table { border-collapse: collapse; width: 100%; }
th, td { border-block-end: 1px solid GrayText; padding: 0.5rem; text-align: start; vertical-align: top; }
`;
