import type { IncomingMessage, ServerResponse } from 'node:http';

/** Node's request as oidc-provider reads it when mounted under a path (identity.md pitfall 1). */
export type MountedRequest = IncomingMessage & { originalUrl?: string };

export interface SecurityHeaderInput {
  /** Origins the provider's forms may post or redirect to (redirect and post-logout URIs). */
  formTargets: string[];
  /** Origins that may frame the provider (MSAL's hidden iframe lives in the app's origin). */
  frameAncestors: string[];
}

/**
 * The provider's own security headers on everything it serves. No COOP: the popup fallback
 * needs the opener, and the app's redirect bridge reads the popup's URL. `script-src 'self'`
 * admits only the logout auto-confirm file (and the hashed auto-submit oidc-provider adds to
 * its form_post pages); inline style is the pages' only styling.
 */
export function securityHeaders(input: SecurityHeaderInput): Record<string, string> {
  const unique = (origins: string[]) => [...new Set(origins)];
  const frameAncestors = unique(input.frameAncestors);
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'unsafe-inline'",
    `form-action ${["'self'", ...unique(input.formTargets)].join(' ')}`,
    `frame-ancestors ${frameAncestors.length > 0 ? frameAncestors.join(' ') : "'none'"}`,
    "base-uri 'none'",
  ].join('; ');
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
}

export function applyHeaders(res: ServerResponse, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}

export function sendText(
  res: ServerResponse,
  status: number,
  contentType: string,
  body: string,
): void {
  res.statusCode = status;
  res.setHeader('content-type', contentType);
  res.setHeader('cache-control', 'no-store');
  res.setHeader('content-length', Buffer.byteLength(body));
  res.end(body);
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  sendText(res, status, 'text/html; charset=utf-8', html);
}

export class FormError extends Error {
  constructor(
    readonly status: 413 | 415,
    message: string,
  ) {
    super(message);
    this.name = 'FormError';
  }
}

/** The body of a urlencoded form post, refused above `limitBytes`. */
export async function readForm(req: IncomingMessage, limitBytes: number): Promise<URLSearchParams> {
  const type = (req.headers['content-type'] ?? '').split(';', 1)[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    throw new FormError(415, 'expected application/x-www-form-urlencoded');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > limitBytes) throw new FormError(413, 'form too large');
    chunks.push(buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
