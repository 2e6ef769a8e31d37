import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  type IdentityClientConfig,
  errorResponse,
  isLanguageCode,
  runtimeConfig,
  type RuntimeConfig,
} from '@studio/contracts';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { errorTexts, readErrorResponses } from '../../http/errors.ts';
import {
  languageFromAcceptLanguage,
  prerenderedPagesOf,
  type PrerenderedPages,
} from '../../http/prerendered-pages.ts';
import { productCsp, serializeCsp } from '../../security/content-security-policy.ts';

/** MSAL's redirect bridge page (apps/web/auth-callback.html), served at the redirect URI. */
declare module 'fastify' {
  interface FastifyInstance {
    /** The drawn first screens of the pages visitors land on; null without a built renderer. */
    prerenderedPages: PrerenderedPages | null;
  }
}

export const redirectBridgePath = '/auth/callback';
const redirectBridgeFile = 'auth-callback.html';

/** Paths the history fallback never answers with the app shell. */
const notAppPaths = /^\/(?:api|dev|locales|sandbox)(?:\/|$)|^\/config\.json$/;
/**
 * The build's Brotli and gzip siblings (packages/devtools/src/precompress.mjs) are sent as an
 * encoding of their file, never as files of their own.
 */
const precompressedSibling = /\.(?:br|gz)$/;
// Namespace names: letters and hyphens (camelCase such as imageGallery), never a dot or a slash.
const localeFile = /^[A-Za-z-]+\.json$/;

const immutable = 'public, max-age=31536000, immutable';
const revalidate = 'no-cache';

/**
 * What the SPA reads at start (§7). The API and the SPA share one origin, so the base URL is
 * empty (same origin) wherever the product is deployed. `sandbox` stays true until the
 * identity, payment and model providers can be configured for real (later issues).
 */
export function runtimeConfigFor(config: Config): RuntimeConfig {
  return {
    apiBaseUrl: '',
    environment: config.env,
    sandbox: true,
    geolocationServices: config.geolocationServices,
    mailboxUrl: config.devMailbox ? '/dev/mailbox' : null,
    identity: identityClientConfigFor(config.identity),
  };
}

/** MSAL's view of the external identity service (apps/web/src/features/auth/msal). */
export function identityClientConfigFor(identity: Config['identity']): IdentityClientConfig | null {
  if (!identity) return null;
  const sandbox = identity.mode === 'sandbox';
  return {
    protocolMode: identity.mode === 'aad' ? 'aad' : 'oidc',
    clientId: identity.clientId,
    authority: identity.authority,
    resetPasswordAuthority: identity.resetPasswordAuthority,
    knownAuthorities: identity.knownAuthorities,
    scopes: identity.scopes,
    // The sandbox runs on plain http on loopback; MSAL only accepts an https authority, so it
    // is given the provider's real (http) endpoints instead of discovering them.
    authorityMetadata: sandbox ? JSON.stringify(sandboxProviderMetadata(identity.issuer)) : null,
    redirectPath: redirectBridgePath,
    postLogoutRedirectPath: '/auth/signout-callback',
    sandbox,
  };
}

/** The discovery document packages/sandbox serves at `${issuer}/.well-known/openid-configuration`. */
function sandboxProviderMetadata(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/auth`,
    token_endpoint: `${issuer}/token`,
    end_session_endpoint: `${issuer}/session/end`,
    jwks_uri: `${issuer}/jwks`,
    userinfo_endpoint: `${issuer}/me`,
    response_types_supported: ['code'],
    response_modes_supported: ['query', 'fragment'],
    code_challenge_methods_supported: ['S256'],
    scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
  };
}

function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

function pathnameOf(url: string): string {
  return url.split('?', 1)[0] ?? url;
}

/**
 * A page visitors land on, sent with its first screen drawn in (http/prerendered-pages.ts): in the
 * language the browser asks for, in the encoding it accepts, its boot script allowed by hash.
 * False when there is no drawn page for the request (then the plain shell goes out).
 */
function sendPrerendered(
  prerenderedPages: PrerenderedPages | null,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
): boolean {
  if (!prerenderedPages) return false;
  const language = languageFromAcceptLanguage(request.headers['accept-language']) ?? 'en';
  const page = prerenderedPages.page(pathnameOf(request.url), language);
  if (!page) return false;
  const csp = productCsp(config);
  reply
    .header('cache-control', revalidate)
    .header('vary', 'Accept-Encoding, Accept-Language')
    .header('etag', page.etag)
    .header(
      'content-security-policy',
      serializeCsp({ ...csp, 'script-src': [...(csp['script-src'] ?? []), ...page.scriptHashes] }),
    )
    .type('text/html; charset=utf-8');
  if (request.headers['if-none-match'] === page.etag) {
    void reply.code(304).send();
    return true;
  }
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? negotiate(accepted.toLowerCase(), ['br', 'gzip']) : null;
  if (encoding) reply.header('content-encoding', encoding);
  void reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html);
  return true;
}

/** Shown instead of the app when apps/web has not been built; both languages side by side. */
function notBuiltPage(): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>AI Studio: the web app is not built</title></head>
<body>
<main>
<section lang="en">
<h1>The web app is not built yet</h1>
<p>The API is running, but there is no built web app in its folder (<code>WEB_DIST_DIR</code>, by default <code>apps/web/dist</code>). Build it with <code>pnpm --filter @studio/web build</code>, then reload this page. The API documentation is at <a href="/api/docs">/api/docs</a>.</p>
</section>
<section lang="vi">
<h1>Ứng dụng web chưa được build</h1>
<p>API đang chạy, nhưng chưa có bản build của ứng dụng web trong thư mục của nó (<code>WEB_DIST_DIR</code>, mặc định là <code>apps/web/dist</code>). Hãy build bằng lệnh <code>pnpm --filter @studio/web build</code> rồi tải lại trang này. Tài liệu API có tại <a href="/api/docs">/api/docs</a>.</p>
</section>
</main>
</body>
</html>`;
}

