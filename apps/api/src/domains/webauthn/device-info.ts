import { deviceLabel } from '@studio/contracts';

/**
 * The "device" shown next to a passkey: what the client said, or a short description of its
 * User-Agent ("Chrome on Linux"). Stored and shown back, so it is cleaned and bounded here.
 */

export const DEVICE_INFO_MAX = 120;

/** Control characters and runs of white space become one space; at most 120 characters. */
function clean(text: string): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\s]+/gu, ' ').trim();
  return [...flat].slice(0, DEVICE_INFO_MAX).join('').trim();
}

/** What the client gave, cleaned; its User-Agent's description when it gave nothing usable. */
export function deviceInfoOf(given: string | null | undefined, userAgent: string | undefined) {
  const cleaned = given === null || given === undefined ? '' : clean(given);
  return cleaned.length > 0 ? cleaned : deviceLabel(userAgent);
}
