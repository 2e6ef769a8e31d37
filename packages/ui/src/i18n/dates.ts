/**
 * Every date the product shows, one format per kind, in the interface language's conventions.
 * Here, in the design system, so its own components (the passkey lists) and the app's pages
 * write the same date the same way.
 *
 * English follows en-US; Vietnamese is written the way Vietnamese readers write dates, day /
 * month / year in digits ("28/11/2026"; Intl's vi-VN "28 thg 11, 2026" reads as a translation),
 * with the time first and "ngày" before the date ("07:00 ngày 28/11/2026"):
 *
 * - a moment (a message, a session's last use, a payment, a link's expiry, a quota reset):
 *   "Nov 25, 2026, 10:17 AM" / "10:17 ngày 25/11/2026";
 * - a day (lists, member since, a passkey added, paid until): "Nov 25, 2026" / "25/11/2026";
 * - a calendar date with no time zone (a legal document's dates, in a sentence):
 *   "November 1, 2026" / "01/11/2026".
 *
 * Moments and days are shown in the reader's time zone; unreadable input gives ''.
 */

/** The Intl locale of an interface language ('vi', 'vi-VN' → vi-VN; anything else → en-US). */
export function intlLocale(language: string): 'vi-VN' | 'en-US' {
  return language.toLowerCase().startsWith('vi') ? 'vi-VN' : 'en-US';
}

type Kind = 'moment' | 'day' | 'calendarDate';

const englishOptions: Record<Kind, Intl.DateTimeFormatOptions> = {
  moment: { dateStyle: 'medium', timeStyle: 'short' },
  day: { dateStyle: 'medium' },
  // Midnight UTC formatted in UTC: the same calendar day in every time zone.
  calendarDate: { dateStyle: 'long', timeZone: 'UTC' },
};

// Vietnamese: the parts in digits, put together below (dd/mm/yyyy, a 24-hour clock).
const digits: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
const vietnameseOptions: Record<Kind, Intl.DateTimeFormatOptions> = {
  moment: { ...digits, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  day: digits,
  calendarDate: { ...digits, timeZone: 'UTC' },
};

// Building a DateTimeFormat is the slow part; a list formats many dates with the same one.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: Kind, language: string): Intl.DateTimeFormat {
  const locale = intlLocale(language);
  const key = `${kind}:${locale}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      locale,
      (locale === 'vi-VN' ? vietnameseOptions : englishOptions)[kind],
    );
    formatters.set(key, format);
  }
  return format;
}

function format(kind: Kind, date: Date, language: string): string {
  if (Number.isNaN(date.getTime())) return '';
  const intl = formatter(kind, language);
  if (intlLocale(language) === 'en-US') return intl.format(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    intl.formatToParts(date).find((piece) => piece.type === type)?.value ?? '';
  const day = `${part('day')}/${part('month')}/${part('year')}`;
  return kind === 'moment' ? `${part('hour')}:${part('minute')} ngày ${day}` : day;
}

/** A point in time, date and time (ISO 8601 in). */
export function formatMoment(iso: string, language: string): string {
  return format('moment', new Date(iso), language);
}

/** The day something happened or runs to (ISO 8601 in). */
export function formatDay(iso: string, language: string): string {
  return format('day', new Date(iso), language);
}

/** A calendar date written out (YYYY-MM-DD in), the same day in every time zone. */
export function formatCalendarDate(isoDate: string, language: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(isoDate)
    ? format('calendarDate', new Date(`${isoDate}T00:00:00Z`), language)
    : '';
}
