import { chromiumArgs, findChromium } from '@studio/devtools/chromium';

const executablePath = findChromium();

/**
 * Both Playwright suites' browser: Debian's Chromium (never a downloaded one), in English unless
 * a test says otherwise, without traces.
 */
export const chromiumUse = {
  locale: 'en-US',
  trace: 'off',
  launchOptions: {
    args: chromiumArgs,
    ...(executablePath ? { executablePath } : {}),
  },
} as const;

export const chromiumProjects = [{ name: 'chromium', use: { browserName: 'chromium' } }] as const;
