import { execFileSync } from 'node:child_process';

export const PNPM_VERSION = '10.34.9';

/**
 * pnpm 10 itself when present, else the pinned one through npx (pnpm 11+ breaks on Node 20).
 * @returns {[string, ...string[]]}
 */
export function pnpmCommand() {
  try {
    const version = execFileSync('pnpm', ['--version'], { encoding: 'utf8' }).trim();
    if (version.startsWith('10.')) return ['pnpm'];
  } catch {
    // not installed
  }
  return ['npx', '-y', `pnpm@${PNPM_VERSION}`];
}
