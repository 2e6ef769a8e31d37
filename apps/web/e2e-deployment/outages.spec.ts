import { expect, test } from '@playwright/test';
import { type Deployment, startDeployment } from '../../api/test/deployment/deployment';
import type { Outages } from '../../api/test/deployment/deployment';
import { freshEmail, json, people, reportDeploymentLogs } from './people';

/**
 * Outages underneath two production processes behind nginx: Redis restarted (empty, as the
 * compose file's keeps nothing on disk), PostgreSQL's connections cut and refused as while it
 * restarts, and the object store unreachable. Each time, whatever needs the missing service
 * answers with a clear error within seconds (never a hang), readiness says which service is
 * missing, nothing half-written stays behind, and the processes recover by themselves once it is
 * back, with no restart.
 */

test.describe.configure({ mode: 'serial' });

let deployment: Deployment;
let outages: Outages;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  deployment = await startDeployment({ outages: true });
  if (!deployment.outages) throw new Error('the deployment has no outages to make');
  outages = deployment.outages;
});

// Playwright reads the fixtures a hook asks for from its first parameter: this one asks none.
// eslint-disable-next-line no-empty-pattern
test.afterEach(async ({}, testInfo) => {
  await reportDeploymentLogs(deployment, testInfo);
});

test.afterAll(async () => {
  await deployment?.stop();
});

const { signInOverHttp } = people(() => deployment);

/** The §8 text of a failure the person can only retry. */
const serverError = { message: 'Server error. Please try again later.' };
/** However a service fails, a request answers within this: never a hang. */
const answerWithinMs = 15_000;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const visitorKey = () => `outage-visitor-${Math.random().toString(36).slice(2)}`.padEnd(43, 'x');

async function timed(request: () => Promise<Response>) {
  const started = Date.now();
  const response = await request();
  const body = await response.text();
  return { status: response.status, body, ms: Date.now() - started };
}

/** Readiness of every process, as nginx's health checks (or an orchestrator) would ask it. */
async function readiness() {
  return Promise.all(
    deployment.instances.map(async (instance) => {
      const answer = await timed(() =>
        fetch(`${instance.url}/api/health/ready`, { signal: AbortSignal.timeout(answerWithinMs) }),
      );
      const { checks } = JSON.parse(answer.body) as { checks: { name: string; ok: boolean }[] };
      return {
        status: answer.status,
        failing: checks.filter((check) => !check.ok).map((check) => check.name),
      };
    }),
  );
}

async function waitUntilReady() {
  await expect
    .poll(async () => (await readiness()).map((answer) => answer.status), { timeout: 30_000 })
    .toEqual(deployment.instances.map(() => 200));
}

/** A chat reply (as a signed-in user, or a visitor): its events' types, in order. */
async function chat(auth: Record<string, string>, message: string) {
  const answer = await timed(() =>
    fetch(`${deployment.url}/api/chat/stream`, {
      method: 'POST',
      headers: { ...json, ...auth },
      body: JSON.stringify({ Message: message, ModelId: 'sandbox' }),
      signal: AbortSignal.timeout(answerWithinMs),
    }),
  );
  const events = [...answer.body.matchAll(/^event: (\w+)$/gm)].map((match) => match[1]);
  return { ...answer, events };
}

/** Starts an image generation; the job's id, or the refusal. */
async function generate(token: string, prompt: string) {
  return timed(() =>
    fetch(`${deployment.url}/api/images/generations`, {
      method: 'POST',
      headers: { ...json, ...bearer(token) },
      body: JSON.stringify({ tool: 'imagen', modelId: 'sandbox', prompt, variants: 1 }),
      signal: AbortSignal.timeout(answerWithinMs),
    }),
  );
}

/** A generation started and run to its end, once the outage is over. */
async function generatesAgain(token: string, prompt: string) {
  const started = await generate(token, prompt);
  expect(started.status).toBe(202);
  const { id } = JSON.parse(started.body) as { id: string };
  await expect.poll(() => jobState(token, id), { timeout: 30_000 }).toBe('completed');
}

/** The refusal a request gets while a service is away: its status and §8 body. */
const refusal = (answer: { status: number; body: string }) => ({
  status: answer.status,
  body: JSON.parse(answer.body) as unknown,
});

async function jobState(token: string, id: string) {
  const job = await fetch(`${deployment.url}/api/jobs/${id}`, { headers: bearer(token) });
  return ((await job.json()) as { state: string }).state;
}

async function upload(token: string) {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWMwXlWOFTEMLQkAJbdVAbuCg2sAAAAASUVORK5CYII=',
    'base64',
  );
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'dot.png');
  return timed(() =>
    fetch(`${deployment.url}/api/chat/upload`, {
      method: 'POST',
      headers: bearer(token),
      body: form,
      signal: AbortSignal.timeout(answerWithinMs),
    }),
  );
}

