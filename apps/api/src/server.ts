import type { AddressInfo } from 'node:net';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { printFirstStartOffer } from './domains/models/pull/first-start-offer.ts';

/** After the grace period: handing jobs back and closing the pools get this long. */
const closeMarginMs = 10_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

const config = readConfig();
// The app's module graph (Fastify, the providers' SDKs, every domain) loads only once the
// configuration is valid: a mistake in it is reported in about a second, not after all of that.
const { buildApp } = await import('./app.ts');
const app = await buildApp(config).catch((error: unknown) =>
  fail(`AI Studio could not start: ${error instanceof Error ? error.message : String(error)}`),
);

try {
  await app.listen({ host: config.host, port: config.port });
} catch (error) {
  await app.close();
  const inUse = error instanceof Error && 'code' in error && error.code === 'EADDRINUSE';
  fail(
    inUse
      ? `Port ${config.port} on ${config.host} is already in use: stop the other server or set PORT.`
      : `AI Studio could not listen on ${config.host}:${config.port}: ${String(error)}`,
  );
}

/** A URL a person can open: wildcard addresses become localhost, IPv6 gets brackets. */
function urlFor({ address, port }: AddressInfo): string {
  if (address === '0.0.0.0' || address === '::') return `http://localhost:${port}`;
  return address.includes(':') ? `http://[${address}]:${port}` : `http://${address}:${port}`;
}

const listening = urlFor(app.server.address() as AddressInfo);
console.log(`AI Studio is running at ${listening}`);
if (config.publicUrl !== listening) console.log(`Public URL: ${config.publicUrl}`);
console.log(
  `Database: ${app.database.driver === 'sqlite' ? 'SQLite' : 'PostgreSQL'} at ${app.database.location}`,
);
const { storage, redis } = config;
console.log(
  `Files: ${
    storage.backend === 'disk'
      ? `disk at ${storage.directory}`
      : `S3 bucket ${storage.bucket} at ${storage.endpoint ?? `AWS ${storage.region}`}`
  }`,
);
// Only the host: the URL may hold a password.
console.log(
  `Jobs and limits: ${redis ? `shared through Redis at ${new URL(redis.url).host}` : 'in this process'}`,
);
console.log(`API documentation: ${listening}/api/docs`);
if (config.devMailbox) console.log(`Mailbox (development): ${listening}/dev/mailbox`);
printFirstStartOffer(config);

/*
 * Graceful shutdown. On the first SIGTERM (or SIGINT): readiness answers 503 "draining", the
 * server stops accepting connections (idle keep-alive ones are closed), and requests in flight
 * may finish for SHUTDOWN_GRACE_SECONDS, as may the replies still being written here (the live
 * logs' preClose: those left then are saved as interrupted, and their followers, here or on
 * another instance, get that last event). Streams still open then are ended, so their
 * connections close; then the plugins close in reverse order: the job queue hands unfinished
 * jobs back (it waits up to the same grace for running ones), Redis and the database pools
 * close, and the process exits 0. A second signal exits at
 * once; a shutdown that outlives both grace periods and a margin exits 1.
 */
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) fail(`${signal} again: exiting without waiting for open requests.`);
    closing = true;
    const graceMs = config.shutdownGraceMs;
    app.log.info(
      { signal, graceSeconds: graceMs / 1000, openStreams: app.eventStreams.open },
      'shutting down: no new connections; open requests may finish',
    );
    app.readiness.startDraining();
    // No new connections from now on (Fastify's close would stop taking them only after its
    // preClose hooks, which give the replies still being written the grace period to end).
    app.server.close();
    // A connection whose last response (a stream) ends while we drain would otherwise stay
    // open, idle, for the keep-alive timeout: close the idle ones as they appear.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 250);
    closeIdle.unref();
    const endStreams = setTimeout(() => {
      if (app.eventStreams.open === 0) return;
      app.log.warn(
        { openStreams: app.eventStreams.open },
        'shutdown grace period over: ending the streams still open',
      );
      app.eventStreams.endAll();
    }, graceMs);
    endStreams.unref();
    const deadlineMs = 2 * graceMs + closeMarginMs;
    setTimeout(
      () => fail(`Shutdown took longer than ${deadlineMs / 1000} s: exiting.`),
      deadlineMs,
    ).unref();
    app.close().then(
      () => {
        clearTimeout(endStreams);
        app.log.info('shut down cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  });
}
