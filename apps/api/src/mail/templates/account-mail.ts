import type { LanguageCode } from '@studio/contracts';
import { escapeHtml } from '../../http/html.ts';
import { mailDocument, type RenderedMail } from './layout.ts';

/** The parts every account e-mail has; each template fills them in both languages. */
export interface AccountMailParts {
  subject: string;
  greeting: string;
  /** Paragraphs before the code or the link. */
  intro: string[];
  /** A one-time code, shown large. */
  code?: string;
  /** A link, shown as a button and in full. */
  link?: { url: string; label: string };
  /** Paragraphs after it. */
  outro: string[];
  signature: string;
}

/** Renders an account e-mail as plain text and simple, inline-styled HTML. */
export function accountMail(language: LanguageCode, parts: AccountMailParts): RenderedMail {
  const text = [
    parts.greeting,
    '',
    ...parts.intro.flatMap((paragraph) => [paragraph, '']),
    ...(parts.code ? [parts.code, ''] : []),
    ...(parts.link ? [parts.link.url, ''] : []),
    ...parts.outro.flatMap((paragraph) => [paragraph, '']),
    `— ${parts.signature}`,
  ].join('\n');
  const paragraph = (value: string) => `<p>${escapeHtml(value)}</p>`;
  const link = parts.link ? escapeHtml(parts.link.url) : '';
  const html = mailDocument(
    language,
    parts.subject,
    [
      paragraph(parts.greeting),
      ...parts.intro.map(paragraph),
      parts.code
        ? `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;font-family:monospace">${escapeHtml(parts.code)}</p>`
        : '',
      parts.link
        ? `<p><a href="${link}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:rgb(79,70,229);color:rgb(255,255,255);text-decoration:none;font-weight:bold">${escapeHtml(parts.link.label)}</a></p>
<p style="word-break:break-all"><a href="${link}">${link}</a></p>`
        : '',
      ...parts.outro.map(paragraph),
      paragraph(`— ${parts.signature}`),
    ]
      .filter(Boolean)
      .join('\n'),
  );
  return { subject: parts.subject, text, html };
}

export const signatures: Record<LanguageCode, string> = {
  en: 'The AI Studio team',
  vi: 'Đội ngũ AI Studio',
};
