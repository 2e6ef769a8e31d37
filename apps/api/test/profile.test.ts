import { userProfile } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import {
  call,
  latestCode,
  login,
  mailTo,
  refreshCookie,
  registerAccount,
  relaxedAuthLimits,
  signInWithCode,
  uniqueEmail,
} from './support/auth.ts';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

const password = 'profile owner password';

describe.each(databaseKinds)('the user profile on %s', (kind) => {
  const t = useTestApp(kind, relaxedAuthLimits);

  it('needs a bearer token', async () => {
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const response = await call(
        t.app,
        method,
        '/api/userprofile',
        method === 'GET' ? undefined : {},
      );
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Authentication required. Please log in.' });
    }
  });

  it('changes the display name, trimmed, and nothing else', async () => {
    const { session } = await signInWithCode(t.app, uniqueEmail('name'));
    const response = await call(
      t.app,
      'PATCH',
      '/api/userprofile',
      { displayName: '  Ada L.  ' },
      {
        bearer: session.accessToken,
      },
    );
    expect(response.statusCode).toBe(200);
    expect(userProfile.parse(response.json())).toEqual({ ...session.user, displayName: 'Ada L.' });
    const reread = await call(t.app, 'GET', '/api/userprofile', undefined, {
      bearer: session.accessToken,
    });
    expect(reread.json()).toMatchObject({ displayName: 'Ada L.' });
  });

  it.each([
    [{ displayName: 'X', subscriptionTier: 'pro' }],
    [{ displayName: 'X', roles: ['admin'] }],
    [{ displayName: 'X', email: 'other@example.com' }],
    [{ displayName: 'X', id: 'someone-else' }],
    [{ displayName: '' }],
    [{}],
  ])('refuses %j (mass assignment, empty names)', async (body) => {
    const { session } = await signInWithCode(t.app, uniqueEmail('mass'));
    const response = await call(t.app, 'PATCH', '/api/userprofile', body, {
      bearer: session.accessToken,
    });
    expect(response.statusCode).toBe(400);
    const after = await call(t.app, 'GET', '/api/userprofile', undefined, {
      bearer: session.accessToken,
    });
    expect(after.json()).toEqual(session.user);
  });

  it('refuses unknown preference fields too', async () => {
    const { session } = await signInWithCode(t.app, uniqueEmail('prefs-mass'));
    const response = await call(
      t.app,
      'PATCH',
      '/api/userprofile/preferences',
      { theme: 'light', subscriptionTier: 'pro' },
      { bearer: session.accessToken },
    );
    expect(response.statusCode).toBe(400);
  });

  it('deletes the account and every row of it, and signs it out', async () => {
    const email = uniqueEmail('delete');
    const { session, jar } = await registerAccount(t.app, { email, password });
    await login(t.app, email, password);
    await call(t.app, 'POST', '/api/auth/request-password-reset', { email });
    // Both mails are written in the background: let the reset mail land before the code is
    // asked for, so the newest mail is the code's.
    await mailTo(t.app, email);
    await call(t.app, 'POST', '/api/auth/request-code', { email });
    await latestCode(t.app, email);
    const userId = session.user.id;

    const refused = await call(
      t.app,
      'DELETE',
      '/api/userprofile',
      { confirm: 'yes' },
      {
        jar,
        bearer: session.accessToken,
      },
    );
    expect(refused.statusCode).toBe(400);

    const deleted = await call(
      t.app,
      'DELETE',
      '/api/userprofile',
      { confirm: 'DELETE' },
      {
        jar,
        bearer: session.accessToken,
      },
    );
    expect(deleted.statusCode).toBe(204);
    expect(deleted.cookies.find((c) => c.name === refreshCookie)?.value).toBe('');

    const db = t.app.db;
    const count = async (
      table: 'users' | 'sessions' | 'password_reset_tokens' | 'user_identities',
    ) =>
      (
        await db
          .selectFrom(table)
          .selectAll()
          .where(table === 'users' ? 'id' : 'user_id', '=', userId)
          .execute()
      ).length;
    expect(await count('users')).toBe(0);
    expect(await count('sessions')).toBe(0);
    expect(await count('password_reset_tokens')).toBe(0);
    expect(await count('user_identities')).toBe(0);
    expect(await db.selectFrom('refresh_tokens').selectAll().execute()).not.toContainEqual(
      expect.objectContaining({ session_id: jar.cookies[refreshCookie]?.split('.')[0] }),
    );
    expect(
      await db.selectFrom('one_time_codes').selectAll().where('email', '=', email).execute(),
    ).toEqual([]);

    expect(
      (await call(t.app, 'GET', '/api/userprofile', undefined, { bearer: session.accessToken }))
        .statusCode,
    ).toBe(401);
    expect((await login(t.app, email, password)).response.statusCode).toBe(401);
  });
});
