import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { e2eServer } from './server';

export interface ServerInstance {
  /** Where the browser reaches it ("localhost", as for the suite's own server). */
  url: string;
  stop(): Promise<void>;
}

/** A port the system has just handed out and taken back: free unless someone races us. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer in time`);
}

/**
 * A second instance of the real server (the same start script, build and settings as the suite's
 * own, on its own port and data directory) for the few tests that need the server configured
 * differently, e.g. pointed at a stand-in service: the suite's server must keep its settings for
 * every other test running beside them.
 */
export async function startServerInstance(
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<ServerInstance> {
  const port = await freePort();
  const dataDir = path.join(tmpdir(), `ai-studio-e2e-${port}`);
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'start-server.mjs')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...e2eServer.env,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      ...env,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await Promise.race([
      waitForHealth(`http://127.0.0.1:${port}/api/health`, Date.now() + timeoutMs),
      exited.then(() => {
        throw new Error('The second server exited while starting.');
      }),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://localhost:${port}`, stop };
}
