import { ConfigError, loadConfig } from '../../src/config.ts';

/** The problems loadConfig lists for an environment it refuses; throws if it accepts it. */
export function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}
