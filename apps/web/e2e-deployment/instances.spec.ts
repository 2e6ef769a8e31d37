import { expect, test } from '@playwright/test';
import { type Deployment, startDeployment } from '../../api/test/deployment/deployment';
import {
  composer,
  freshEmail,
  instanceOf,
  json,
  people,
  replies,
  reportDeploymentLogs,
} from './people';

/**
 * Two production processes behind nginx (round-robin, deploy/nginx/nginx.conf), in Chromium:
 * consecutive requests land on different processes (their X-Instance header says which), and
 * nothing a person does depends on which one answers.
 */

test.describe.configure({ mode: 'serial' });

let deployment: Deployment;
/** What only this deployment's forms limit allows: a few contact messages per address. */
const formsLimit = 4;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  deployment = await startDeployment({
    env: {
      RATE_LIMIT_FORMS_MAX: String(formsLimit),
      RATE_LIMIT_FORMS_WINDOW_SECONDS: '600',
      // Every sign-in of the suite comes from one address: room for them all.
      RATE_LIMIT_AUTH_MAX: '200',
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

const {
  signInOverHttp,
  signInInBrowser,
  send: sendSlowly,
  latestConversation,
} = people(() => deployment);

test('consecutive requests land on different instances', async () => {
  const seen: (string | null)[] = [];
  for (let i = 0; i < 4; i += 1) {
    const response = await fetch(`${deployment.url}/api/health/ready`);
    expect(response.status).toBe(200);
    seen.push(response.headers.get('x-instance'));
  }
  expect(new Set(seen)).toEqual(new Set(['instance-1', 'instance-2']));
  expect(seen[1]).not.toBe(seen[0]);
});

test('a newcomer signs in on one instance and keeps working through the other', async ({
  page,
}) => {
  const answered: { instance: string | null; status: number; url: string }[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/')) {
      answered.push({
        instance: instanceOf(response),
        status: response.status(),
        url: response.url(),
      });
    }
  });
  await signInInBrowser(page, freshEmail('both'));
  await page.goto(`${deployment.url}/home`);
  await expect(composer(page)).toBeVisible({ timeout: 30_000 });
  await page.goto(`${deployment.url}/profile`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The session made on one process is honoured by both: nothing was refused.
  expect(new Set(answered.map((a) => a.instance))).toEqual(new Set(['instance-1', 'instance-2']));
  expect(answered.filter((a) => a.status === 401 || a.status >= 500)).toEqual([]);
});

test('an image uploaded through one instance is served by the other', async () => {
  const [one, other] = deployment.instances as [
    Deployment['instances'][0],
    Deployment['instances'][0],
  ];
  const { token } = await signInOverHttp(one.url, freshEmail('upload'));
  // An 8×8 PNG.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWMwXlWOFTEMLQkAJbdVAbuCg2sAAAAASUVORK5CYII=',
    'base64',
  );
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'dot.png');
  const uploaded = await fetch(`${one.url}/api/chat/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(uploaded.status).toBe(200);
  expect(uploaded.headers.get('x-instance')).toBe('instance-1');
  const { imageUrl } = (await uploaded.json()) as { imageUrl: string };
  const served = await fetch(new URL(imageUrl, other.url), {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(served.status).toBe(200);
  expect(served.headers.get('x-instance')).toBe('instance-2');
  expect(served.headers.get('content-type')).toBe('image/png');
});

test('a streamed reply is stopped through the other instance', async ({ page }) => {
  const email = freshEmail('stop');
  await signInInBrowser(page, email);
  const stream = await sendSlowly(page, '[slow] [long] Tell me a long story about the sea');
  const writer = instanceOf(stream);
  const other = deployment.instances.find((instance) => instance.name !== writer);
  if (!other) throw new Error(`no instance besides ${writer}`);
  // Some words arrive first.
  await expect(replies(page).last()).toContainText(/\w+ \w+ \w+/, { timeout: 20_000 });

  const { token } = await signInOverHttp(deployment.url, email);
  const { liveReplyId } = await latestConversation(token);
  if (!liveReplyId) throw new Error('no reply being written');
  const stopped = await fetch(`${other.url}/api/chat/replies/${liveReplyId}/stop`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(await stopped.json()).toEqual({ stopping: true });

  // The browser, following the reply on the instance writing it, hears the stop.
  await expect(replies(page).last().getByText('Stopped')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  await expect
    .poll(async () => (await latestConversation(token)).liveReplyId, { timeout: 5_000 })
    .toBeNull();
  const kept = await latestConversation(token);
  expect(kept.items.at(-1)).toMatchObject({ id: liveReplyId, status: 'stopped' });
  await expect(replies(page).last()).toContainText(kept.items.at(-1)?.content.slice(0, 40) ?? '');
});

test('a reply goes on through a reload and is shown whole, nothing repeated', async ({ page }) => {
  const email = freshEmail('reload');
  await signInInBrowser(page, email);
  await sendSlowly(page, '[slow] Tell me about lighthouses');
  await expect(replies(page).last()).toContainText(/\w+ \w+/, { timeout: 20_000 });
  const { token } = await signInOverHttp(deployment.url, email);
  // Still being written when the page goes.
  expect((await latestConversation(token)).liveReplyId).not.toBeNull();
  await expect(page).toHaveURL(/[?&]conversation=[\w-]+/);

  await page.reload();
  // The conversation opens again (its id is in the address) and follows the reply (Send shows
  // for the moment its history loads, then Stop while the reply is followed) to its end.
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible({ timeout: 60_000 });
  // The browser may hear the end from the writer's memory a moment before the other instance
  // reads it in Redis (the end and the running set's update travel in one MULTI, just after).
  await expect
    .poll(async () => (await latestConversation(token)).liveReplyId, { timeout: 5_000 })
    .toBeNull();
  const { items } = await latestConversation(token);
  const stored = items.at(-1);
  expect(stored).toMatchObject({ role: 'assistant', status: 'complete' });
  const shown = (await replies(page).last().innerText()).replace(/\s+/g, ' ');
  const lines = (stored?.content ?? '').split('\n').map((line) =>
    line
      .replace(/[*_`#>-]/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
  );
  const longest = lines.reduce((a, b) => (b.length > a.length ? b : a), '');
  expect(longest.length).toBeGreaterThan(20);
  // Once, not twice: the reload's follower started over in place of what was kept.
  expect(shown.split(longest).length - 1).toBe(1);
});