/**
 * Serves the built SPA from WEB_DIST_DIR: hashed /assets/* cached for a year, everything else
 * revalidated; any other GET that asks for HTML outside /api, /dev, /locales and /config.json
 * gets index.html (history fallback). Also /locales/{lng}/{ns}.json and /config.json, and the
 * JSON 404 for everything else.
 *
 * Files go out precompressed where the build left a sibling (`.br`, then `.gz`, as the client
 * accepts), with `Content-Encoding` and `Vary: Accept-Encoding`; the sibling's own length, ETag
 * and byte ranges; the file itself to a client that accepts neither. /config.json is JSON and
 * compressed by the compression plugin when it is large enough.
 */
export const spaPlugin = fp(
  async (app) => {
    const { config } = app;
    const distDir = config.webDistDir;
    const assetsDir = path.join(distDir, 'assets') + path.sep;
    const built = existsSync(path.join(distDir, 'index.html'));
    if (!built) app.log.warn({ distDir }, 'the web app is not built: / explains how to build it');
    const prerenderedPages = built
      ? prerenderedPagesOf({
          distDir,
          config: runtimeConfigFor(config),
          // The page's first data as any visitor gets it: no cookie, no token, their language.
          ask: async (url, language) => {
            const response = await app.inject({
              method: 'GET',
              url,
              headers: { accept: 'application/json', 'accept-language': language },
            });
            return response.statusCode === 200 ? (response.json() as unknown) : null;
          },
          log: app.log,
        })
      : null;
    if (built && !prerenderedPages) {
      app.log.warn(
        { distDir },
        'the web build has no prerenderer: pages are drawn in the browser only',
      );
    }
    // A listening server draws its pages before the first visitor asks (tests that only inject
    // draw a page when it is first asked for).
    if (prerenderedPages) app.addHook('onListen', async () => void prerenderedPages.warm());
    app.decorate('prerenderedPages', prerenderedPages);

    await app.register(fastifyStatic, {
      ...(built
        ? { root: distDir, serve: true as const }
        : { root: config.localesDir, serve: false as const }),
      prefix: '/',
      // / is the app's shell, sent below like every page of the app (with its first screen).
      index: false,
      redirect: false,
      dotfiles: 'ignore',
      cacheControl: false,
      preCompressed: true,
      allowedPath: (pathname) =>
        !notAppPaths.test(pathname) && !precompressedSibling.test(pathname),
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', filePath.startsWith(assetsDir) ? immutable : revalidate);
      },
    });

    const sendAppShell = (reply: FastifyReply) => {
      if (sendPrerendered(prerenderedPages, config, reply.request, reply)) return reply;
      reply.header('cache-control', revalidate);
      return built
        ? reply.sendFile('index.html', distDir)
        : reply.type('text/html; charset=utf-8').send(notBuiltPage());
    };

    const routes = app.withTypeProvider<ZodTypeProvider>();

    // The identity service answers here, in a popup, a hidden iframe or the page itself; the
    // bridge hands the answer to the app. Without a build, the app shell explains how to build.
    const bridgeBuilt = existsSync(path.join(distDir, redirectBridgeFile));
    routes.get(
      redirectBridgePath,
      {
        schema: { hide: true, response: { 200: z.string() } },
        config: { securityHeaders: 'redirect-bridge' },
      },
      async (_request, reply) => {
        if (!bridgeBuilt) return sendAppShell(reply);
        reply.header('cache-control', revalidate);
        return reply.sendFile(redirectBridgeFile, distDir);
      },
    );

    routes.get(
      '/',
      { schema: { hide: true, response: { 200: z.string() } } },
      async (_request, reply) => sendAppShell(reply),
    );

    routes.get(
      '/config.json',
      {
        schema: {
          tags: ['system'],
          summary: "The SPA's runtime configuration (never holds a secret)",
          response: { 200: runtimeConfig, 500: readErrorResponses[500] },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', revalidate);
        return runtimeConfigFor(config);
      },
    );

    routes.get(
      '/locales/:lng/:file',
      {
        schema: {
          hide: true,
          params: z.object({ lng: z.string(), file: z.string() }),
          response: { 200: z.record(z.string(), z.unknown()), 404: errorResponse },
        },
      },
      async (request, reply) => {
        const { lng, file } = request.params;
        // Only the two languages and plain namespace names: nothing else reaches the disk.
        if (!isLanguageCode(lng) || !localeFile.test(file)) return reply.callNotFound();
        reply.header('cache-control', revalidate);
        return reply.sendFile(`${lng}/${file}`, config.localesDir);
      },
    );

    app.setNotFoundHandler((request, reply) => {
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      if (isRead && acceptsHtml(request) && !notAppPaths.test(pathnameOf(request.url))) {
        return sendAppShell(reply);
      }
      return reply.code(404).send({ message: errorTexts[404] });
    });
  },
  { name: 'spa', dependencies: ['config'] },
);
