import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { ConfigContext } from './config-module.ts';

/** Checks several configuration modules share: numbers, URLs, lists and secrets. */

export function wholeNumber(min: number, max: number) {
  const message = `must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d+$/, message)
    .transform(Number)
    .refine((value) => value >= min && value <= max, message);
}

export function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

export const isHttpUrl = (url: URL | null): url is URL =>
  url !== null && (url.protocol === 'http:' || url.protocol === 'https:');

export const httpsUrlSchema = z
  .string()
  .refine((value) => parseUrl(value)?.protocol === 'https:', 'must be an https:// URL');
export const httpUrlSchema = z
  .string()
  .refine((value) => isHttpUrl(parseUrl(value)), 'must be an http(s) URL');
export const commaListSchema = z.string().transform((value) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean),
);

const secretAdvice = 'generate one with: openssl rand -base64 48';
const placeholderFragments = [
  'changeme',
  'change-me',
  'change_me',
  'replaceme',
  'replace-me',
  'replace_me',
  'placeholder',
  'your-secret',
  'your_secret',
  'yoursecret',
  'example',
  'dummy',
  'insecure',
  'default',
];

/** Whether a value reads like a template's stand-in ("changeme", "your-secret"…). */
export function looksLikePlaceholder(value: string): boolean {
  const lower = value.toLowerCase();
  return placeholderFragments.some((fragment) => lower.includes(fragment));
}

/** Why a secret is not good enough, or null when it is. Never echoes the secret. */
export function secretWeakness(secret: string): string | null {
  if (secret.length < 32) return `must be at least 32 characters; ${secretAdvice}`;
  if (looksLikePlaceholder(secret)) {
    return `looks like a placeholder; ${secretAdvice}`;
  }
  if (new Set(secret).size < 10) return `is too repetitive to be a secret; ${secretAdvice}`;
  return null;
}

/** A secret is required in production, and never weak when set. */
export function secretProblems(
  name: string,
  secret: string | undefined,
  context: ConfigContext,
): string[] {
  if (secret === undefined) {
    return context.production
      ? [`${name}: is required when NODE_ENV=production; ${secretAdvice}`]
      : [];
  }
  const weakness = secretWeakness(secret);
  return weakness ? [`${name}: ${weakness}`] : [];
}

/** The secret, or a random one for this process, with the warning that says what that costs. */
export function secretOrRandom(
  secret: string | undefined,
  warn: (message: string) => void,
  warning: string,
): string {
  if (secret !== undefined) return secret;
  warn(warning);
  return randomBytes(48).toString('base64url');
}
