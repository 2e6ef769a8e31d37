import { describe, expect, it } from 'vitest';
import { chromiumArgs, findChromium } from './chromium.mjs';

describe('findChromium', () => {
  it('prefers CHROMIUM_PATH', () => {
    expect(findChromium({ env: { CHROMIUM_PATH: '/opt/c' }, exists: () => true })).toBe('/opt/c');
  });
  it('refuses a CHROMIUM_PATH that does not exist', () => {
    expect(() => findChromium({ env: { CHROMIUM_PATH: '/nope' }, exists: () => false })).toThrow(
      /missing/,
    );
  });
  it('falls back to the system chromium, then to nothing', () => {
    expect(findChromium({ env: {}, exists: (p) => p === '/usr/bin/chromium' })).toBe(
      '/usr/bin/chromium',
    );
    expect(findChromium({ env: {}, exists: () => false })).toBeUndefined();
  });
  it('keeps Chromium off the network', () => {
    expect(chromiumArgs).toContain('--disable-background-networking');
  });
});
