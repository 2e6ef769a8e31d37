/**
 * The only link targets a written document carries: web pages and mail. Anything else
 * (javascript:, file:, data:, a relative path that would resolve against the reader's disk) is
 * written as plain text, so opening a generated file can never run or fetch something local.
 */
export function safeHref(href: string | undefined): string | null {
  if (!href) return null;
  let url: URL;
  try {
    url = new URL(href.trim());
  } catch {
    return null;
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return url.host ? url.href : null;
  if (url.protocol === 'mailto:') return url.pathname ? url.href : null;
  return null;
}
