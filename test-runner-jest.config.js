import { getJestConfig } from '@storybook/test-runner';
import { chromiumArgs, findChromium } from '@studio/devtools/chromium';

// The Storybook test-runner's Jest config, pointed at the system Chromium (never a downloaded one).
const base = getJestConfig();
const executablePath = findChromium();

export default {
  ...base,
  testTimeout: 30_000,
  testEnvironmentOptions: {
    'jest-playwright': {
      ...base.testEnvironmentOptions['jest-playwright'],
      browsers: ['chromium'],
      launchOptions: {
        headless: true,
        args: chromiumArgs,
        ...(executablePath ? { executablePath } : {}),
      },
      // A fixed time zone and locale keep dates in screenshots the same on every machine.
      contextOptions: {
        viewport: { width: 1024, height: 768 },
        deviceScaleFactor: 1,
        timezoneId: 'UTC',
        locale: 'en-US',
      },
    },
  },
};
