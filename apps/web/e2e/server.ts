import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Where the end-to-end server runs and keeps its data. Fixed (not random) because Playwright
 * loads the config in every worker and they must all agree; start-server.mjs wipes it first.
 */
const port = Number(process.env['E2E_PORT'] ?? 4317);
const dataDir = path.join(tmpdir(), `ai-studio-e2e-${port}`);

export const e2eServer = {
  // The browser reaches the app as "localhost": a secure context whose name WebAuthn accepts as
  // the RP ID (an IP address never is). The server itself listens on 127.0.0.1 only.
  url: `http://localhost:${port}`,
  /** Where Playwright polls for readiness: the loopback address the server binds. */
  healthUrl: `http://127.0.0.1:${port}/api/health`,
  dataDir,
  databaseFile: path.join(dataDir, 'studio.sqlite'),
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    // A per-run secret: production mode refuses placeholders.
    CSRF_SECRET: `e2e-${process.pid}-${Date.now()}-csrf-secret-0123456789abcdef`,
    AUTH_SECRET: `e2e-${process.pid}-${Date.now()}-auth-secret-fedcba9876543210`,
    // The end-to-end tests always sign in through the sandbox identity provider (packages/sandbox).
    IDENTITY_PROVIDER: 'sandbox',
    ALLOW_SANDBOX_IN_PRODUCTION: 'true',
    // Every test signs in from 127.0.0.1: the per-IP sign-in limit would trip across the suite.
    RATE_LIMIT_AUTH_MAX: '1000',
    PUBLIC_URL: `http://localhost:${port}`,
    // Nothing listens on port 9 (discard): every geolocation service is unreachable.
    GEOLOCATION_SERVICES: 'http://127.0.0.1:9/json/{ip},http://127.0.0.1:9/country/{ip}',
    LOG_LEVEL: 'warn',
    // Dictation through the sandbox's transcription (it writes a sample sentence for speech it
    // did not make itself): what \`auto\` picks with nothing configured, said here outright.
    TRANSCRIPTION_ENGINE: 'sandbox',
    // The sandbox model, and a Pro-only one the payments tests see unlock after buying Pro.
    CHAT_MODELS: JSON.stringify([
      {
        id: 'sandbox',
        name: 'Sandbox model',
        provider: 'sandbox',
        model: 'sandbox',
        capabilities: ['text', 'vision'],
      },
      {
        id: 'sandbox-pro',
        name: 'Sandbox Pro',
        provider: 'sandbox',
        model: 'sandbox',
        plan: 'pro',
      },
    ]),
  },
};
