import { describeDevice } from '../account/components/describeDevice';

/**
 * The deviceInfo sent when registering (§3): a short human description such as "Chrome on Linux"
 * from the User-Agent, in English like the API's own default, so every device reads alike.
 */
export function deviceInfoFrom(userAgent: string | null): string {
  const { browser, system } = describeDevice(userAgent);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}
