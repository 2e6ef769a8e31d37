import { existsSync } from 'node:fs';

/** Where Debian (and most Linux distributions) put the system Chromium. */
const SYSTEM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];

/**
 * The browser every test tool launches. Test tools never download a browser of their own: an
 * explicit CHROMIUM_PATH wins, then the system Chromium; only when neither exists (a developer's
 * laptop) does it return undefined so Playwright falls back to a browser it already has.
 * @param {{ env?: Record<string, string | undefined>, exists?: (path: string) => boolean }} [options]
 * @returns {string | undefined}
 */
export function findChromium({ env = process.env, exists = existsSync } = {}) {
  const explicit = env['CHROMIUM_PATH'];
  if (explicit) {
    if (!exists(explicit)) throw new Error(`CHROMIUM_PATH points to a missing file: ${explicit}`);
    return explicit;
  }
  return SYSTEM_CANDIDATES.find((candidate) => exists(candidate));
}

/**
 * Flags that let headless Chromium run as root in a container on a closed network; without the
 * background-networking flags it floods the network with connections that are refused.
 */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--font-render-hinting=none',
  '--force-color-profile=srgb',
  '--hide-scrollbars',
];
