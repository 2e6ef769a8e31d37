import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { testDatabaseUrl } from '../support/databases.ts';
import { freePort } from '../support/ports.ts';
import { type S3TestServer, startS3Server } from '../support/s3-server.ts';
import { waitFor } from '../support/wait-for.ts';
import {
  startSuiteRedis,
  startTcpRelay,
  type SuiteRedis,
  type TcpRelay,
  throughRelay,
} from './outages.ts';

/*
 * One deployment as production runs it, on loopback: N compiled API processes (the tree that
 * build-production.mjs lays out, started with plain node and NODE_ENV=production) on one
 * PostgreSQL database, one Redis prefix and one S3 bucket, behind nginx from Debian with the
 * repository's own deploy/nginx/nginx.conf (its upstream pointed at the processes, round-robin).
 * The multi-instance and fault suites drive it over HTTP and in Chromium, and stop, kill and
 * restart its parts.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const tree = path.resolve(process.env['PRODUCTION_TREE'] ?? path.join(repoRoot, 'dist/production'));
const serverJs = path.join(tree, 'apps/api/dist/server.js');
const nginxConf = path.join(repoRoot, 'deploy/nginx/nginx.conf');
const redisUrl = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

const secret = () => randomBytes(36).toString('base64url');

export interface Instance {
  /** instance-1, instance-2…: its X-Instance header. */
  name: string;
  port: number;
  /** Its own address (not through nginx). */
  url: string;
  /** What it printed so far. */
  output(): string;
  /** Its process id while it runs (a benchmark reads its memory), else null. */
  readonly pid: number | null;
  /** Sends a signal (SIGTERM: a graceful stop; SIGKILL: a crash) and waits for it to exit. */
  stop(signal: NodeJS.Signals): Promise<number | null>;
  /** Starts it again, as an orchestrator restarts a process, and waits until it is ready. */
  start(): Promise<void>;
  readonly running: boolean;
}

export interface Deployment {
  /** nginx's address: what browsers and tests use (http://localhost:<port>). */
  url: string;
  instances: Instance[];
  /** Everything the processes share, for a suite that looks underneath. */
  databaseUrl: string;
  databaseSchema: string;
  redisUrl: string;
  redisKeyPrefix: string;
  s3: S3TestServer;
  /**
   * The sign-in code `ask` has the product mail to an address (read from the outbox in the
   * shared database: the newest mail after the ask, never an earlier one).
   */
  codeFor(email: string, ask: () => Promise<unknown>): Promise<string>;
  /** A query on the shared database, for a suite that checks what the processes wrote. */
  query<Row extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  /**
   * The process (its instance name) that last took a job, as BullMQ keeps it with the job
   * (`processedBy`); null before any took it.
   */
  jobRunner(kind: string, jobId: string): Promise<string | null>;
  /** What a fault suite breaks (outages: true), else null. */
  outages: Outages | null;
  /** What each process printed and nginx's error log: for the report of a test that failed. */
  logs(): Promise<string>;
  stop(): Promise<void>;
}

/** The shared services as the processes reach them, for a suite to break and mend (outages.ts). */
export interface Outages {
  /** The deployment's own Redis: stop() kills it, start() brings it back empty. */
  redis: SuiteRedis;
  /** PostgreSQL through a relay: cut() drops and refuses the processes' connections. */
  database: TcpRelay;
  /** The object store through a relay, likewise. */
  objectStore: TcpRelay;
}

export interface DeploymentOptions {
  instances?: number;
  /**
   * A Redis of the deployment's own, and PostgreSQL and the object store behind relays, for a
   * suite that breaks them (the processes only: the suite's own checks reach them directly).
   */
  outages?: boolean;
  /** Variables for every process beyond the deployment's own (limits, grace periods). */
  env?: Record<string, string>;
  /** Redis for the processes (a server of the suite's own, which it may restart); the machine's by default. */
  redisUrl?: string;
}

