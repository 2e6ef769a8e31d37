import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import Provider, {
  type Configuration,
  errors,
  type JWK,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import { AccountStore, accessTokenClaimsOf, claimsOf } from './accounts.ts';
import { applyHeaders, type MountedRequest, securityHeaders, sendHtml, sendText } from './http.ts';
import { handleInteraction, type InteractionContext } from './interactions.ts';
import { memoryAdapterFactory, MemoryStore } from './memory-adapter.ts';
import {
  errorPage,
  logoutConfirmScript,
  logoutPage,
  notFoundPage,
  signedOutPage,
} from './pages.ts';
import { pickLanguage } from './texts.ts';

export interface SandboxIdentityProviderOptions {
  /** e.g. http://127.0.0.1:4317/sandbox/oidc; its path is where the provider is mounted. */
  issuer: string;
  /** The one (public) client: the SPA. */
  clientId: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  /** Origins allowed to call the token and userinfo endpoints from a browser, and to frame the pages. */
  corsOrigins: string[];
  /** The API's resource indicator: the access tokens' `aud`. */
  audience: string;
  /** The API's scopes (space-separated), e.g. 'api.access'. */
  scope: string;
  /** Default 3600; at least 900, because MSAL renews tokens 300 s before they expire. */
  accessTokenTtlSeconds?: number;
  /** Absolute lifetime of a refresh-token chain (rotation never extends it). Default one day. */
  refreshTokenTtlSeconds?: number;
  /** Private signing keys; default: a fresh RSA key for this process. */
  jwks?: { keys: JWK[] };
  /** Trust X-Forwarded-Proto/-Host (the provider sits behind a trusted proxy). */
  trustProxy?: boolean;
  /** Told about unexpected failures (the provider answers them with a generic error page). */
  onError?: (error: unknown) => void;
}

export interface SandboxIdentityProvider {
  /**
   * A Node request listener for requests whose URL still carries the mount path (the issuer's
   * path, e.g. /sandbox/oidc/auth?...): it strips the path itself. Other URLs answer 404.
   */
  handler(req: IncomingMessage, res: ServerResponse): void;
  issuer: string;
  /** The issuer's path ('' when the issuer is an origin). */
  mountPath: string;
  /** Forgets every session, token and account. */
  close(): void;
}

export const minimumAccessTokenTtlSeconds = 900;
const defaultAccessTokenTtlSeconds = 3600;
/** Azure AD gives SPAs one-day refresh tokens; the sandbox behaves the same by default. */
const defaultRefreshTokenTtlSeconds = 24 * 60 * 60;
const sessionTtlSeconds = 14 * 24 * 60 * 60;
const interactionTtlSeconds = 60 * 60;
const authorizationCodeTtlSeconds = 60;
const logoutScriptPath = '/assets/logout-confirm.js';
const interactionPath = /^\/interaction\/([A-Za-z0-9_-]+)$/;

function checkOptions(options: SandboxIdentityProviderOptions): string[] {
  const problems: string[] = [];
  const issuer = URL.canParse(options.issuer) ? new URL(options.issuer) : null;
  if (!issuer || !/^https?:$/.test(issuer.protocol) || issuer.search || issuer.hash) {
    problems.push('issuer must be an http(s) URL without query or fragment');
  }
  if (!URL.canParse(options.audience) || options.audience.includes('#')) {
    problems.push('audience must be an absolute URI without fragment (a resource indicator)');
  }
  if (options.scope.trim() === '') problems.push('scope must name at least one API scope');
  const ttl = options.accessTokenTtlSeconds;
  if (ttl !== undefined && !(Number.isInteger(ttl) && ttl >= minimumAccessTokenTtlSeconds)) {
    problems.push(
      `accessTokenTtlSeconds must be a whole number of at least ${minimumAccessTokenTtlSeconds} (MSAL renews 300 s before expiry)`,
    );
  }
  const refreshTtl = options.refreshTokenTtlSeconds;
  if (refreshTtl !== undefined && !(Number.isInteger(refreshTtl) && refreshTtl > 0)) {
    problems.push('refreshTokenTtlSeconds must be a positive whole number');
  }
  return problems;
}

async function freshSigningKeys(): Promise<{ keys: JWK[] }> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] };
}

const originOf = (uri: string) => new URL(uri).origin;

/**
 * The sandbox OpenID Connect provider (oidc-provider 8): authorization code + PKCE (S256) for
 * one public client, rotating refresh tokens, RS256 `at+jwt` access tokens for the API, RP-
 * initiated logout and its own sign-in pages. It stands in for the external identity service
 * in development and in every end-to-end test; nothing here is fit to guard real accounts.
 */
