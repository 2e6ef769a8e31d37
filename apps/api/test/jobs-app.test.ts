import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type App, buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import type { JobKind } from '../src/jobs/job-queue.ts';
import { call, latestCode, relaxedAuthLimits, uniqueEmail } from './support/auth.ts';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';
import { startFakeSmtpServer } from './support/fake-smtp-server.ts';
import { deleteRedisKeys, redisEnv, testRedisUrl, uniqueRedisPrefix } from './support/redis.ts';
import { testCsrfSecret, useTestApp } from './support/test-app.ts';

/** The app's background work on the job queue: mail, the schedules, the failed-jobs view. */

const contactForm = {
  name: 'An',
  email: 'an@example.vn',
  subject: 'Invoice',
  message: 'A message long enough to be sent.',
};

describe('mail as a job over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    // The server refuses the first message with a temporary failure.
    smtp = await startFakeSmtpServer({ refuseFirst: 1 });
    database = await createTestDatabase('sqlite');
    app = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        CSRF_SECRET: testCsrfSecret,
        SMTP_URL: smtp.url,
        SUPPORT_EMAIL: 'support@studio.example',
        ...database.env,
      }),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
    await database.drop();
  });

  it('answers at once, retries a refused message with back-off, and delivers it once', async () => {
    const started = Date.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: contactForm,
    });
    expect(response.statusCode).toBe(201);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(smtp.received).toEqual([]);

    expect(await app.jobs.idle(10_000)).toBe(true);
    // Refused once, then delivered after the 2 s back-off.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(['support@studio.example']);
    expect(await app.jobs.failed(10)).toEqual([]);
    expect((await app.jobs.counts())['mail.send']).toMatchObject({ completed: 1, failed: 0 });
  });

  it('schedules the sweeps and the reconciliation as jobs', async () => {
    const counts = await app.jobs.counts();
    expect(Object.keys(counts)).toEqual(
      expect.arrayContaining([
        'mail.send',
        'auth.housekeeping',
        'payments.reconcile',
        'storage.sweep',
      ]),
    );
  });
});

describe('the failed-jobs view in development', () => {
  let database: TestDatabase;
  let app: App;
  let poisonRuns = 0;
  let poison: JobKind<{ n: number }, null>;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    app = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        CSRF_SECRET: testCsrfSecret,
        ...database.env,
      }),
    );
    // A kind that always fails, for the development view (kinds are defined before start).
    poison = app.jobs.define({
      kind: 'test.poison',
      payload: z.object({ n: z.number() }),
      result: z.null(),
      attempts: 2,
      backoffMs: 10,
      run: async () => {
        poisonRuns += 1;
        throw new Error('the <b>poison</b> worked');
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('lists a failed job at /dev/jobs with its kind, owner, error and attempts', async () => {
    const job = await app.jobs.enqueue(poison, { n: 1 }, { ownerId: 'user-42' });
    expect(await app.jobs.idle(5000)).toBe(true);
    expect(poisonRuns).toBe(2);
    expect(await app.jobs.get(job.id)).toMatchObject({ state: 'failed', attempts: 2 });

    const page = await app.inject({ method: 'GET', url: '/dev/jobs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const row = /<tr>\n<td><code>test\.poison<\/code>[\s\S]*?<\/tr>/.exec(page.body)?.[0] ?? '';
    expect(row).toContain(job.id);
    expect(row).toContain('<td>user-42</td>');
    // The error is shown as text, never as markup.
    expect(row).toContain('<pre>the &lt;b&gt;poison&lt;/b&gt; worked</pre>');
    expect(row).toContain('<td>2</td>');
    expect(row).toMatch(/<time datetime="\d{4}-\d\d-\d\dT/);

    const vi = await app.inject({ method: 'GET', url: '/dev/jobs?lang=vi' });
    expect(vi.body).toContain('<h1>Tác vụ thất bại (môi trường phát triển)</h1>');
  });
});

describe.each(['in-process', 'bullmq'] as const)('mail jobs in the app (%s)', (backend) => {
  const prefix = uniqueRedisPrefix('jobs-app');
  const t = useTestApp('sqlite', {
    ...relaxedAuthLimits,
    ...(backend === 'bullmq' ? redisEnv(prefix) : {}),
  });
  afterAll(async () => {
    if (backend === 'bullmq') await deleteRedisKeys(prefix);
  });

  it('delivers a sign-in code through the queue', async () => {
    expect(t.app.jobs.backend).toBe(backend);
    const email = uniqueEmail('queued');
    const response = await call(t.app, 'POST', '/api/auth/request-code', { email });
    expect(response.statusCode).toBe(202);
    expect(await latestCode(t.app, email)).toMatch(/^\d{6}$/);
  });

  // Only BullMQ has job schedulers to look at (declared only there, so nothing counts as skipped).
  if (backend === 'bullmq') {
    it('keeps the schedules as BullMQ job schedulers', async () => {
      const connection = new Redis(testRedisUrl, { maxRetriesPerRequest: null });
      try {
        const every: Record<string, number | undefined> = {};
        for (const kind of ['auth.housekeeping', 'payments.reconcile', 'storage.sweep']) {
          const queue = new Queue(kind, { connection, prefix: `${prefix}:jobs` });
          const schedulers = await queue.getJobSchedulers();
          every[kind] = schedulers.length === 1 ? Number(schedulers[0]?.every) : undefined;
          await queue.close();
        }
        expect(every).toEqual({
          'auth.housekeeping': 3_600_000,
          'payments.reconcile': 300_000,
          'storage.sweep': 3_600_000,
        });
        // A schedule's next run is not counted as work waiting.
        expect((await t.app.jobs.counts())['auth.housekeeping']).toMatchObject({ waiting: 0 });
      } finally {
        connection.disconnect();
      }
    });
  }
});

describe('the jobs configuration', () => {
  it('runs 4 jobs of a kind at once by default, every process is a worker, and a lock lasts 30 s', () => {
    expect(loadConfig({}).jobs).toEqual({ concurrency: 4, worker: true, lockMs: 30_000 });
    expect(
      loadConfig({ JOBS_CONCURRENCY: '12', JOBS_WORKER: 'false', JOBS_LOCK_SECONDS: '5' }).jobs,
    ).toEqual({ concurrency: 12, worker: false, lockMs: 5000 });
  });

  it('refuses a concurrency or a lock out of range, and a worker flag that is not true or false', () => {
    let error: unknown;
    try {
      loadConfig({ JOBS_CONCURRENCY: '0', JOBS_WORKER: 'yes', JOBS_LOCK_SECONDS: '1' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'JOBS_CONCURRENCY: must be a whole number from 1 to 64',
      expect.stringMatching(/^JOBS_WORKER: /),
      'JOBS_LOCK_SECONDS: must be a whole number from 3 to 600',
    ]);
  });
});
