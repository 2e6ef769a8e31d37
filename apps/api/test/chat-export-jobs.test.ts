import { randomUUID } from 'node:crypto';
import { type JobView } from '@studio/contracts';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { relaxedAuthLimits } from './support/auth.ts';
import { asUser, chatUser, insertConversation, type MessageRow } from './support/chat-rows.ts';
import { databaseKinds } from './support/databases.ts';
import { followJobEvents, parseJobEvents } from './support/job-events.ts';
import { deleteRedisKeys, redisEnv, uniqueRedisPrefix } from './support/redis.ts';
import { useTestApp } from './support/test-app.ts';

const notFound = { message: 'The requested resource was not found.' };

/** Conversations whose export waits before reading its first page, until released. */
const held = new Map<string, { promise: Promise<void>; release: () => void }>();
function hold(conversationId: string) {
  let release = () => {};
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  held.set(conversationId, { promise, release });
  return () => release();
}

/** Conversations whose export throws this message when it reads. */
const failing = new Map<string, string>();

/** `count` messages, user and assistant in turn; every tenth reply failed before writing. */
function longConversation(count: number): MessageRow[] {
  return Array.from({ length: count }, (_, index) =>
    index % 2 === 0
      ? { role: 'user', content: `Question ${index + 1}: ${'lorem ipsum '.repeat(5)}` }
      : index % 20 === 19
        ? { role: 'assistant', content: '', status: 'error' }
        : { role: 'assistant', content: `Answer ${index + 1} with **Markdown**` },
  );
}

/** Both databases on the in-process queue, and PostgreSQL with the queue on BullMQ (Redis). */
const setups = [
  ...databaseKinds.map((kind) => ({ kind, queue: 'in-process' as const })),
  { kind: 'postgres' as const, queue: 'bullmq' as const },
];

