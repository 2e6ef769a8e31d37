import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium } from './chromium.mjs';
import { run } from './run.mjs';

/**
 * Makes sure a Chromium exists for the browser tests. On a fresh Debian machine run as root it
 * installs Debian's package (test tools must never download a browser of their own).
 * @returns {Promise<string>} the executable path
 */
export async function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Chromium is missing: installing Debian’s chromium package…');
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    if ((await run('apt-get', ['update', '-qq'], { env })) === 0) {
      await run('apt-get', ['install', '-y', '-qq', 'chromium'], { env });
    }
    const installed = findChromium();
    if (installed) return installed;
  }
  throw new Error(
    'No Chromium found. Install your distribution’s chromium (e.g. `apt-get install -y chromium`) ' +
      'or set CHROMIUM_PATH to a Chromium or Chrome executable.',
  );
}

/** @param {string} executable */
export function chromiumVersion(executable) {
  try {
    return execFileSync(executable, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown version';
  }
}
