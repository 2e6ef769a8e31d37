/**
 * A readable name for the browser and system in a User-Agent header ("Chrome", "Windows"): the
 * sessions list and the device shown next to a passkey, on the server and in the SPA alike.
 * Only the common families; anything else stays unnamed. Plain data, no zod.
 */
export interface DeviceDescription {
  browser: string | null;
  system: string | null;
}

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

export function describeDevice(userAgent: string | null | undefined): DeviceDescription {
  if (!userAgent) return { browser: null, system: null };
  return { browser: firstMatch(userAgent, browsers), system: firstMatch(userAgent, systems) };
}

/** "Chrome on Linux", "Firefox", "Windows", or "Unknown device" (a passkey's deviceInfo). */
export function deviceLabel(userAgent: string | null | undefined): string {
  const { browser, system } = describeDevice(userAgent);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}
