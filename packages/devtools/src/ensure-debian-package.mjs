import { constants, accessSync } from 'node:fs';
import path from 'node:path';
import { run } from './run.mjs';

/** @param {string} command @returns {string | null} where `command` is on PATH */
export function onPath(command) {
  for (const dir of (process.env['PATH'] ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/**
 * Makes sure a command from a Debian package is there: on a Debian machine run as root it installs
 * the package when the command is missing (as npm test does for Chromium). Returns where the
 * command is, or null when it is missing and could not be installed here (not root, not Debian).
 * @param {{ command: string, debianPackage: string, why: string }} wanted
 * @returns {Promise<string | null>}
 */
export async function ensureDebianPackage({ command, debianPackage, why }) {
  const found = onPath(command);
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !onPath('apt-get')) return null;
  console.log(`${command} is missing (${why}): installing Debian’s ${debianPackage} package…`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if ((await run('apt-get', ['install', '-y', '-qq', debianPackage], { env })) !== 0) {
    // The package lists may be missing or stale on a fresh machine.
    if ((await run('apt-get', ['update', '-qq'], { env })) === 0) {
      await run('apt-get', ['install', '-y', '-qq', debianPackage], { env });
    }
  }
  return onPath(command);
}
