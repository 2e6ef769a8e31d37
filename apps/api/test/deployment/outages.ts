import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../support/ports.ts';
import { waitFor } from '../support/wait-for.ts';

/*
 * What the fault suite breaks underneath a deployment, without touching the machine's own
 * services (other suites run on them meanwhile): a Redis server of its own, which it restarts
 * (and which, like the compose file's, keeps nothing on disk: a restart forgets every key), and
 * TCP relays in front of PostgreSQL and the object store, which it cuts (every connection
 * dropped, new ones refused, as while a server restarts or a network fails) and restores.
 */

function answersOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(port, '127.0.0.1');
    let answer = '';
    const finish = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.includes('\r\n')) finish(answer.startsWith('+PONG'));
    });
    socket.once('error', () => finish(false));
  });
}

export interface SuiteRedis {
  url: string;
  /** Kills the server (SIGKILL: no goodbye to its clients) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty, and waits until it answers. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** A redis-server of the suite's own on a free loopback port (Debian's, as ensure-redis installs). */
export async function startSuiteRedis(): Promise<SuiteRedis> {
  const port = await freePort();
  const dir = await mkdtemp(path.join(tmpdir(), 'studio-redis-'));
  let child: ChildProcess | null = null;
  let exited: Promise<unknown> = Promise.resolve();
  const redis: SuiteRedis = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      const started = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { cwd: dir, stdio: 'ignore' },
      );
      child = started;
      exited = new Promise((resolve) => started.once('exit', resolve));
      await waitFor(() => answersOn(port), 10_000, `redis-server on ${port}`);
    },
    async stop() {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
    async close() {
      await redis.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
  await redis.start();
  return redis;
}

export interface TcpRelay {
  /** The relay's own port: what the processes are given in place of the service's. */
  port: number;
  /** Drops every connection through it and refuses new ones until restored. */
  cut(): Promise<void>;
  /** Accepts connections again, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** A TCP relay on a free loopback port to 127.0.0.1:<targetPort>, which a test can cut. */
export async function startTcpRelay(targetPort: number): Promise<TcpRelay> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const listen = async () => {
    const relayServer = createServer((client) => {
      const upstream = createConnection(targetPort, '127.0.0.1');
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.once('close', () => sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      relayServer.once('error', reject);
      relayServer.listen(port, '127.0.0.1', () => resolve());
    });
    server = relayServer;
  };
  const cut = async () => {
    const listening = server;
    server = null;
    if (listening) await new Promise((resolve) => listening.close(resolve));
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  await listen();
  return {
    port,
    cut,
    async restore() {
      if (!server) await listen();
    },
    close: cut,
  };
}

/** The same URL with its port (and host) replaced by a relay's. */
export function throughRelay(url: string, relay: TcpRelay): string {
  const relayed = new URL(url);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(relay.port);
  return relayed.href;
}
