import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { dropRunSchemas, skipPostgres } from './support/databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Names this run's PostgreSQL schemas (support/databases.ts). */
    pgTestRun: string;
  }
}

/**
 * One id per run for the PostgreSQL schemas the suites create, and their removal once every
 * worker is done (dropping them earlier raced other workers' migrations).
 */
export default function setup(project: TestProject) {
  const run = randomBytes(4).toString('hex');
  project.provide('pgTestRun', run);
  return async () => {
    if (!skipPostgres) await dropRunSchemas(run);
  };
}