async function ready(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/api/health/ready`);
    return response.ok;
  } catch {
    return false;
  }
}

/** Which nginx to run: Debian's (CI installs it as it installs Chromium). */
export function nginxBinary(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('nginx is not installed: apt-get install nginx (npm test installs it).');
}

/**
 * The repository's nginx.conf for this deployment: the same settings (buffering off for the
 * event streams, read timeouts, retries on the next upstream), with the upstream's servers, the
 * port and the paths nginx writes to made local. Every other line is the shipped file's.
 */
export function localNginxConf(shipped: string, ports: number[], listen: number, dir: string) {
  const replace = (text: string, from: string | RegExp, to: string) => {
    const next = text.replace(from, to);
    if (next === text) throw new Error(`nginx.conf no longer has ${String(from)}`);
    return next;
  };
  let conf = shipped;
  conf = replace(
    conf,
    /server api:8080;/,
    ports.map((port) => `server 127.0.0.1:${port};`).join('\n    '),
  );
  conf = replace(conf, /listen 80;/, `listen 127.0.0.1:${listen};`);
  conf = replace(conf, /pid \/tmp\/nginx\.pid;/, `pid ${dir}/nginx.pid;`);
  conf = replace(conf, /error_log \/dev\/stderr warn;/, `error_log ${dir}/error.log warn;`);
  conf = replace(conf, /access_log \/dev\/stdout;/, `access_log ${dir}/access.log;`);
  conf = replace(
    conf,
    /http \{/,
    [
      'http {',
      `  client_body_temp_path ${dir}/client_body;`,
      `  proxy_temp_path ${dir}/proxy;`,
      `  fastcgi_temp_path ${dir}/fastcgi;`,
      `  uwsgi_temp_path ${dir}/uwsgi;`,
      `  scgi_temp_path ${dir}/scgi;`,
    ].join('\n'),
  );
  return conf;
}

export async function startDeployment(options: DeploymentOptions = {}): Promise<Deployment> {
  if (!existsSync(serverJs)) {
    throw new Error(
      `No production tree at ${tree}: build it first with npm run build:prod (or set PRODUCTION_TREE).`,
    );
  }
  const count = options.instances ?? 2;
  const scratch = await mkdtemp(path.join(tmpdir(), 'studio-deployment-'));
  const database = `studio_deploy_${randomBytes(4).toString('hex')}`;
  const databaseSchema = 'studio';
  const databaseUrl = Object.assign(new URL(testDatabaseUrl), { pathname: `/${database}` }).href;
  const redisKeyPrefix = `deploy-${randomBytes(4).toString('hex')}`;
  const suiteRedis = options.outages ? await startSuiteRedis() : null;
  const sharedRedis = suiteRedis?.url ?? options.redisUrl ?? redisUrl;
  const admin = async (query: string) => {
    const db = new pg.Client({ connectionString: testDatabaseUrl });
    await db.connect();
    try {
      await db.query(query);
    } finally {
      await db.end();
    }
  };
  await admin(`create database ${database}`);
  const s3 = await startS3Server();
  const outages: Outages | null = suiteRedis
    ? {
        redis: suiteRedis,
        database: await startTcpRelay(Number(new URL(databaseUrl).port || 5432)),
        objectStore: await startTcpRelay(Number(new URL(s3.endpoint).port)),
      }
    : null;
  const listen = await freePort();
  const url = `http://localhost:${listen}`;
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  // Every process of a deployment shares its secrets.
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    // nginx is the one proxy in front, as in compose.yaml.
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    AUTH_SECRET: secret(),
    CSRF_SECRET: secret(),
    METRICS_TOKEN: secret(),
    ALLOW_SANDBOX_IN_PRODUCTION: 'true',
    DATABASE_URL: outages ? throughRelay(databaseUrl, outages.database) : databaseUrl,
    DATABASE_SCHEMA: databaseSchema,
    REDIS_URL: sharedRedis,
    REDIS_KEY_PREFIX: redisKeyPrefix,
    SHUTDOWN_GRACE_SECONDS: '5',
    ...s3.env,
    ...(outages
      ? { S3_ENDPOINT: throughRelay(s3.endpoint, outages.objectStore).replace(/\/$/, '') }
      : {}),
    ...options.env,
  };

  const instances: Instance[] = ports.map((port, index) => {
    const name = `instance-${index + 1}`;
    let child: ChildProcess | null = null;
    let output = '';
    let exited: Promise<number | null> = Promise.resolve(null);
    const instance: Instance = {
      name,
      port,
      url: `http://127.0.0.1:${port}`,
      output: () => output,
      get pid() {
        return instance.running ? (child?.pid ?? null) : null;
      },
      get running() {
        return child !== null && child.exitCode === null && child.signalCode === null;
      },
      async start() {
        if (output) output += `\n── ${name} started again ──\n`;
        child = spawn(process.execPath, ['--enable-source-maps', serverJs], {
          cwd: scratch,
          env: {
            ...env,
            PORT: String(port),
            INSTANCE_NAME: name,
            // Each process its own disk for what is not shared (the local model's files).
            DATA_DIR: path.join(scratch, name),
          },
        });
        const started = child;
        started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
        started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
        exited = new Promise((resolve) => started.on('exit', (code) => resolve(code)));
        await waitFor(
          async () => started.exitCode !== null || (await ready(instance.url)),
          60_000,
          `${name} to be ready`,
        );
        if (started.exitCode !== null) throw new Error(`${name} exited: ${output}`);
      },
      async stop(signal) {
        if (!child || !instance.running) return child?.exitCode ?? null;
        child.kill(signal);
        return exited;
      },
    };
    return instance;
  });

  let nginx: ChildProcess | null = null;
  const stop = async () => {
    await Promise.all(instances.map((instance) => instance.stop('SIGKILL')));
    if (nginx && nginx.exitCode === null) {
      const gone = new Promise((resolve) => nginx?.on('exit', resolve));
      nginx.kill('SIGQUIT');
      await gone;
    }
    if (outages) {
      await Promise.all([
        outages.database.close(),
        outages.objectStore.close(),
        outages.redis.close(),
      ]);
    }
    await s3.stop();
    await admin(`drop database if exists ${database} with (force)`);
    if (!options.redisUrl && !outages) {
      const redis = new Redis(sharedRedis, { maxRetriesPerRequest: 1 });
      const keys = await redis.keys(`${redisKeyPrefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
    await rm(scratch, { recursive: true, force: true });
  };

  try {
    // One at a time: the first migrates the new database, the next find it done.
    for (const instance of instances) await instance.start();
    const nginxDir = path.join(scratch, 'nginx');
    await mkdir(nginxDir, { recursive: true });
    const conf = path.join(nginxDir, 'nginx.conf');
    await writeFile(
      conf,
      localNginxConf(await readFile(nginxConf, 'utf8'), ports, listen, nginxDir),
    );
    const binary = nginxBinary();
    const checked = spawnSync(binary, ['-t', '-p', nginxDir, '-c', conf], { encoding: 'utf8' });
    if (checked.status !== 0) throw new Error(`nginx -t: ${checked.stderr}`);
    nginx = spawn(binary, ['-p', nginxDir, '-c', conf, '-g', 'daemon off;'], { stdio: 'ignore' });
    await waitFor(() => ready(url), 20_000, 'nginx');
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }

  return {
    url,
    instances,
    outages,
    databaseUrl,
    databaseSchema,
    redisUrl: sharedRedis,
    redisKeyPrefix,
    s3,
    async logs() {
      const nginxErrors = await readFile(path.join(scratch, 'nginx', 'error.log'), 'utf8').catch(
        () => '',
      );
      return [
        ...instances.map((instance) => `── ${instance.name} ──\n${instance.output().slice(-8000)}`),
        `── nginx error.log ──\n${nginxErrors.slice(-8000)}`,
      ].join('\n');
    },
    async query<Row extends Record<string, unknown>>(sql: string, params: unknown[] = []) {
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      try {
        return (await db.query<Row>(sql, params)).rows;
      } finally {
        await db.end();
      }
    },
    async jobRunner(kind, jobId) {
      const redis = new Redis(sharedRedis, { maxRetriesPerRequest: 1 });
      try {
        return await redis.hget(`${redisKeyPrefix}:jobs:${kind}:${jobId}`, 'pb');
      } finally {
        redis.disconnect();
      }
    },
    async codeFor(email, ask) {
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      const newest = async () => {
        const { rows } = await db.query<{ id: string; text_body: string }>(
          `select id, text_body from ${databaseSchema}.mail_outbox where to_address = $1 order by id desc limit 1`,
          [email],
        );
        return rows[0] ?? null;
      };
      try {
        const before = Number((await newest())?.id ?? 0);
        await ask();
        let code: string | undefined;
        await waitFor(
          async () => {
            const mail = await newest();
            if (!mail || Number(mail.id) <= before) return false;
            code = /\b(\d{6})\b/.exec(mail.text_body)?.[1];
            return code !== undefined;
          },
          15_000,
          `a sign-in code for ${email}`,
        );
        return code as string;
      } finally {
        await db.end();
      }
    },
    stop,
  };
}
