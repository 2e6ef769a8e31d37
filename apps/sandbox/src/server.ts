import { createServer } from 'node:http';
import { createSandboxIdentityProvider } from './index.ts';

/**
 * The sandbox identity provider on its own (the API mounts it itself under /sandbox/oidc when
 * IDENTITY_PROVIDER=sandbox): `pnpm --filter @studio/sandbox start`. The settings mirror the
 * API's; point a client at it with SANDBOX_APP_URL (the SPA's origin) and SANDBOX_PORT.
 */
function setting(name: string, fallback: string): string {
  // The standalone runner has no config module of its own; these are its only inputs.
  const value = process.env[name]?.trim();
  return value ? value : fallback;
}

const port = Number(setting('SANDBOX_PORT', '4400'));
if (!Number.isInteger(port) || port < 1 || port > 65_535) {
  throw new Error('SANDBOX_PORT must be a whole number from 1 to 65535');
}
const host = setting('SANDBOX_HOST', '127.0.0.1');
const appUrl = new URL(setting('SANDBOX_APP_URL', 'http://127.0.0.1:8080')).origin;
const issuer = `http://${host}:${port}/sandbox/oidc`;

const provider = await createSandboxIdentityProvider({
  issuer,
  clientId: setting('SANDBOX_CLIENT_ID', 'studio-web'),
  redirectUris: [`${appUrl}/auth/callback`],
  postLogoutRedirectUris: [`${appUrl}/auth/signout-callback`, `${appUrl}/`],
  corsOrigins: [appUrl],
  audience: setting('SANDBOX_AUDIENCE', `${appUrl}/api`),
  scope: setting('SANDBOX_SCOPE', 'api.access'),
  onError: (error) => console.error('sandbox identity provider error', error),
});

const server = createServer(provider.handler);
server.listen(port, host, () => {
  console.info(`sandbox identity provider at ${provider.issuer} (for ${appUrl})`);
});

function shutDown() {
  server.close(() => {
    provider.close();
    process.exit(0);
  });
}
process.once('SIGINT', shutDown);
process.once('SIGTERM', shutDown);