test('a second tab follows a reply live while it is written, and both show it whole', async ({
  page,
  context,
}) => {
  await signInInBrowser(page, freshEmail('second-tab'));
  await sendSlowly(page, '[slow] Tell me about rivers');
  await expect(replies(page).last()).toContainText(/\w+ \w+/, { timeout: 20_000 });
  await expect(page).toHaveURL(/[?&]conversation=[\w-]+/);

  // The same conversation in a second tab of the same browser (its session), on whichever
  // instance nginx sends it to: it follows the reply being written.
  const second = await context.newPage();
  await second.goto(page.url());
  await expect(second.getByRole('button', { name: 'Stop' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible({ timeout: 60_000 });
  await expect(second.getByRole('button', { name: 'Send' })).toBeVisible({ timeout: 20_000 });
  const shown = async (tab: typeof page) =>
    (await replies(tab).last().innerText()).replace(/\s+/g, ' ').trim();
  expect(await shown(second)).toBe(await shown(page));
  await second.close();
});

test('an image generation started on one instance is followed, fetched and cancelled through the other, and runs once', async () => {
  const [one, other] = deployment.instances as [
    Deployment['instances'][0],
    Deployment['instances'][0],
  ];
  const { token, userId } = await signInOverHttp(one.url, freshEmail('images'));
  const auth = { authorization: `Bearer ${token}` };
  const start = (base: string, prompt: string) =>
    fetch(`${base}/api/images/generations`, {
      method: 'POST',
      headers: { ...auth, ...json },
      body: JSON.stringify({ tool: 'imagen', modelId: 'sandbox', prompt, variants: 2 }),
    });
  /** The job's state as a process answers it. */
  const stateOn = async (base: string, jobId: string) => {
    const job = await fetch(`${base}/api/jobs/${jobId}`, { headers: auth });
    return ((await job.json()) as { state: string }).state;
  };
  const started = await start(one.url, 'A red fox in the snow');
  expect(started.status).toBe(202);
  expect(started.headers.get('x-instance')).toBe('instance-1');
  const { id } = (await started.json()) as { id: string };

  // Followed on the other process, whichever runs it.
  await expect.poll(() => stateOn(other.url, id), { timeout: 30_000 }).toBe('completed');
  const image = await fetch(`${other.url}/api/images/jobs/${id}/images/0`, { headers: auth });
  expect(image.status).toBe(200);
  expect(image.headers.get('content-type')).toBe('image/png');
  // Run once: its two pictures, not four.
  const rows = await deployment.query<{ count: string }>(
    `select count(*) from ${deployment.databaseSchema}.images where user_id = $1`,
    [userId],
  );
  expect(Number(rows[0]?.count)).toBe(2);

  // Started on the other, cancelled through the first.
  const slow = await start(other.url, '[slow] A lighthouse at night');
  const { id: slowId } = (await slow.json()) as { id: string };
  const cancelled = await fetch(`${one.url}/api/jobs/${slowId}`, {
    method: 'DELETE',
    headers: auth,
  });
  expect(cancelled.status).toBeLessThan(300);
  await expect.poll(() => stateOn(other.url, slowId), { timeout: 30_000 }).toBe('cancelled');
});

test('voice, music and document jobs started on one instance are followed, fetched and cancelled through the other', async () => {
  test.setTimeout(90_000);
  const [one, other] = deployment.instances as [
    Deployment['instances'][0],
    Deployment['instances'][0],
  ];
  const { token } = await signInOverHttp(one.url, freshEmail('tools'));
  const auth = { authorization: `Bearer ${token}` };
  const post = async (base: string, path: string, body: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { ...auth, ...json },
      body: JSON.stringify(body),
    });
    expect(response.status, await response.clone().text()).toBe(202);
    expect(response.headers.get('x-instance')).toBe(one.name);
    return response.json();
  };
  /** The job's events as the other process streams them, to the last (its final state). */
  const followedOnOther = async (jobId: string) => {
    const response = await fetch(`${other.url}/api/jobs/${jobId}/events`, { headers: auth });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-instance')).toBe(other.name);
    const states = [...(await response.text()).matchAll(/^event: state\ndata: (.+)$/gm)].map(
      (match) => JSON.parse(match[1] ?? '{}') as { state: string; result: unknown },
    );
    return states.at(-1);
  };

  const voice = (await post(one.url, '/api/voice/syntheses', {
    text: 'Xin chào. Hôm nay trời đẹp.',
  })) as { id: string };
  const music = (await post(one.url, '/api/music/pieces', {
    settings: { prompt: 'Rain on a tin roof', genre: 'ambient', durationSeconds: 15 },
  })) as { id: string };
  const { job: document } = (await post(one.url, '/api/office/generations', {
    format: 'docx',
    prompt: 'A one-page note on tea in Thái Nguyên',
    language: 'en',
  })) as { job: { id: string } };

  const [spoken, composed, written] = await Promise.all(
    [voice.id, music.id, document.id].map(followedOnOther),
  );
  expect(spoken?.state).toBe('completed');
  expect(composed?.state).toBe('completed');
  expect(written?.state).toBe('completed');

  // Each result fetched through the other process.
  const audio = await fetch(`${other.url}/api/voice/jobs/${voice.id}/audio`, { headers: auth });
  expect(audio.status).toBe(200);
  expect(audio.headers.get('content-type')).toMatch(/^audio\//);
  const piece = (composed?.result as { piece: { id: string } }).piece;
  const pieceAnswer = await fetch(`${other.url}/api/music/pieces/${piece.id}`, { headers: auth });
  expect(pieceAnswer.status).toBe(200);
  const made = (written?.result as { document: { fileUrl: string } }).document;
  const file = await fetch(new URL(made.fileUrl, other.url), { headers: auth });
  expect(file.status).toBe(200);
  expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(1000);

  // A long synthesis started on one is cancelled through the other, and ends cancelled there.
  const long = (await post(one.url, '/api/voice/syntheses', {
    text: Array.from({ length: 12 }, (_, n) => `Sentence number ${n + 1} is spoken slowly.`).join(
      ' ',
    ),
  })) as { id: string };
  const cancelled = await fetch(`${other.url}/api/jobs/${long.id}`, {
    method: 'DELETE',
    headers: auth,
  });
  // 409 only if it finished first: then there was nothing left to cancel.
  if (cancelled.status !== 409) {
    expect(cancelled.status).toBeLessThan(300);
    expect((await followedOnOther(long.id))?.state).toBe('cancelled');
  }
});

test('the rate limit is counted once across both instances', async () => {
  const statuses: number[] = [];
  const instances = new Set<string | null>();
  for (let i = 0; i < formsLimit + 2; i += 1) {
    const response = await fetch(`${deployment.url}/api/contact`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        name: 'Lan',
        email: 'lan@example.com',
        subject: 'Hello',
        message: 'A message long enough to send.',
      }),
    });
    statuses.push(response.status);
    instances.add(response.headers.get('x-instance'));
  }
  expect(instances).toEqual(new Set(['instance-1', 'instance-2']));
  expect(statuses).toEqual([...Array<number>(formsLimit).fill(201), 429, 429]);
});

test('a sign-in code is used once, whichever instances race for it', async () => {
  const email = freshEmail('race');
  const code = await deployment.codeFor(email, () =>
    fetch(`${deployment.url}/api/auth/request-code`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email }),
    }),
  );
  const answers = await Promise.all(
    deployment.instances.flatMap((instance) =>
      [1, 2].map(() =>
        fetch(`${instance.url}/api/auth/verify-code`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ email, code }),
        }).then((response) => response.status),
      ),
    ),
  );
  expect(answers.sort()).toEqual([200, 401, 401, 401]);
});
