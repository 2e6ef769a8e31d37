import type { LanguageCode } from '@studio/contracts';
import type { FastifyRequest } from 'fastify';
import type { RequestContext } from '../../domains/auth/auth.service.ts';

/**
 * The language mail is written in: the first of en/vi in Accept-Language (the SPA sends its
 * current language), else English.
 */
export function requestLanguage(request: FastifyRequest): LanguageCode {
  const header = request.headers['accept-language'] ?? '';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === 'vi' || tag.startsWith('vi-')) return 'vi';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return 'en';
}

export function requestContext(request: FastifyRequest): RequestContext {
  const userAgent = request.headers['user-agent'];
  return { userAgent: userAgent ?? null, language: requestLanguage(request) };
}
