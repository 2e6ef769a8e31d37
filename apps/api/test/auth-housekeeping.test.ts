import { describe, expect, it } from 'vitest';
import {
  backgroundWorkDone,
  call,
  days,
  expectSession,
  relaxedAuthLimits,
  signInWithCode,
  testClock,
  uniqueEmail,
} from './support/auth.ts';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

describe.each(databaseKinds)('housekeeping on %s', (kind) => {
  const clock = testClock();
  const t = useTestApp(kind, relaxedAuthLimits, { now: clock.now });

  const count = async (table: 'sessions' | 'refresh_tokens' | 'one_time_codes') =>
    (await t.app.db.selectFrom(table).selectAll().execute()).length;

  it('deletes dead sessions, their tokens and expired codes, and keeps live ones', async () => {
    const dead = await signInWithCode(t.app, uniqueEmail('dead'));
    await call(t.app, 'POST', '/api/auth/logout', undefined, { jar: dead.jar });
    await call(t.app, 'POST', '/api/auth/request-code', { email: uniqueEmail('unused') });
    await backgroundWorkDone(t.app);
    clock.advance(days(2));
    const live = await signInWithCode(t.app, uniqueEmail('live'));
    const before = { sessions: await count('sessions'), tokens: await count('refresh_tokens') };

    await t.app.accounts.housekeeping();

    expect(await count('sessions')).toBe(before.sessions - 1);
    expect(await count('refresh_tokens')).toBe(before.tokens - 1);
    expect(await count('one_time_codes')).toBe(1); // the live session's consumed code stays a day
    expectSession(await call(t.app, 'POST', '/api/auth/refresh', undefined, { jar: live.jar }));
  });
});
