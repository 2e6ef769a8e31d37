import { describe, expect, it } from 'vitest';
import { deviceInfoFrom } from './deviceInfo';

describe('deviceInfoFrom', () => {
  it('names the browser and the system', () => {
    expect(
      deviceInfoFrom(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      ),
    ).toBe('Chrome on Linux');
    expect(
      deviceInfoFrom(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
  });

  it('keeps what it knows and says so when it knows nothing', () => {
    expect(deviceInfoFrom('SomeBot/1.0 (Windows NT 10.0)')).toBe('Windows');
    expect(deviceInfoFrom('curl/8.5')).toBe('Unknown device');
    expect(deviceInfoFrom(null)).toBe('Unknown device');
  });
});
