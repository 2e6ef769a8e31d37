import type { LanguageCode } from '@studio/contracts';
import { escapeHtml } from '../../http/html.ts';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Paragraphs of user text: escaped, line breaks kept. */
export function paragraphs(value: string): string {
  return value
    .split(/\n{2,}/)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

/**
 * A plain, widely supported e-mail document. Mail clients ignore stylesheets, so the few styles
 * are inline (the site's CSP does not apply to e-mail).
 */
export function mailDocument(language: LanguageCode, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:rgb(30,30,36);background:rgb(255,255,255)">
${body}
</body>
</html>`;
}