describe.each(setups)('conversation export jobs on $kind, queue $queue', ({ kind, queue }) => {
  const prefix = uniqueRedisPrefix('export-jobs');
  const t = useTestApp(
    kind,
    {
      ...relaxedAuthLimits,
      ...(queue === 'bullmq' ? redisEnv(prefix) : { REDIS_KEY_PREFIX: prefix }),
    },
    {
      exports: {
        pageSize: 40,
        // A held export waits before its first page, until released or cancelled.
        beforePage: async (page, conversationId, signal) => {
          const failure = failing.get(conversationId);
          if (failure) throw new Error(failure);
          const gate = held.get(conversationId);
          if (page !== 1 || !gate) return;
          await new Promise<void>((resolve, reject) => {
            void gate.promise.then(resolve);
            signal.addEventListener('abort', () => reject(new Error('cancelled')), { once: true });
          });
        },
      },
    },
  );
  afterAll(() => (queue === 'bullmq' ? deleteRedisKeys(prefix) : undefined));
  let address: string | null = null;
  afterAll(() => held.forEach(({ release }) => release()));

  async function listening() {
    address ??= await t.app.listen({ host: '127.0.0.1', port: 0 });
    return address;
  }

  async function openEvents(jobId: string, bearer: string) {
    return followJobEvents(await listening(), jobId, bearer);
  }

  async function ownerWithLongConversation(messages = 450, format = 'json') {
    const owner = await chatUser(t.app, 'export-job');
    const conversationId = await insertConversation(t.app, owner.id, {
      title: 'Kế hoạch du lịch Hội An',
      start: new Date('2026-03-04T05:06:00.000Z'),
      messages: longConversation(messages),
    });
    const api = asUser(t.app, owner.bearer);
    const release = hold(conversationId);
    const started = await api.post(`/api/chat/export/${conversationId}/jobs`, { format });
    expect(started.statusCode, started.body).toBe(202);
    const job = started.json<JobView>();
    return { owner, api, conversationId, job, release };
  }

  it('exports a long conversation: progress over SSE, then the file to download', async () => {
    const { owner, api, job, release } = await ownerWithLongConversation();
    expect(job).toMatchObject({ kind: 'chat.export', result: null, error: null });
    expect(['queued', 'running']).toContain(job.state);

    const events = await openEvents(job.id, owner.bearer);
    expect(events.first).toMatchObject({ type: 'state', data: { id: job.id } });
    release();
    const all = parseJobEvents(await events.ended);

    const progress = all.flatMap((event) => (event.type === 'progress' ? [event.data] : []));
    const stages = [...new Set(progress.map((step) => step.stage))];
    expect(stages).toEqual(['reading', 'writing', 'storing']);
    // 450 messages in pages of 40: twelve reads, each a step further.
    expect(progress.filter((step) => step.stage === 'reading').length).toBeGreaterThanOrEqual(12);
    const percents = progress.map((step) => step.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.at(-1)).toBe(100);

    const last = all.at(-1);
    if (last?.type !== 'state') throw new Error(`the stream ended with ${JSON.stringify(last)}`);
    expect(last.data.state).toBe('completed');
    expect(last.data.finishedAt).not.toBeNull();
    const result = last.data.result as { fileName: string; contentType: string; size: number };
    expect(result.fileName).toMatch(/^Kế hoạch du lịch Hội An-\d{4}-\d{2}-\d{2}\.json$/);
    expect(result.contentType).toContain('application/json');
    // The result names no storage key.
    expect(Object.keys(result).sort()).toEqual(['contentType', 'fileName', 'size']);

    const read = await api.get(`/api/jobs/${job.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(last.data);

    const download = await api.get(`/api/jobs/${job.id}/result`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('application/json');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="/);
    expect(download.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(result.fileName)}`,
    );
    expect(Number(download.headers['content-length'])).toBe(result.size);
    const document = download.json<{ title: string; messages: { content: string }[] }>();
    expect(document.title).toBe('Kế hoạch du lịch Hội An');
    // The replies that failed before writing anything are left out, as in the direct export.
    expect(document.messages).toHaveLength(450 - 22);
    expect(document.messages[0]?.content).toMatch(/^Question 1: /);
    expect(document.messages.at(-1)?.content).toBe('Answer 450 with **Markdown**');

    // The file is the owner's, under exports.
    const stored = [];
    for await (const object of t.app.storage.list(`user:${owner.id}`)) stored.push(object);
    expect(stored.map((object) => object.key)).toEqual([
      expect.stringMatching(new RegExp(`^users/${owner.id}/exports/[0-9a-f]{32}\\.json$`)),
    ]);
  });

  it('exports Markdown, and follows a job that has already ended with its final state', async () => {
    const { owner, api, job, release } = await ownerWithLongConversation(120, 'markdown');
    release();
    await vi.waitFor(async () =>
      expect((await api.get(`/api/jobs/${job.id}`)).json<JobView>().state).toBe('completed'),
    );
    const events = await openEvents(job.id, owner.bearer);
    expect(parseJobEvents(await events.ended)).toEqual([
      { type: 'state', data: expect.objectContaining({ state: 'completed' }) },
    ]);
    const download = await api.get(`/api/jobs/${job.id}/result`);
    expect(download.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(download.body.split('\n')[0]).toBe('# Kế hoạch du lịch Hội An');
    expect(download.body.match(/^### You · /gm)).toHaveLength(60);
  });

  it('shows a job to its owner only: 404 on every job route for anyone else, 401 without a token', async () => {
    const { api, conversationId, job, release } = await ownerWithLongConversation(10);
    release();
    await vi.waitFor(async () =>
      expect((await api.get(`/api/jobs/${job.id}`)).json<JobView>().state).toBe('completed'),
    );
    const stranger = asUser(t.app, (await chatUser(t.app, 'stranger')).bearer);
    for (const response of [
      await stranger.get(`/api/jobs/${job.id}`),
      await stranger.get(`/api/jobs/${job.id}/events`),
      await stranger.get(`/api/jobs/${job.id}/result`),
      await stranger.delete(`/api/jobs/${job.id}`),
      await stranger.post(`/api/chat/export/${conversationId}/jobs`, { format: 'json' }),
      await api.get(`/api/jobs/${randomUUID()}`),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
    for (const path of ['', '/events', '/result']) {
      const visitor = await t.app.inject({ method: 'GET', url: `/api/jobs/${job.id}${path}` });
      expect(visitor.statusCode).toBe(401);
    }
    // Still the owner's, untouched.
    expect((await api.get(`/api/jobs/${job.id}/result`)).statusCode).toBe(200);
  });

  it('cancels a running job: it ends cancelled, keeps no file, and cannot be cancelled twice', async () => {
    const { owner, api, job, release } = await ownerWithLongConversation(200);
    await vi.waitFor(async () =>
      expect((await api.get(`/api/jobs/${job.id}`)).json<JobView>().state).toBe('running'),
    );
    const events = await openEvents(job.id, owner.bearer);
    expect((await api.get(`/api/jobs/${job.id}/result`)).statusCode).toBe(409);

    const cancelled = await api.delete(`/api/jobs/${job.id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<JobView>().state).toBe('cancelled');
    release();
    const last = parseJobEvents(await events.ended).at(-1);
    expect(last).toMatchObject({ type: 'state', data: { state: 'cancelled' } });

    const again = await api.delete(`/api/jobs/${job.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'The job has already finished.' });
    expect((await api.get(`/api/jobs/${job.id}/result`)).statusCode).toBe(409);
    const stored = [];
    for await (const object of t.app.storage.list(`user:${owner.id}`)) stored.push(object);
    expect(stored).toEqual([]);
  });

  it("fails with words for the user, never a driver's own", async () => {
    const owner = await chatUser(t.app, 'export-job-failure');
    const api = asUser(t.app, owner.bearer);
    const outcomes = [];
    for (const failure of [
      'The conversation no longer exists.',
      'SQLITE_IOERR: disk I/O error at /var/lib/secret.db',
    ]) {
      const id = await insertConversation(t.app, owner.id, { title: 'Fails', messages: [] });
      failing.set(id, failure);
      const job = (
        await api.post(`/api/chat/export/${id}/jobs`, { format: 'json' })
      ).json<JobView>();
      const failed = await vi.waitFor(
        async () => {
          const now = (await api.get(`/api/jobs/${job.id}`)).json<JobView>();
          expect(now.state).toBe('failed');
          return now;
        },
        { timeout: 8000, interval: 50 },
      );
      outcomes.push(failed.error);
      expect(failed.result).toBeNull();
      expect((await api.get(`/api/jobs/${job.id}/result`)).statusCode).toBe(409);
    }
    expect(outcomes).toEqual([
      'The conversation no longer exists.',
      'Server error. Please try again later.',
    ]);
  });

  it('refuses a format it does not know, and a conversation that is not there', async () => {
    const owner = await chatUser(t.app, 'export-job-input');
    const api = asUser(t.app, owner.bearer);
    const id = await insertConversation(t.app, owner.id, { title: 'Short', messages: [] });
    const bad = await api.post(`/api/chat/export/${id}/jobs`, { format: 'pdf' });
    expect(bad.statusCode).toBe(400);
    const missing = await api.post(`/api/chat/export/${randomUUID()}/jobs`, { format: 'json' });
    expect(missing.statusCode).toBe(404);
  });
});

describe.each(databaseKinds)('export files expire on %s', (kind) => {
  let clock = new Date();
  const t = useTestApp(
    kind,
    { ...relaxedAuthLimits, REDIS_KEY_PREFIX: uniqueRedisPrefix('export-expiry') },
    { now: () => clock },
  );

  it('keeps an export file for a day, then the storage sweep deletes it', async () => {
    clock = new Date();
    const owner = await chatUser(t.app, 'export-expiry');
    const api = asUser(t.app, owner.bearer);
    const id = await insertConversation(t.app, owner.id, {
      title: 'Old export',
      messages: longConversation(4),
    });
    const job = (await api.post(`/api/chat/export/${id}/jobs`, { format: 'json' })).json<JobView>();
    await vi.waitFor(async () =>
      expect((await api.get(`/api/jobs/${job.id}`)).json<JobView>().state).toBe('completed'),
    );
    const files = async () => {
      const keys = [];
      for await (const object of t.app.storage.list(`user:${owner.id}`)) keys.push(object.key);
      return keys;
    };
    expect(await files()).toHaveLength(1);

    // Two hours on: past the sweep's grace, still within the day.
    clock = new Date(Date.now() + 2 * 3_600_000);
    await t.app.storageSweep();
    expect(await files()).toHaveLength(1);

    // A day and an hour on: gone.
    clock = new Date(Date.now() + 25 * 3_600_000);
    await t.app.storageSweep();
    expect(await files()).toEqual([]);
  });
});
