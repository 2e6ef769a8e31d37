import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testCsrfSecret } from './support/test-app.ts';
import { freePort } from './support/ports.ts';

const apiDir = path.resolve(import.meta.dirname, '..');
const tsxCli = createRequire(path.join(apiDir, 'package.json')).resolve('tsx/cli');

interface Run {
  child: ChildProcess;
  output: () => { stdout: string; stderr: string };
  exited: Promise<number | null>;
}

/** Starts src/server.ts the way `pnpm start` does, with only the given environment. */
function startServer(env: Record<string, string>): Run {
  const child = spawn(process.execPath, [tsxCli, 'src/server.ts'], {
    cwd: apiDir,
    env: { PATH: process.env['PATH'] ?? '', LOG_LEVEL: 'warn', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => ({ stdout, stderr }), exited };
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the server');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const scratch = await mkdtemp(path.join(tmpdir(), 'studio-api-server-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe('src/server.ts', () => {
  it('exits with a clear message on a bad configuration', async () => {
    const run = startServer({ PORT: 'abc', DATA_DIR: scratch });
    expect(await run.exited).toBe(1);
    expect(run.output().stderr).toContain(
      'Invalid configuration (see apps/api/CONFIG.md):\n  - PORT: must be a whole number from 1 to 65535',
    );
  });

  it('refuses to start in production without a real CSRF secret', async () => {
    const run = startServer({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://studio.example',
      CSRF_SECRET: 'changeme',
      DATA_DIR: scratch,
    });
    expect(await run.exited).toBe(1);
    expect(run.output().stderr).toMatch(/CSRF_SECRET: must be at least 32 characters/);
  });

  it('creates its data directory, says where it runs, and shuts down on SIGTERM', async () => {
    const port = await freePort();
    const dataDir = path.join(scratch, 'fresh', 'data');
    const run = startServer({ PORT: String(port), DATA_DIR: dataDir, CSRF_SECRET: testCsrfSecret });
    await waitFor(() => run.output().stdout.includes('Mailbox'), 20_000);

    const { stdout } = run.output();
    expect(stdout).toContain(`AI Studio is running at http://127.0.0.1:${port}`);
    expect(stdout).toContain(`Database: SQLite at ${path.join(dataDir, 'studio.sqlite')}`);
    expect(stdout).toContain(`Mailbox (development): http://127.0.0.1:${port}/dev/mailbox`);
    expect(existsSync(path.join(dataDir, 'studio.sqlite'))).toBe(true);

    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });
});
