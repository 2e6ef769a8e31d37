import { userPreferences, userPreferencesResponse, userProfile } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { call, relaxedAuthLimits, signInWithCode, uniqueEmail } from './support/auth.ts';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

describe.each(databaseKinds)("a signed-in user's preferences on %s (§7)", (kind) => {
  const t = useTestApp(kind, relaxedAuthLimits);

  it('start at the §9 defaults and round-trip through every endpoint', async () => {
    const { session } = await signInWithCode(t.app, uniqueEmail('prefs'));
    const bearer = session.accessToken;
    expect(session.user.preferences).toEqual({ language: 'en', currency: 'USD', theme: 'dark' });

    const initial = await call(t.app, 'GET', '/api/userpreferences', undefined, { bearer });
    expect(userPreferencesResponse.parse(initial.json())).toEqual({
      language: 'en',
      currency: 'USD',
    });

    const language = await call(
      t.app,
      'PUT',
      '/api/userpreferences/language',
      { language: 'vi' },
      { bearer },
    );
    expect(language.json()).toEqual({ language: 'vi', currency: 'USD' });
    const currency = await call(
      t.app,
      'PUT',
      '/api/userpreferences/currency',
      { currency: 'VND' },
      { bearer },
    );
    expect(currency.json()).toEqual({ language: 'vi', currency: 'VND' });

    const patched = await call(
      t.app,
      'PATCH',
      '/api/userprofile/preferences',
      { theme: 'forest' },
      { bearer },
    );
    expect(userPreferences.parse(patched.json())).toEqual({
      language: 'vi',
      currency: 'VND',
      theme: 'forest',
    });
    const all = await call(
      t.app,
      'PATCH',
      '/api/userprofile/preferences',
      { language: 'en', currency: 'EUR', theme: 'cherry' },
      { bearer },
    );
    expect(all.json()).toEqual({ language: 'en', currency: 'EUR', theme: 'cherry' });

    // They follow the user into a new session (a second browser).
    const again = await signInWithCode(t.app, session.user.email);
    expect(userProfile.parse(again.session.user).preferences).toEqual({
      language: 'en',
      currency: 'EUR',
      theme: 'cherry',
    });
    const reread = await call(t.app, 'GET', '/api/userpreferences', undefined, {
      bearer: again.session.accessToken,
    });
    expect(reread.json()).toEqual({ language: 'en', currency: 'EUR' });
  });

  it.each([
    ['/api/userpreferences/language', 'PUT', { language: 'fr' }],
    ['/api/userpreferences/currency', 'PUT', { currency: 'BTC' }],
    ['/api/userprofile/preferences', 'PATCH', { theme: 'neon' }],
  ] as const)('refuses %s with an unsupported value', async (url, method, body) => {
    const { session } = await signInWithCode(t.app, uniqueEmail('bad-prefs'));
    const response = await call(t.app, method, url, body, { bearer: session.accessToken });
    expect(response.statusCode).toBe(400);
  });

  it('need a bearer token (the anonymous suggestion does not)', async () => {
    expect((await call(t.app, 'GET', '/api/userpreferences')).statusCode).toBe(401);
    expect(
      (await call(t.app, 'PUT', '/api/userpreferences/language', { language: 'vi' })).statusCode,
    ).toBe(401);
    expect((await call(t.app, 'GET', '/api/userpreferences/anonymous')).statusCode).toBe(200);
  });
});
