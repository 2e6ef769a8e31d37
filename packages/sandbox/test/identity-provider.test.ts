import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxIdentityProvider } from '../src/index.ts';
import {
  apiScope,
  appOrigin,
  audience,
  authorizationRequest,
  Browser,
  clientId,
  formAction,
  inputValue,
  postLogoutRedirectUri,
  redeemCode,
  redirectUri,
  refresh,
  type RunningProvider,
  signIn,
  startProvider,
  stringField,
  tokenRequest,
} from './support/oidc-client.ts';

let running: RunningProvider;
let issuer: string;
beforeAll(async () => {
  running = await startProvider();
  issuer = running.issuer;
});
afterAll(() => running.close());

const jwks = () => createRemoteJWKSet(new URL(`${issuer}/jwks`));

async function signInAndRedeem(browser: Browser, options: Parameters<typeof signIn>[2] = {}) {
  const { callback, request } = await signIn(browser, issuer, options);
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code in ${callback.href}`);
  const tokens = await redeemCode(issuer, code, request.verifier);
  expect(tokens.status).toBe(200);
  return { tokens: tokens.body, request, code };
}

describe('discovery', () => {
  it('describes the mounted provider: code + PKCE S256 only, the endpoints the API advertises', async () => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      end_session_endpoint: `${issuer}/session/end`,
      userinfo_endpoint: `${issuer}/me`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
    });
    expect(metadata['grant_types_supported']).toEqual(['authorization_code', 'refresh_token']);
  });

  it('publishes one RSA signing key with a key id', async () => {
    const response = await fetch(`${issuer}/jwks`);
    const { keys } = (await response.json()) as { keys: Record<string, unknown>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(keys[0]?.['kid']).toEqual(expect.any(String));
    expect(keys[0]).not.toHaveProperty('d');
  });
});

describe('authorization request checks', () => {
  it('refuses a request without a code challenge, back at the redirect URI', async () => {
    const request = authorizationRequest(issuer, {
      code_challenge: undefined,
      code_challenge_method: undefined,
    });
    const { url } = await new Browser().navigate(request.url);
    const callback = new URL(url);
    expect(callback.origin + callback.pathname).toBe(redirectUri);
    expect(callback.searchParams.get('error')).toBe('invalid_request');
    expect(callback.searchParams.get('code')).toBeNull();
    expect(callback.searchParams.get('state')).toBe(request.state);
  });

  it('refuses the plain code challenge method', async () => {
    const request = authorizationRequest(issuer, { code_challenge_method: 'plain' });
    const { url } = await new Browser().navigate(request.url);
    const callback = new URL(url);
    expect(callback.searchParams.get('error')).toBe('invalid_request');
    expect(callback.searchParams.get('error_description')).toMatch(/code_challenge_method/);
  });

  it('refuses an unregistered redirect URI on its own page, without redirecting anywhere', async () => {
    for (const uri of [
      `${appOrigin}/auth/callback/other`,
      `${appOrigin}/auth/callback?x=1`,
      'http://evil.example/auth/callback',
      undefined,
    ]) {
      const request = authorizationRequest(issuer, { redirect_uri: uri });
      const { response } = await new Browser().navigate(request.url);
      expect(response?.status).toBe(400);
      expect(response?.headers.get('location')).toBeNull();
      const html = (await response?.text()) ?? '';
      expect(html).toMatch(/redirect_uri did not match|missing required parameter/);
      expect(html).not.toMatch(/https?:\/\/fonts|<script/);
    }
  });

  it('refuses the implicit flow and unknown clients', async () => {
    const implicit = authorizationRequest(issuer, { response_type: 'id_token token' });
    const { url } = await new Browser().navigate(implicit.url);
    expect(new URL(url.replace('#', '?')).searchParams.get('error')).toBe(
      'unsupported_response_type',
    );
    const stranger = authorizationRequest(issuer, { client_id: 'someone-else' });
    const { response } = await new Browser().navigate(stranger.url);
    expect(response?.status).toBe(400);
  });

  it('refuses the password grant', async () => {
    const result = await tokenRequest(issuer, {
      grant_type: 'password',
      username: 'sandbox.google@example.com',
      password: 'x',
      client_id: clientId,
    });
    expect(result.status).toBe(400);
    expect(result.body['error']).toBe('unsupported_grant_type');
  });
});

describe('the authorization code flow', () => {
  it('signs in through the pages and issues RS256 at+jwt access tokens for the API', async () => {
    const browser = new Browser();
    const { callback, request } = await signIn(browser, issuer, {
      params: { domain_hint: 'google' },
    });
    expect(callback.origin + callback.pathname).toBe(redirectUri);
    expect(callback.searchParams.get('state')).toBe(request.state);
    expect(callback.searchParams.get('iss')).toBe(issuer);
    const code = stringField(Object.fromEntries(callback.searchParams), 'code');

    const wrongVerifier = await redeemCode(issuer, code, 'x'.repeat(43));
    expect(wrongVerifier.status).toBe(400);
    expect(wrongVerifier.body['error']).toBe('invalid_grant');

    // The failed attempt above consumed nothing: PKCE is checked before the code is used.
    const tokens = await redeemCode(issuer, code, request.verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({ token_type: 'Bearer', scope: expect.any(String) });
    const expiresIn = tokens.body['expires_in'];
    expect(expiresIn).toBeGreaterThanOrEqual(3590);

    const accessToken = stringField(tokens.body, 'access_token');
    expect(decodeProtectedHeader(accessToken)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    const { payload } = await jwtVerify(accessToken, jwks(), {
      issuer,
      audience,
      typ: 'at+jwt',
      algorithms: ['RS256'],
    });
    expect(payload).toMatchObject({
      sub: 'google:sandbox.google@example.com',
      email: 'sandbox.google@example.com',
      email_verified: true,
      name: 'Sandbox Google user',
      roles: ['user'],
      idp: 'google',
      client_id: clientId,
      scope: apiScope,
    });

    const idToken = stringField(tokens.body, 'id_token');
    const { payload: id } = await jwtVerify(idToken, jwks(), { issuer, audience: clientId });
    expect(id).toMatchObject({
      sub: 'google:sandbox.google@example.com',
      nonce: request.nonce,
      email: 'sandbox.google@example.com',
      email_verified: true,
      name: 'Sandbox Google user',
      idp: 'google',
    });
    // MSAL reads the tenant from acr when there is no tid: the sandbox must not emit one.
    expect(id).not.toHaveProperty('acr');
    expect(tokens.body['refresh_token']).toEqual(expect.any(String));
  });

  it('refuses a code used twice, and the second use revokes what the first one issued', async () => {
    const browser = new Browser();
    const { tokens, request, code } = await signInAndRedeem(browser);
    const again = await redeemCode(issuer, code, request.verifier);
    expect(again.status).toBe(400);
    expect(again.body['error']).toBe('invalid_grant');
    const refreshed = await refresh(issuer, stringField(tokens, 'refresh_token'));
    expect(refreshed.body['error']).toBe('invalid_grant');
  });

  it('rotates refresh tokens; reusing a spent one kills the whole chain', async () => {
    const { tokens } = await signInAndRedeem(new Browser());
    const rt1 = stringField(tokens, 'refresh_token');

    const first = await refresh(issuer, rt1);
    expect(first.status).toBe(200);
    const rt2 = stringField(first.body, 'refresh_token');
    expect(rt2).not.toBe(rt1);
    const { payload } = await jwtVerify(stringField(first.body, 'access_token'), jwks(), {
      issuer,
      audience,
      typ: 'at+jwt',
    });
    expect(payload['scope']).toBe(apiScope);

    const reuse = await refresh(issuer, rt1);
    expect(reuse.status).toBe(400);
    expect(reuse.body['error']).toBe('invalid_grant');
    const afterReuse = await refresh(issuer, rt2);
    expect(afterReuse.status).toBe(400);
    expect(afterReuse.body['error']).toBe('invalid_grant');
  });

  it('issues refresh tokens without offline_access (MSAL asks only for openid profile email)', async () => {
    const { tokens } = await signInAndRedeem(new Browser());
    expect(String(tokens['scope']).split(' ')).not.toContain('offline_access');
    expect(tokens['refresh_token']).toEqual(expect.any(String));
  });

  it('answers CORS for the app origin only', async () => {
    const preflight = (origin: string) =>
      fetch(`${issuer}/token`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
    const { tokens, request } = await signInAndRedeem(new Browser());
    expect(request).toBeDefined();
    expect((await preflight(appOrigin)).status).toBeLessThan(300);
    const allowed = await tokenRequest(
      issuer,
      {
        grant_type: 'refresh_token',
        refresh_token: stringField(tokens, 'refresh_token'),
        client_id: clientId,
      },
      { origin: appOrigin },
    );
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(appOrigin);

    const refused = await tokenRequest(
      issuer,
      {
        grant_type: 'refresh_token',
        refresh_token: stringField(allowed.body, 'refresh_token'),
        client_id: clientId,
      },
      { origin: 'http://evil.example' },
    );
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(refused.status).toBe(400);
  });
});

describe('the sign-in pages', () => {
  it.each([
    ['google', 'Google', 'sandbox.google@example.com', 'Sandbox Google user'],
    ['microsoft', 'Microsoft', 'sandbox.microsoft@example.com', 'Sandbox Microsoft user'],
    ['apple', 'Apple', 'sandbox.apple@example.com', 'Sandbox Apple user'],
  ])('the domain hint %s selects its sandbox identity', async (hint, label, email, name) => {
    const browser = new Browser();
    const request = authorizationRequest(issuer, { domain_hint: hint });
    const { response } = await browser.navigate(request.url);
    expect(response?.status).toBe(200);
    const html = (await response?.text()) ?? '';
    expect(html).toContain('<p class="badge">Sandbox</p>');
    expect(html).toContain(`Signing in with a sandbox ${label} identity`);
    expect(inputValue(html, 'email')).toBe(email);
    expect(inputValue(html, 'name')).toBe(name);
    expect(html).toMatch(/<label for="email">Email address<\/label>/);
    expect(html).not.toContain('Use another sandbox identity');

    const { tokens } = await signInAndRedeem(browser, { params: { domain_hint: hint } });
    const { payload } = await jwtVerify(stringField(tokens, 'access_token'), jwks(), {
      issuer,
      audience,
    });
    expect(payload).toMatchObject({ sub: `${hint}:${email}`, idp: hint, email, name });
  });

  it('without a hint offers a chooser of the three, which leads to the chosen identity', async () => {
    const browser = new Browser();
    const request = authorizationRequest(issuer);
    const { response } = await browser.navigate(request.url);
    const html = (await response?.text()) ?? '';
    for (const [kind, label] of [
      ['google', 'Google'],
      ['microsoft', 'Microsoft'],
      ['apple', 'Apple'],
    ]) {
      expect(html).toContain(
        `<button type="submit" name="hint" value="${kind}">Continue with ${label}</button>`,
      );
    }
    const { tokens } = await signInAndRedeem(new Browser(), { choose: 'apple' });
    const { payload } = await jwtVerify(stringField(tokens, 'access_token'), jwks(), {
      issuer,
      audience,
    });
    expect(payload['sub']).toBe('apple:sandbox.apple@example.com');
  });

  it('signs in as whoever is typed in; the account id uses the lower-cased email', async () => {
    const { tokens } = await signInAndRedeem(new Browser(), {
      params: { domain_hint: 'microsoft' },
      email: '  Ada.Lovelace@Example.COM ',
      name: 'Ada Lovelace',
    });
    const { payload } = await jwtVerify(stringField(tokens, 'access_token'), jwks(), {
      issuer,
      audience,
    });
    expect(payload).toMatchObject({
      sub: 'microsoft:ada.lovelace@example.com',
      email: 'ada.lovelace@example.com',
      name: 'Ada Lovelace',
      idp: 'microsoft',
    });
  });

  it('shows what is wrong with the form and keeps what was typed', async () => {
    const browser = new Browser();
    const request = authorizationRequest(issuer, { domain_hint: 'google' });
    const page = await browser.navigate(request.url);
    const html = (await page.response?.text()) ?? '';
    const action = new URL(formAction(html), page.url).href;
    const result = await browser.submit(action, {
      hint: 'google',
      email: 'not-an-address',
      name: ' ',
      action: 'continue',
    });
    expect(result.response?.status).toBe(400);
    const again = (await result.response?.text()) ?? '';
    expect(again).toContain('role="alert"');
    expect(again).toContain('Enter an email address such as name@example.com.');
    expect(again).toContain('Enter a name.');
    expect(again).toContain('aria-invalid="true"');
    expect(inputValue(again, 'email')).toBe('not-an-address');
  });

  it('Cancel sends access_denied back to the app', async () => {
    const browser = new Browser();
    const request = authorizationRequest(issuer, { domain_hint: 'apple' });
    const page = await browser.navigate(request.url);
    const html = (await page.response?.text()) ?? '';
    const done = await browser.submit(new URL(formAction(html), page.url).href, {
      action: 'cancel',
    });
    const callback = new URL(done.url);
    expect(callback.origin + callback.pathname).toBe(redirectUri);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(request.state);
  });

  it('speaks Vietnamese when ui_locales asks for it, or the browser prefers it', async () => {
    const byParam = await new Browser().navigate(
      authorizationRequest(issuer, { domain_hint: 'google', ui_locales: 'vi' }).url,
    );
    const html = (await byParam.response?.text()) ?? '';
    expect(html).toContain('<html lang="vi">');
    expect(html).toContain('Đăng nhập bằng danh tính Google sandbox');
    expect(html).toContain('<label for="email">Địa chỉ email</label>');
    expect(html).toContain('>Tiếp tục</button>');
    expect(html).toContain('>Hủy</button>');

    const byBrowser = await new Browser({
      'accept-language': 'fr;q=0.9, vi-VN, en;q=0.5',
    }).navigate(authorizationRequest(issuer).url);
    expect((await byBrowser.response?.text()) ?? '').toContain('Chọn một danh tính sandbox');

    const english = await new Browser({ 'accept-language': 'vi' }).navigate(
      authorizationRequest(issuer, { ui_locales: 'en-GB vi' }).url,
    );
    expect((await english.response?.text()) ?? '').toContain('<html lang="en">');
  });

  it('sends its own security headers: no remote assets, no inline script, frameable by the app only', async () => {
    const { response } = await new Browser().navigate(
      authorizationRequest(issuer, { domain_hint: 'google' }).url,
    );
    const csp = response?.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'unsafe-inline'");
    expect(csp).toContain(`form-action 'self' ${appOrigin}`);
    expect(csp).toContain(`frame-ancestors ${appOrigin}`);
    expect(csp).not.toContain('unsafe-eval');
    expect(response?.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response?.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response?.headers.get('cross-origin-opener-policy')).toBeNull();
    const html = (await response?.text()) ?? '';
    expect(html).not.toMatch(/<script|https?:\/\/(?!127\.0\.0\.1)/);
  });

  it('says the page expired when the interaction cookie is missing', async () => {
    const browser = new Browser();
    const page = await browser.navigate(authorizationRequest(issuer).url);
    const response = await new Browser().fetch(page.url);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('This sign-in page has expired');
  });
});

describe('sessions at the provider', () => {
  it('prompt=none with an existing session returns a code without any page', async () => {
    const browser = new Browser();
    await signInAndRedeem(browser, { params: { domain_hint: 'google' } });

    const silent = authorizationRequest(issuer, { prompt: 'none' });
    const response = await browser.fetch(silent.url);
    expect(response.status).toBe(303);
    const callback = new URL(response.headers.get('location') ?? '');
    expect(callback.origin + callback.pathname).toBe(redirectUri);
    const code = callback.searchParams.get('code');
    expect(code).toEqual(expect.any(String));
    const tokens = await redeemCode(issuer, code ?? '', silent.verifier);
    const { payload } = await jwtVerify(stringField(tokens.body, 'access_token'), jwks(), {
      issuer,
      audience,
    });
    expect(payload['sub']).toBe('google:sandbox.google@example.com');
  });

  it('grants more scopes later without a consent page', async () => {
    const browser = new Browser();
    const { tokens } = await signInAndRedeem(browser, { params: { scope: 'openid' } });
    const narrow = await jwtVerify(stringField(tokens, 'access_token'), jwks(), {
      issuer,
      audience,
    });
    expect(String(narrow.payload['scope'] ?? '')).not.toContain(apiScope);

    const wider = authorizationRequest(issuer);
    const { url, response } = await browser.navigate(wider.url);
    expect(response).toBeNull();
    const code = new URL(url).searchParams.get('code') ?? '';
    const redeemed = await redeemCode(issuer, code, wider.verifier);
    const { payload } = await jwtVerify(stringField(redeemed.body, 'access_token'), jwks(), {
      issuer,
      audience,
    });
    expect(payload['scope']).toBe(apiScope);
  });

  it('prompt=none without a session answers login_required', async () => {
    const silent = authorizationRequest(issuer, { prompt: 'none' });
    const { url } = await new Browser().navigate(silent.url);
    expect(new URL(url).searchParams.get('error')).toBe('login_required');
  });

  it('logout with id_token_hint confirms itself and returns to the post-logout URI; the session is gone', async () => {
    const browser = new Browser();
    const { tokens } = await signInAndRedeem(browser);
    const idToken = stringField(tokens, 'id_token');
    const refreshToken = stringField(tokens, 'refresh_token');

    const logoutUrl = `${issuer}/session/end?${new URLSearchParams({
      id_token_hint: idToken,
      post_logout_redirect_uri: postLogoutRedirectUri,
      state: 'bye',
    }).toString()}`;
    const page = await browser.navigate(logoutUrl);
    expect(page.response?.status).toBe(200);
    const html = (await page.response?.text()) ?? '';
    // No inline script: the auto-confirm is a same-origin file that presses "Yes".
    const script = /<script src="([^"]+)" defer><\/script>/.exec(html)?.[1];
    expect(script).toBe('/sandbox/oidc/assets/logout-confirm.js');
    expect(html).not.toMatch(/<script>/);
    const scriptResponse = await fetch(new URL(script ?? '', issuer));
    expect(scriptResponse.status).toBe(200);
    expect(scriptResponse.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await scriptResponse.text()).toContain('sandbox-confirm-logout');

    // What the button (pressed by the script, or by hand without script) submits.
    const done = await browser.submit(new URL(formAction(html), page.url).href, {
      xsrf: inputValue(html, 'xsrf') ?? '',
      logout: 'yes',
    });
    const back = new URL(done.url);
    expect(back.origin + back.pathname).toBe(postLogoutRedirectUri);
    expect(back.searchParams.get('state')).toBe('bye');

    const silent = await browser.navigate(authorizationRequest(issuer, { prompt: 'none' }).url);
    expect(new URL(silent.url).searchParams.get('error')).toBe('login_required');
    const refreshed = await refresh(issuer, refreshToken);
    expect(refreshed.body['error']).toBe('invalid_grant');
  });

  it('does not confirm by itself for an id_token_hint of another session', async () => {
    const someoneElse = await signInAndRedeem(new Browser(), { params: { domain_hint: 'apple' } });
    const browser = new Browser();
    await signInAndRedeem(browser, { params: { domain_hint: 'google' } });
    const page = await browser.navigate(
      `${issuer}/session/end?${new URLSearchParams({
        id_token_hint: stringField(someoneElse.tokens, 'id_token'),
        post_logout_redirect_uri: postLogoutRedirectUri,
      }).toString()}`,
    );
    expect(page.response?.status).toBe(200);
    const html = (await page.response?.text()) ?? '';
    expect(html).not.toContain('<script');
    expect(html).toContain('Yes, sign me out');
  });

  it('logout without a hint asks first, works without script, and never follows an unproven redirect', async () => {
    const browser = new Browser();
    await signInAndRedeem(browser);
    const page = await browser.navigate(
      `${issuer}/session/end?post_logout_redirect_uri=${encodeURIComponent('http://evil.example/')}`,
    );
    const html = (await page.response?.text()) ?? '';
    expect(html).not.toContain('<script');
    expect(html).toContain('Do you want to sign out of the sandbox identity provider?');
    expect(html).toMatch(/<button type="submit" form="op.logoutForm" name="logout" value="yes"/);
    const done = await browser.submit(new URL(formAction(html), page.url).href, {
      xsrf: inputValue(html, 'xsrf') ?? '',
      logout: 'yes',
    });
    expect(done.response?.status).toBe(200);
    expect(done.url.startsWith(issuer)).toBe(true);
    expect((await done.response?.text()) ?? '').toContain('You have signed out');
  });
});

describe('options', () => {
  it('refuses access tokens shorter than MSAL renewal offset allows', async () => {
    await expect(
      createSandboxIdentityProvider({
        issuer: 'http://127.0.0.1:1/sandbox/oidc',
        clientId,
        redirectUris: [redirectUri],
        postLogoutRedirectUris: [],
        corsOrigins: [appOrigin],
        audience,
        scope: apiScope,
        accessTokenTtlSeconds: 300,
      }),
    ).rejects.toThrow(/accessTokenTtlSeconds must be a whole number of at least 900/);
  });

  it('answers 404 outside its mount path', async () => {
    const response = await fetch(new URL('/elsewhere', issuer));
    expect(response.status).toBe(404);
  });
});