async function count(sql: string, params: unknown[]) {
  const [row] = await deployment.query<{ n: string }>(sql, params);
  return Number(row?.n ?? 0);
}

test('Redis restarted: readiness names it, what needs it fails at once and clearly, and everything works again once it is back', async () => {
  test.setTimeout(120_000);
  const { token } = await signInOverHttp(deployment.url, freshEmail('redis'));
  await outages.redis.stop();

  expect(await readiness()).toEqual(
    deployment.instances.map(() => ({ status: 503, failing: ['redis'] })),
  );
  // Sign-in codes fail closed (their attempt counters live in Redis): refused, not waited on.
  const code = await timed(() =>
    fetch(`${deployment.url}/api/auth/request-code`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: freshEmail('redis-code') }),
      signal: AbortSignal.timeout(answerWithinMs),
    }),
  );
  expect(refusal(code)).toEqual({ status: 500, body: serverError });
  // Quotas are counted in Redis: a reply or a generation that cannot be counted is refused.
  const reply = await chat({ 'x-visitor-key': visitorKey() }, 'Hello while Redis is away');
  expect(refusal(reply)).toEqual({ status: 500, body: serverError });
  const refused = await generate(token, 'a kite while Redis is away');
  expect(refusal(refused)).toEqual({ status: 500, body: serverError });
  // Pages and what needs no Redis are served meanwhile.
  const page = await fetch(`${deployment.url}/`, { signal: AbortSignal.timeout(answerWithinMs) });
  expect(page.status).toBe(200);

  await outages.redis.start();
  await waitUntilReady();
  const again = await chat(bearer(token), 'Hello again');
  expect(again.events.at(0)).toBe('start');
  expect(again.events.at(-1)).toBe('done');
  await generatesAgain(token, 'a kite once Redis is back');
  await signInOverHttp(deployment.url, freshEmail('redis-after'));
});

test('PostgreSQL restarting: readiness says so, requests fail clearly, and the processes reconnect by themselves', async () => {
  test.setTimeout(120_000);
  const { token } = await signInOverHttp(deployment.url, freshEmail('database'));
  await outages.database.cut();

  expect(await readiness()).toEqual(
    deployment.instances.map(() => ({ status: 503, failing: ['database'] })),
  );
  const health = await fetch(`${deployment.url}/api/health`);
  expect(health.status).toBe(503);
  expect(await health.json()).toMatchObject({ status: 'degraded', database: { ok: false } });
  const listed = await timed(() =>
    fetch(`${deployment.url}/api/chat/conversations`, {
      headers: bearer(token),
      signal: AbortSignal.timeout(answerWithinMs),
    }),
  );
  expect(refusal(listed)).toEqual({ status: 500, body: serverError });
  const refused = await generate(token, 'a kite while the database restarts');
  expect(refusal(refused)).toEqual({ status: 500, body: serverError });

  await outages.database.restore();
  await waitUntilReady();
  const after = await fetch(`${deployment.url}/api/chat/conversations`, { headers: bearer(token) });
  expect(after.status).toBe(200);
  await generatesAgain(token, 'a kite once the database is back');
  await signInOverHttp(deployment.url, freshEmail('database-after'));
});

test('the object store unreachable: uploads and generations fail with a clear message, nothing half-written stays, and they work once it is back', async () => {
  test.setTimeout(120_000);
  const { token, userId } = await signInOverHttp(deployment.url, freshEmail('store'));
  await outages.objectStore.cut();

  expect(await readiness()).toEqual(
    deployment.instances.map(() => ({ status: 503, failing: ['object-store'] })),
  );
  const uploaded = await upload(token);
  expect(refusal(uploaded)).toEqual({
    status: 503,
    body: { message: 'File storage is unavailable right now. Please try again later.' },
  });
  expect(
    await count('select count(*) as n from studio.chat_uploads where user_id = $1', [userId]),
  ).toBe(0);

  // A generation is accepted (the queue is up) and fails when its pictures cannot be kept.
  const started = await generate(token, 'a kite with nowhere to keep it');
  expect(started.status).toBe(202);
  const { id } = JSON.parse(started.body) as { id: string };
  await expect.poll(() => jobState(token, id), { timeout: 45_000 }).toBe('failed');
  const job = (await (
    await fetch(`${deployment.url}/api/jobs/${id}`, { headers: bearer(token) })
  ).json()) as { error: string | null };
  expect(job.error).toBe('File storage is unavailable right now. Please try again later.');
  expect(await count('select count(*) as n from studio.images where user_id = $1', [userId])).toBe(
    0,
  );

  await outages.objectStore.restore();
  await waitUntilReady();
  expect((await upload(token)).status).toBe(200);
  await generatesAgain(token, 'a kite once the store is back');
  expect(await count('select count(*) as n from studio.images where user_id = $1', [userId])).toBe(
    1,
  );
});
