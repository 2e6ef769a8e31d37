import { createServer } from 'node:http';
import {
  createSandboxIdentityProvider,
  createSandboxImageHandler,
  createSandboxModelHandler,
  createSandboxMusicHandler,
  createSandboxPaypal,
  createSandboxSpeechHandler,
  createSandboxVnpay,
} from './index.ts';

/**
 * The sandbox identity provider, model, image and speech servers and payment emulators on their
 * own (the API mounts them itself under /sandbox/oidc, /sandbox/models, /sandbox/images,
 * /sandbox/vnpay and /sandbox/paypal when they are its defaults; the speech server, OpenAI's
 * audio API both ways, is at /sandbox/speech/v1 here, the music server — ElevenLabs', Stability's and
 * fal's music APIs — at /sandbox/music): `pnpm --filter @studio/sandbox start`. The model server speaks OpenAI's chat
 * completions at /sandbox/models/v1 (SANDBOX_MODEL_CHUNK_DELAY_MS paces its streams). The
 * settings mirror the API's; point a client at it with SANDBOX_APP_URL (the SPA's origin) and
 * SANDBOX_PORT. The payment emulators notify the API at SANDBOX_APP_URL (IPN, webhooks) with the
 * merchant credentials below, which the API must be given too.
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

const modelsPath = '/sandbox/models';
const chunkDelayMs = Number(setting('SANDBOX_MODEL_CHUNK_DELAY_MS', '15'));
if (!Number.isInteger(chunkDelayMs) || chunkDelayMs < 0 || chunkDelayMs > 10_000) {
  throw new Error('SANDBOX_MODEL_CHUNK_DELAY_MS must be a whole number from 0 to 10000');
}
const models = createSandboxModelHandler({ basePath: modelsPath, chunkDelayMs });

const imagesPath = '/sandbox/images';
const images = createSandboxImageHandler({ basePath: imagesPath });

const speechPath = '/sandbox/speech';
const speech = createSandboxSpeechHandler({ basePath: speechPath });

const musicPath = '/sandbox/music';
const music = createSandboxMusicHandler({ basePath: musicPath });

const vnpayPath = '/sandbox/vnpay';
const vnpay = createSandboxVnpay({
  basePath: vnpayPath,
  tmnCode: setting('SANDBOX_VNPAY_TMN_CODE', 'SANDBOX1'),
  hashSecret: setting('SANDBOX_VNPAY_HASH_SECRET', 'sandbox-vnpay-hash-secret'),
  ipnUrl: `${appUrl}/api/payments/vnpay/ipn`,
});

const paypalPath = '/sandbox/paypal';
const paypal = createSandboxPaypal({
  basePath: paypalPath,
  publicOrigin: `http://${host}:${port}`,
  clientId: setting('SANDBOX_PAYPAL_CLIENT_ID', 'sandbox-paypal-client'),
  clientSecret: setting('SANDBOX_PAYPAL_CLIENT_SECRET', 'sandbox-paypal-secret'),
  webhookId: setting('SANDBOX_PAYPAL_WEBHOOK_ID', 'WH-SANDBOX-STANDALONE'),
  webhookUrl: `${appUrl}/api/payments/paypal/webhook`,
});

const mounted = (url: string, path: string) =>
  url === path || url.startsWith(`${path}/`) || url.startsWith(`${path}?`);

const server = createServer((req, res) => {
  const url = req.url ?? '/';
  if (mounted(url, modelsPath)) models(req, res);
  else if (mounted(url, imagesPath)) images(req, res);
  else if (mounted(url, speechPath)) speech(req, res);
  else if (mounted(url, musicPath)) music(req, res);
  else if (mounted(url, vnpayPath)) vnpay.handler(req, res);
  else if (mounted(url, paypalPath)) paypal.handler(req, res);
  else provider.handler(req, res);
});
server.listen(port, host, () => {
  console.info(`sandbox identity provider at ${provider.issuer} (for ${appUrl})`);
  console.info(`sandbox model server at http://${host}:${port}${modelsPath}/v1 (model: sandbox)`);
  console.info(
    `sandbox image server at http://${host}:${port}${imagesPath}/v1 (OpenAI Images) and ${imagesPath}/v1beta (Imagen)`,
  );
  console.info(
    `sandbox speech server at http://${host}:${port}${speechPath}/v1 (OpenAI audio: speech and transcriptions)`,
  );
  console.info(
    `sandbox music server at http://${host}:${port}${musicPath} (ElevenLabs /v1/music, Stability /v2beta/audio, fal's queue)`,
  );
  console.info(`sandbox VNPay at http://${host}:${port}${vnpayPath}/paymentv2/vpcpay.html`);
  console.info(`sandbox PayPal API at http://${host}:${port}${paypalPath}`);
});

function shutDown() {
  server.close(() => {
    provider.close();
    process.exit(0);
  });
}
process.once('SIGINT', shutDown);
process.once('SIGTERM', shutDown);
