import type { FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import { redactSecrets, serializeError } from './log-redaction.ts';

/** Where pino writes its JSON lines (stdout unless a test captures them). */
export interface LogDestination {
  write(line: string): void;
}

/** Query parameters whose values are secrets (confirmation tokens, codes, signatures...). */
const sensitiveQueryParameter =
  /([?&][^=&#]*(?:token|code|password|secret|hash|signature|key)[^=&#]*=)[^&#]*/gi;

/**
 * Query parameters that carry someone's e-mail address: by name (the development mailbox's
 * `?to=`, `email`, `address`), or by value (an `@`, plain or percent-encoded), whatever the name.
 */
const addressQueryParameter =
  /([?&](?:to|cc|email|mail|address|recipient)=)[^&#]*|([?&][^=&#]*=)[^&#]*(?:@|%40)[^&#]*/gi;

/** Query parameters that carry words the user typed to search (the library's, the chat's). */
const searchQueryParameter = /([?&](?:q|search|query)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  if (!url.includes('?')) return url;
  return url
    .replace(sensitiveQueryParameter, '$1[redacted]')
    .replace(searchQueryParameter, '$1[redacted]')
    .replace(
      addressQueryParameter,
      (_match, named: string | undefined, any: string | undefined) =>
        `${named ?? any ?? ''}[redacted]`,
    );
}

/** Never in the logs, wherever someone logs a request, reply or body (security.md §1.11). */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  // A visitor's key reads their images and jobs, as a bearer token does a user's.
  'req.headers["x-visitor-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'headers["x-xsrf-token"]',
  'headers["x-visitor-key"]',
  'body.password',
  'body.newPassword',
  'body.token',
  '*.password',
  '*.newPassword',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.secret',
  '*.apiKey',
  // Provider errors logged under another key than `err` (which serializeError already trims):
  // the prompt they were sent and the upstream's answer.
  '*.requestBodyValues',
  '*.responseBody',
  '*.responseHeaders',
  // A chat request's words, should someone log the body.
  'body.Message',
  'body.History',
  'body.text',
];

/** pino through Fastify: JSON lines, secrets redacted, request URLs without their secrets. */
export function loggerOptions(config: Config, stream?: LogDestination) {
  return {
    level: config.logLevel,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    // The last word on every line, whatever field a key or token hid in.
    hooks: { streamWrite: redactSecrets },
    serializers: {
      err: serializeError,
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}
