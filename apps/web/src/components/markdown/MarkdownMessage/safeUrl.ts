/** Link schemes a chat message may use; anything else (javascript:, vbscript:, data:…) is dropped. */
const allowedSchemes = new Set(['http', 'https', 'mailto']);

/**
 * The Markdown renderer's URL check (security.md §1.8). Browsers ignore tabs, newlines and other
 * control characters inside a scheme ("java\tscript:"), so they are removed before the scheme is
 * read; a URL without a scheme (relative, #anchor) stays on this site and is kept. Entities are
 * already decoded by the Markdown parser when this runs.
 */
export function safeUrl(url: string): string {
  // eslint-disable-next-line no-control-regex -- the control characters are the point.
  const cleaned = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([^/?#]*?):/.exec(cleaned);
  if (!scheme) return url.trim();
  return allowedSchemes.has((scheme[1] ?? '').toLowerCase()) ? url.trim() : '';
}
