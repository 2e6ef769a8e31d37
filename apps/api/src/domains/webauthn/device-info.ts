/**
 * The "device" shown next to a passkey: what the client said, or a short description of its
 * User-Agent ("Chrome on Linux"). Stored and shown back, so it is cleaned and bounded here.
 */

export const DEVICE_INFO_MAX = 120;

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
const browsers: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

// iPhones and iPads also say "like Mac OS X"; Android also says "Linux".
const systems: ReadonlyArray<[RegExp, string]> = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function firstMatch(text: string, patterns: ReadonlyArray<[RegExp, string]>): string | null {
  return patterns.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

/** "Chrome on Linux", "Firefox", "Windows", or "Unknown device". */
export function describeUserAgent(userAgent: string | undefined): string {
  const browser = userAgent ? firstMatch(userAgent, browsers) : null;
  const system = userAgent ? firstMatch(userAgent, systems) : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}

/** Control characters and runs of white space become one space; at most 120 characters. */
function clean(text: string): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\s]+/gu, ' ').trim();
  return [...flat].slice(0, DEVICE_INFO_MAX).join('').trim();
}

/** What the client gave, cleaned; its User-Agent's description when it gave nothing usable. */
export function deviceInfoOf(given: string | null | undefined, userAgent: string | undefined) {
  const cleaned = given === null || given === undefined ? '' : clean(given);
  return cleaned.length > 0 ? cleaned : describeUserAgent(userAgent);
}
