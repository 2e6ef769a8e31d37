import { expect, test, type Page } from '@playwright/test';
import { type Deployment, startDeployment } from '../../api/test/deployment/deployment';
import { freshEmail, instanceOf, json, people, replies, reportDeploymentLogs } from './people';

/**
 * Faults in a deployment of two production processes behind nginx, in Chromium: a process
 * stopped or killed in the middle of a reply or of a job. Nothing is lost: the reply ends where
 * it got to, saved and shown as such, and the person can regenerate it; the job is run again by
 * the other process, once.
 */

test.describe.configure({ mode: 'serial' });

let deployment: Deployment;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  deployment = await startDeployment({
    env: {
      // A short grace, so a stopped process gives up its reply within the test's patience.
      SHUTDOWN_GRACE_SECONDS: '3',
      // A short job lock, so a job whose process died is taken up again within it too.
      JOBS_LOCK_SECONDS: '4',
    },
  });
});

// Playwright reads the fixtures a hook asks for from its first parameter: this one asks none.
// eslint-disable-next-line no-empty-pattern
test.afterEach(async ({}, testInfo) => {
  await reportDeploymentLogs(deployment, testInfo);
});

test.afterAll(async () => {
  await deployment?.stop();
});

const { signInOverHttp, signInInBrowser, send, latestConversation } = people(() => deployment);

/** Signs in in the browser, and over HTTP for the test to look at what the server kept. */
async function signIn(page: Page, email: string): Promise<string> {
  await signInInBrowser(page, email);
  return (await signInOverHttp(deployment.url, email)).token;
}

/** Starts a slow reply on /home; answers the process writing it, once some words have come. */
async function startSlowReply(page: Page, text: string) {
  const writer = instanceOf(await send(page, text));
  const instance = deployment.instances.find((candidate) => candidate.name === writer);
  if (!instance) throw new Error(`no instance named ${writer}`);
  await expect(replies(page).last()).toContainText(/\w+ \w+ \w+/, { timeout: 20_000 });
  return instance;
}

async function lastMessage(token: string) {
  const { items, liveReplyId } = await latestConversation(token);
  return { message: items.at(-1), liveReplyId };
}

test('a process killed mid-reply: the reply is saved as far as it got, shown interrupted, and regenerates', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const token = await signIn(page, freshEmail('killed'));
  const writer = await startSlowReply(page, '[slow] [long] Tell me about the tides');

  await writer.stop('SIGKILL');
  // The browser follows the reply again on the other process, which finds its writer dead
  // (no heartbeat for 12 s) and ends it where its log got to.
  const reply = replies(page).last();
  await expect(reply.getByText('Interrupted')).toBeVisible({ timeout: 45_000 });
  const { message, liveReplyId } = await lastMessage(token);
  expect(liveReplyId).toBeNull();
  expect(message).toMatchObject({ role: 'assistant', status: 'interrupted' });
  // Some words had come (startSlowReply waits for three), so something was kept: as far as
  // the log had got when the writer died, and the page shows what was kept.
  expect(message?.content.trim()).not.toBe('');
  await expect(reply).toContainText((message?.content ?? '').split('\n')[0]?.trim() ?? '');

  // Regenerate answers again, on the process still running.
  await reply.getByRole('button', { name: 'Regenerate', exact: true }).click();
  await expect(replies(page).last().getByText('Interrupted')).toBeHidden({ timeout: 10_000 });
  await writer.start();
});

test('a process stopped mid-reply: the reply ends within the grace, saved, for the browser following it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const token = await signIn(page, freshEmail('stopped'));
  const writer = await startSlowReply(page, '[slow] [long] Tell me about the moon');

  const exited = writer.stop('SIGTERM');
  await expect(replies(page).last().getByText('Interrupted')).toBeVisible({ timeout: 30_000 });
  expect(await exited).toBe(0);
  const { message } = await lastMessage(token);
  expect(message).toMatchObject({ role: 'assistant', status: 'interrupted' });
  // What the browser shows is what was kept: the page agrees with the server.
  const firstWords = message?.content
    .replace(/[*_`#>-]/g, '')
    .split(/\s+/)
    .slice(0, 4)
    .join(' ');
  await expect(replies(page).last()).toContainText(firstWords ?? '');
  await writer.start();
});

test('a process killed while it runs a generation: the other takes the job up again and finishes it, once', async () => {
  test.setTimeout(90_000);
  const { token, userId } = await signInOverHttp(deployment.url, freshEmail('job-killed'));
  const auth = { authorization: `Bearer ${token}` };
  // The sandbox takes 2 s to draw a [slow] picture: the process dies in the middle.
  const started = await fetch(`${deployment.url}/api/images/generations`, {
    method: 'POST',
    headers: { ...auth, ...json },
    body: JSON.stringify({
      tool: 'imagen',
      modelId: 'sandbox',
      prompt: '[slow] A harbour at dawn',
      variants: 2,
    }),
  });
  expect(started.status).toBe(202);
  const { id } = (await started.json()) as { id: string };
  let runner: string | null = null;
  await expect
    .poll(async () => (runner = await deployment.jobRunner('images.generate', id)), {
      intervals: [50],
      timeout: 10_000,
    })
    .not.toBeNull();
  const dying = deployment.instances.find((instance) => instance.name === runner);
  if (!dying) throw new Error(`no instance named ${runner}`);
  await dying.stop('SIGKILL');

  // Its lock expires (4 s), the survivor's stalled check puts it back and the survivor runs it.
  // nginx may answer one request with its own 502 page while it finds the process gone (seen
  // once in many runs): a browser's follower asks again (followJobToItsEnd), and so does this.
  const stateOf = async () => {
    const job = await fetch(`${deployment.url}/api/jobs/${id}`, { headers: auth });
    if (!job.ok) return `answered ${job.status}`;
    return ((await job.json()) as { state: string }).state;
  };
  await expect.poll(stateOf, { timeout: 40_000 }).toBe('completed');
  const survivor = deployment.instances.find((instance) => instance !== dying);
  expect(await deployment.jobRunner('images.generate', id)).toBe(survivor?.name);
  // Run to its end once: its two pictures, not four.
  const rows = await deployment.query<{ count: string }>(
    `select count(*) from ${deployment.databaseSchema}.images where user_id = $1`,
    [userId],
  );
  expect(Number(rows[0]?.count)).toBe(2);
  await dying.start();
});
