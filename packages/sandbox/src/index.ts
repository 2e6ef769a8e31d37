/**
 * @studio/sandbox: loopback stand-ins that speak the real protocols of the outside services.
 * The API loads this package only when a sandbox is configured (a dynamic import), so
 * production never runs it.
 */
export {
  createSandboxIdentityProvider,
  minimumAccessTokenTtlSeconds,
  type SandboxIdentityProvider,
  type SandboxIdentityProviderOptions,
} from './identity/provider.ts';
export {
  accountIdFor,
  type IdentityKind,
  identityKinds,
  sandboxIdentities,
} from './identity/accounts.ts';
export { sandboxImageFetch } from './images/fetch.ts';
export { createSandboxImageHandler } from './images/http.ts';
export { magicWords as sandboxImageMagicWords } from './images/prompt.ts';
export {
  createSandboxImageServer,
  sandboxImageDefaults,
  type SandboxImageOptions,
} from './images/server.ts';
export type {
  ImageRequest as SandboxImageRequest,
  ImageResponse as SandboxImageResponse,
} from './images/wire.ts';
export { sandboxSpeechFetch } from './speech/fetch.ts';
export { createSandboxSpeechHandler } from './speech/http.ts';
export { createSandboxSpeechServer, type SandboxSpeechOptions } from './speech/server.ts';
export { sandboxVoices as sandboxSpeechVoices } from './speech/speech.ts';
export { sandboxPhrases as sandboxTranscriptionPhrases } from './speech/transcriptions.ts';
export { sandboxMusicFetch } from './music/fetch.ts';
export { createSandboxMusicHandler } from './music/http.ts';
export { magicWords as sandboxMusicMagicWords } from './music/prompt.ts';
export {
  createSandboxMusicServer,
  sandboxMusicDefaults,
  type SandboxMusicOptions,
} from './music/server.ts';
export { sandboxModelFetch } from './models/fetch.ts';
export { createSandboxModelHandler } from './models/http.ts';
export { magicWords as sandboxModelMagicWords } from './models/replies.ts';
export { sandboxModelDefaults, type SandboxModelOptions } from './models/server.ts';
export {
  createSandboxVnpay,
  type SandboxVnpay,
  type SandboxVnpayOptions,
  type VnpayDelivery,
  type VnpayOutcome,
} from './vnpay/emulator.ts';
export {
  createSandboxPaypal,
  type PaypalApprovalScenario,
  type PaypalWebhookKnob,
  type SandboxPaypal,
  type SandboxPaypalOptions,
} from './paypal/emulator.ts';
export { createSelfSignedCertificate, type SelfSignedCertificate } from './x509/certificate.ts';
