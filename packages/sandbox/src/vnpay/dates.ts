/**
 * VNPay's yyyyMMddHHmmss timestamps are wall-clock time in Vietnam (GMT+7, no daylight saving).
 * Computed from UTC fields plus a fixed offset, so the process's TZ never matters.
 */

const gmt7OffsetMs = 7 * 60 * 60 * 1000;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

export function formatGmt7(instant: Date): string {
  const shifted = new Date(instant.getTime() + gmt7OffsetMs);
  return (
    pad(shifted.getUTCFullYear(), 4) +
    pad(shifted.getUTCMonth() + 1) +
    pad(shifted.getUTCDate()) +
    pad(shifted.getUTCHours()) +
    pad(shifted.getUTCMinutes()) +
    pad(shifted.getUTCSeconds())
  );
}

/** The instant a GMT+7 timestamp names, or null when it is not a real calendar time. */
export function parseGmt7(value: string): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(utc);
  // Date.UTC rolls 20240231 over to March; a real gateway refuses such a date.
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return null;
  }
  return new Date(utc - gmt7OffsetMs);
}

/** The GMT+7 calendar day of an instant (yyyyMMdd): VNPay's "same day" for request ids. */
export function gmt7Day(instant: Date): string {
  return formatGmt7(instant).slice(0, 8);
}
