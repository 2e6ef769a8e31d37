/** VNPay's clock: yyyyMMddHHmmss in GMT+7 whatever the server's TZ (payments.md §1.3, S6 #40). */
const offsetMs = 7 * 3_600_000;

const two = (value: number) => String(value).padStart(2, '0');

/** Shifts the instant by +7 h and reads it with the UTC getters: never the process's local zone. */
export function formatGmt7(date: Date): string {
  const shifted = new Date(date.getTime() + offsetMs);
  return (
    String(shifted.getUTCFullYear()) +
    two(shifted.getUTCMonth() + 1) +
    two(shifted.getUTCDate()) +
    two(shifted.getUTCHours()) +
    two(shifted.getUTCMinutes()) +
    two(shifted.getUTCSeconds())
  );
}

/** The instant a yyyyMMddHHmmss GMT+7 stamp names, or null when it is not one. */
export function parseGmt7(value: string): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const utc = Date.UTC(y, mo - 1, d, h, mi, s) - offsetMs;
  const date = new Date(utc);
  return formatGmt7(date) === value ? date : null;
}
