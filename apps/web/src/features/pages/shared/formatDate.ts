/** A calendar date (YYYY-MM-DD) written out in the reader's language, e.g. "November 1, 2026". */
export function formatCalendarDate(isoDate: string, language: string): string {
  // Midnight UTC formatted in UTC: the same calendar day in every time zone.
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}
