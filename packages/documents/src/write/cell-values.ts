import type { WriteLanguage } from './options.ts';

/**
 * Which table cells are stored as numbers and dates, and which stay text.
 *
 * A number: an optional minus, digits with at most one decimal separator and thousands
 * separators in groups of three, nothing else (no currency, no percent, no plus sign, no
 * exponent). The notation is read from its shape where the shape decides it:
 * - both `.` and `,`: the last one is the decimal point (`1,234.5` and `1.234,5` are 1234.5);
 * - one kind, used twice or more: thousands (`1.234.567` and `1,234,567`);
 * - one kind, used once, not followed by exactly three digits or after more than three: decimal
 *   (`8,25` and `-12.5`);
 * - `1,234` or `1.234` are the document's language's to decide: 1234 in Vietnamese for `1.234`,
 *   1.234 for `1,234`; the reverse in English. Without a language they stay text, since guessing
 *   wrong changes a value a thousandfold.
 * A leading zero before another digit (`007`, a phone number `0912…`) and more than 15 digits (an
 * account number, past what a spreadsheet keeps exactly) stay text too.
 */
export function parseNumber(text: string, language?: WriteLanguage): number | null {
  const match = /^([-\u2212]?)(\d(?:[\d.,]*\d)?)$/.exec(text.trim());
  if (!match) return null;
  const [, sign = '', body = ''] = match;
  if (/^0\d/.test(body) || body.replace(/\D/g, '').length > 15) return null;
  const dots = body.split('.').length - 1;
  const commas = body.split(',').length - 1;
  let decimal: '.' | ',' | null;
  if (dots > 0 && commas > 0) decimal = body.lastIndexOf('.') > body.lastIndexOf(',') ? '.' : ',';
  else if (dots + commas === 0) decimal = null;
  else if (dots + commas > 1) decimal = null;
  else {
    const separator = dots ? '.' : ',';
    const [before = '', after = ''] = body.split(separator);
    if (after.length !== 3 || before.length > 3 || before === '0') decimal = separator;
    else if (!language) return null;
    else decimal = (language === 'vi-VN') === (separator === ',') ? separator : null;
  }
  const thousands = decimal === '.' ? ',' : decimal === ',' ? '.' : dots ? '.' : ',';
  const parts = decimal ? body.split(decimal) : [body];
  const [whole = '', fraction = ''] = parts;
  const grouped = new RegExp(`^\\d{1,3}(?:\\${thousands}\\d{3})+$`);
  if (parts.length > 2 || !/^\d*$/.test(fraction)) return null;
  if (!/^\d+$/.test(whole) && !grouped.test(whole)) return null;
  const value = Number(`${whole.split(thousands).join('')}.${fraction || '0'}`);
  return sign ? -value : value;
}

/** A calendar date or date and time in ISO 8601, as a spreadsheet stores it (UTC, no zone). */
export interface ParsedDate {
  date: Date;
  withTime: boolean;
}

/**
 * `2025-09-30`, `2025-09-30T14:05`, `2025-09-30 14:05:09` and the same with `Z`; a date that does
 * not exist (`2025-02-30`) or one with another offset (a spreadsheet has no time zone, so moving it
 * to UTC would change the hour it shows) stays text.
 */
export function parseIsoDate(text: string): ParsedDate | null {
  const match =
    /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?Z?)?$/.exec(
      text.trim(),
    );
  if (!match) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  if (year === undefined || month === undefined || day === undefined) return null;
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const exists =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second;
  return exists ? { date, withTime: match[4] !== undefined } : null;
}
