import fp from 'fastify-plugin';
import { sandboxIdentityPath, sandboxIdentityScope } from '../../domains/auth/identity-config.ts';
import { mountNodeHandler } from '../../http/mount-node-handler.ts';

/**
 * Mounts packages/sandbox's OpenID Connect provider at /sandbox/oidc when IDENTITY_PROVIDER is
 * sandbox (the development default; identity-config.ts refuses it in production). The package is
 * imported only then, so a real deployment never loads it.
 *
 * Its requests are taken over in the first onRequest hook, before the body is parsed and before
 * the CSRF, rate-limit and security-header hooks run: the provider is a separate application
 * with its own CSRF defences (state, PKCE, its xsrf field), its own CSP and framing policy (MSAL
 * frames /auth in a hidden iframe), and its own error pages. Register it before those plugins.
 */
export const sandboxIdentityPlugin = fp(
  async (app) => {
    const { config } = app;
    const identity = config.identity;
    if (identity?.mode !== 'sandbox') return;

    const { createSandboxIdentityProvider } = await import('@studio/sandbox');
    const { publicUrl } = config;
    const provider = await createSandboxIdentityProvider({
      issuer: identity.issuer,
      clientId: identity.clientId,
      redirectUris: [`${publicUrl}/auth/callback`],
      postLogoutRedirectUris: [`${publicUrl}/auth/signout-callback`, `${publicUrl}/`],
      corsOrigins: [publicUrl],
      audience: identity.audience,
      scope: sandboxIdentityScope,
      trustProxy: config.trustProxy !== false,
      onError: (error) => app.log.error({ err: error }, 'sandbox identity provider error'),
    });

    mountNodeHandler(app, sandboxIdentityPath, provider.handler);
    app.addHook('onClose', async () => provider.close());

    app.log.info({ issuer: provider.issuer }, `sandbox identity provider at ${provider.issuer}`);
  },
  { name: 'sandbox-identity', dependencies: ['config'] },
);
