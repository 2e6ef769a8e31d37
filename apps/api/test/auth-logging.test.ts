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
import { useTestApp } from './support/test-app.ts';

describe('what the sign-in flows write to the log (security.md §1.11)', () => {
  const t = useTestApp('sqlite', { ...relaxedAuthLimits, LOG_LEVEL: 'trace' });

  it('records the authentication events, and never a password, code or token', async () => {
    const password = 'a-password-that-must-never-be-logged';
    const email = uniqueEmail('logged');
    const secrets: string[] = [password];

    const { session, jar } = await registerAccount(t.app, { email, password });
    secrets.push(session.accessToken, jar.cookies[refreshCookie] ?? '');
    await login(t.app, email, 'a-wrong-password-also-never-logged');
    secrets.push('a-wrong-password-also-never-logged');

    const code = await signInWithCode(t.app, uniqueEmail('code-logged'));
    secrets.push(code.session.accessToken);
    await call(t.app, 'POST', '/api/auth/request-code', { email });
    secrets.push(await latestCode(t.app, email));

    await call(t.app, 'POST', '/api/auth/request-password-reset', { email });
    const [resetMail] = await mailTo(t.app, email);
    const resetToken = /#token=([A-Za-z0-9_-]+)/.exec(resetMail?.text ?? '')?.[1] ?? 'missing';
    secrets.push(resetToken);
    await call(t.app, 'POST', '/api/auth/complete-reset-password', {
      token: resetToken,
      newPassword: 'the-new-password-never-logged',
    });
    secrets.push('the-new-password-never-logged');

    await call(t.app, 'GET', '/api/userprofile', undefined, { bearer: `${session.accessToken}x` });
    const refreshed = await call(t.app, 'POST', '/api/auth/refresh', undefined, { jar: code.jar });
    secrets.push(String(refreshed.json().accessToken), code.jar.cookies[refreshCookie] ?? '');

    const logs = t.logs.join('\n');
    expect(t.logs.length).toBeGreaterThan(20);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(5);
      expect(logs).not.toContain(secret);
    }
    expect(logs).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.eyJ/);
    expect(logs).not.toContain(email);
    for (const event of [
      'registration_confirmed',
      'session_started',
      'login_failed',
      'password_reset',
      'signed_out_everywhere',
      'token_refused',
    ]) {
      expect(logs).toContain(`"event":"${event}"`);
    }
  });
});
