import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { printFirstStartOffer } from './domains/models/pull/first-start-offer.ts';

const shutdownTimeoutMs = 10_000;

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
console.log(`API documentation: ${listening}/api/docs`);
if (config.devMailbox) console.log(`Mailbox (development): ${listening}/dev/mailbox`);
printFirstStartOffer(config);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) fail(`${signal} again: exiting without waiting for open requests.`);
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing open requests');
    setTimeout(
      () => fail(`Shutdown took longer than ${shutdownTimeoutMs / 1000} s: exiting.`),
      shutdownTimeoutMs,
    ).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  });
}
