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
export { sandboxModelFetch } from './models/fetch.ts';
export { createSandboxModelHandler } from './models/http.ts';
export { magicWords as sandboxModelMagicWords } from './models/replies.ts';
export { sandboxModelDefaults, type SandboxModelOptions } from './models/server.ts';