export async function createSandboxIdentityProvider(
  options: SandboxIdentityProviderOptions,
): Promise<SandboxIdentityProvider> {
  const problems = checkOptions(options);
  if (problems.length > 0) {
    throw new TypeError(`Invalid sandbox identity provider options: ${problems.join('; ')}`);
  }
  const issuer = options.issuer.replace(/\/+$/, '');
  const mountPath = new URL(issuer).pathname.replace(/\/+$/, '');
  const { clientId, audience } = options;
  const resourceScopes = new Set(options.scope.split(/\s+/).filter(Boolean));
  const accessTokenTtl = options.accessTokenTtlSeconds ?? defaultAccessTokenTtlSeconds;
  const refreshTokenTtl = options.refreshTokenTtlSeconds ?? defaultRefreshTokenTtlSeconds;
  const onError = options.onError ?? (() => undefined);
  const accounts = new AccountStore();
  const store = new MemoryStore();
  const headers = securityHeaders({
    formTargets: [...options.redirectUris, ...options.postLogoutRedirectUris].map(originOf),
    frameAncestors: options.corsOrigins,
  });

  const languageOf = (ctx: KoaContextWithOIDC) =>
    pickLanguage(ctx.oidc?.params?.['ui_locales'], ctx.get('accept-language') || undefined);

  const configuration: Configuration = {
    adapter: memoryAdapterFactory(store),
    jwks: options.jwks ?? (await freshSigningKeys()),
    clients: [
      {
        client_id: clientId,
        client_name: 'AI Studio (sandbox)',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris,
      },
    ],
    responseTypes: ['code'],
    // OpenID Connect requires redirect_uri on every request; MSAL always sends it.
    allowOmittingSingleRegisteredRedirectUri: false,
    // One public client: nothing else to authenticate.
    clientAuthMethods: ['none'],
    pkce: { methods: ['S256'], required: () => true },
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    claims: {
      openid: ['sub', 'idp', 'roles'],
      profile: ['name', 'preferred_username'],
      email: ['email', 'email_verified'],
    },
    // The access token is the API's, not the userinfo endpoint's: the ID token carries the profile.
    conformIdTokenClaims: false,
    extraParams: ['domain_hint'],
    clientBasedCORS: (_ctx, origin, client) =>
      client.clientId === clientId && options.corsOrigins.includes(origin),
    cookies: {
      names: {
        session: 'sandbox_oidc_session',
        interaction: 'sandbox_oidc_interaction',
        resume: 'sandbox_oidc_resume',
      },
      // Lax, not the default None: the app and the provider share a site, and None needs https.
      long: { httpOnly: true, sameSite: 'lax', signed: true, path: mountPath || '/' },
      short: { httpOnly: true, sameSite: 'lax', signed: true },
      keys: [randomBytes(32).toString('base64url')],
    },
    findAccount: (_ctx, sub) => {
      const account = accounts.find(sub);
      if (!account) return undefined;
      return { accountId: account.accountId, claims: () => claimsOf(account) };
    },
    extraTokenClaims: (_ctx, token) => {
      // Client-credentials tokens have no account; that grant is not enabled anyway.
      const accountId = 'accountId' in token ? token.accountId : undefined;
      const account = accountId ? accounts.find(accountId) : undefined;
      return account ? accessTokenClaimsOf(account) : undefined;
    },
    // Refresh tokens by policy, not by offline_access (identity.md pitfall 3).
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    interactions: {
      url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          const hint = ctx.oidc.entities.IdTokenHint;
          // Only a hint for this very session proves the app asked: then confirm at once.
          const proven =
            ctx.oidc.client !== undefined &&
            hint !== undefined &&
            ctx.oidc.session?.accountId !== undefined &&
            hint.payload['sub'] === ctx.oidc.session.accountId;
          ctx.type = 'html';
          ctx.body = logoutPage({
            language: languageOf(ctx),
            form,
            autoConfirmScript: proven ? `${mountPath}${logoutScriptPath}` : null,
          });
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = signedOutPage(languageOf(ctx));
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator, client) => {
          if (resourceIndicator !== audience || client.clientId !== clientId) {
            throw new errors.InvalidTarget();
          }
          return {
            scope: [...resourceScopes].join(' '),
            audience,
            accessTokenTTL: accessTokenTtl,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      const details = Object.fromEntries(
        Object.entries(out).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      );
      ctx.body = errorPage(languageOf(ctx), details);
    },
    ttl: {
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? accessTokenTtl,
      AuthorizationCode: authorizationCodeTtlSeconds,
      IdToken: accessTokenTtl,
      // A rotated token inherits what is left of its chain: rotation never extends a sign-in.
      RefreshToken: (ctx) => {
        const rotated = ctx?.oidc.entities.RotatedRefreshToken;
        return rotated ? rotated.remainingTTL : refreshTokenTtl;
      },
      Interaction: interactionTtlSeconds,
      Session: sessionTtlSeconds,
      Grant: sessionTtlSeconds,
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.proxy = options.trustProxy ?? false;
  provider.on('server_error', (_ctx: unknown, error: unknown) => onError(error));
  const callback = provider.callback();
  const interactionContext: InteractionContext = {
    provider,
    accounts,
    mountPath,
    audience,
    resourceScopes,
  };

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const fullUrl = req.url ?? '/';
    const url = new URL(fullUrl, 'http://sandbox.invalid');
    applyHeaders(res, headers);
    const inside =
      url.pathname === mountPath || url.pathname.startsWith(`${mountPath}/`) || mountPath === '';
    if (!inside) {
      const language = pickLanguage(undefined, req.headers['accept-language']);
      sendHtml(res, 404, notFoundPage(language));
      return;
    }
    const path = url.pathname.slice(mountPath.length) || '/';
    // oidc-provider derives its endpoint URLs from the part of originalUrl it did not see.
    const mounted: MountedRequest = req;
    mounted.originalUrl = fullUrl;
    mounted.url = `${path}${url.search}`;

    if (path === logoutScriptPath && (req.method === 'GET' || req.method === 'HEAD')) {
      sendText(res, 200, 'text/javascript; charset=utf-8', logoutConfirmScript);
      return;
    }
    const interaction = interactionPath.exec(path);
    if (interaction?.[1]) {
      handleInteraction(interactionContext, req, res, interaction[1], url).catch(
        (error: unknown) => {
          onError(error);
          if (res.headersSent) {
            res.destroy();
            return;
          }
          sendHtml(
            res,
            500,
            errorPage(pickLanguage(undefined, req.headers['accept-language']), {}),
          );
        },
      );
      return;
    }
    void callback(req, res);
  };

  return {
    handler,
    issuer,
    mountPath,
    close: () => {
      store.clear();
      accounts.clear();
    },
  };
}
