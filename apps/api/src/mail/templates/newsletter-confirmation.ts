import type { LanguageCode } from '@studio/contracts';
import { escapeHtml } from '../../http/html.ts';
import { mailDocument, type RenderedMail } from './layout.ts';

const texts: Record<
  LanguageCode,
  {
    subject: string;
    greeting: string;
    intro: string;
    button: string;
    validity: string;
    ignore: string;
    signature: string;
  }
> = {
  en: {
    subject: 'Confirm your AI Studio newsletter subscription',
    greeting: 'Hello,',
    intro:
      'Thanks for signing up for the AI Studio newsletter. Please confirm your email address by opening this link:',
    button: 'Confirm my subscription',
    validity: 'The link is valid for 7 days.',
    ignore:
      "If you didn't sign up, just ignore this email: you won't be subscribed and won't hear from us again.",
    signature: 'The AI Studio team',
  },
  vi: {
    subject: 'Xác nhận đăng ký nhận bản tin AI Studio',
    greeting: 'Xin chào,',
    intro:
      'Cảm ơn bạn đã đăng ký nhận bản tin của AI Studio. Vui lòng mở liên kết dưới đây để xác nhận địa chỉ email của bạn:',
    button: 'Xác nhận đăng ký',
    validity: 'Liên kết có hiệu lực trong 7 ngày.',
    ignore:
      'Nếu bạn không đăng ký, hãy bỏ qua email này: bạn sẽ không được thêm vào danh sách và sẽ không nhận thêm thư nào từ chúng tôi.',
    signature: 'Đội ngũ AI Studio',
  },
};

/** The double opt-in email: one link that confirms the subscription. */
export function newsletterConfirmationMail(
  language: LanguageCode,
  confirmUrl: string,
): RenderedMail {
  const t = texts[language];
  const text = [
    t.greeting,
    '',
    t.intro,
    '',
    confirmUrl,
    '',
    t.validity,
    t.ignore,
    '',
    `— ${t.signature}`,
  ].join('\n');
  const link = escapeHtml(confirmUrl);
  const html = mailDocument(
    language,
    t.subject,
    `<p>${escapeHtml(t.greeting)}</p>
<p>${escapeHtml(t.intro)}</p>
<p><a href="${link}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:rgb(79,70,229);color:rgb(255,255,255);text-decoration:none;font-weight:bold">${escapeHtml(t.button)}</a></p>
<p style="word-break:break-all"><a href="${link}">${link}</a></p>
<p>${escapeHtml(t.validity)} ${escapeHtml(t.ignore)}</p>
<p>— ${escapeHtml(t.signature)}</p>`,
  );
  return { subject: t.subject, text, html };
}
