import { randomBytes } from 'node:crypto';
import { expect, type Page, type Response, type TestInfo } from '@playwright/test';
import type { Deployment } from '../../api/test/deployment/deployment';

/**
 * What the multi-instance specs do as people do it, on a deployment: sign in (in the browser,
 * or over HTTP as a second device), chat on /home, and read back what the server kept.
 */

export const json = { 'content-type': 'application/json' };

/** A fresh address per sign-in (the deployment's database is shared by the spec's tests). */
export const freshEmail = (label: string) =>
  `${label}.${randomBytes(4).toString('hex')}@example.com`;

/** Which process answered (X-Instance). */
export const instanceOf = (response: { headers(): Record<string, string> }) =>
  response.headers()['x-instance'] ?? null;

/**
 * After a test that failed: what each process printed and nginx's error log, attached to its
 * report and printed (a CI log is often all there is to read).
 */
export async function reportDeploymentLogs(deployment: Deployment | undefined, testInfo: TestInfo) {
  if (!deployment || testInfo.status === testInfo.expectedStatus) return;
  const logs = await deployment.logs();
  await testInfo.attach('deployment logs', { body: logs, contentType: 'text/plain' });
  console.log(`\n${testInfo.title}: the deployment's logs\n${logs}`);
}

export const replies = (page: Page) =>
  page.getByRole('region', { name: 'Messages' }).getByRole('listitem', { name: 'Assistant' });
export const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });

export function people(deployment: () => Deployment) {
  /** A session by e-mail code over plain HTTP (a second device, or the test looking underneath). */
  async function signInOverHttp(
    base: string,
    email: string,
  ): Promise<{ token: string; userId: string }> {
    const code = await deployment().codeFor(email, async () => {
      const requested = await fetch(`${base}/api/auth/request-code`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email }),
      });
      expect(requested.status).toBe(202);
    });
    const verified = await fetch(`${base}/api/auth/verify-code`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, code }),
    });
    expect(verified.status).toBe(200);
    const session = (await verified.json()) as { accessToken: string; user: { id: string } };
    return { token: session.accessToken, userId: session.user.id };
  }

  /** A newcomer signs in on /login with an e-mail code, as in the single-process suite. */
  async function signInInBrowser(page: Page, email: string) {
    await page.goto(`${deployment().url}/login`);
    await page.getByRole('button', { name: 'Sign in with an email code instead' }).click();
    const form = page.getByRole('form', { name: 'Sign in with an email code' });
    await form.getByLabel('Email').fill(email);
    const code = await deployment().codeFor(email, () =>
      form.getByRole('button', { name: 'Send Code' }).click(),
    );
    await page.getByRole('textbox', { name: 'Code' }).fill(code);
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await expect(page).toHaveURL(/\/profile$/);
  }

  /** Sends a message on /home; answers the stream's response (which process writes the reply). */
  async function send(page: Page, text: string): Promise<Response> {
    await page.goto(`${deployment().url}/home`);
    await expect(composer(page)).toBeVisible({ timeout: 30_000 });
    const streamed = page.waitForResponse((response) =>
      response.url().endsWith('/api/chat/stream'),
    );
    await composer(page).fill(text);
    await composer(page).press('Enter');
    return streamed;
  }

  /** The user's latest conversation as the server keeps it, and the reply being written in it. */
  async function latestConversation(token: string) {
    const { url } = deployment();
    const auth = { authorization: `Bearer ${token}` };
    const listed = await fetch(`${url}/api/chat/conversations`, { headers: auth });
    const { items } = (await listed.json()) as { items: { id: string }[] };
    const id = items[0]?.id;
    if (!id) throw new Error('no conversation');
    const history = await fetch(`${url}/api/chat/history/${id}`, { headers: auth });
    return (await history.json()) as {
      items: { id: string; role: string; content: string; status: string }[];
      liveReplyId: string | null;
    };
  }

  return { signInOverHttp, signInInBrowser, send, latestConversation };
}
