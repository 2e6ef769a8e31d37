import { type JobView, uploadResponse } from '@studio/contracts';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../src/app.ts';
import { relaxedAuthLimits } from './support/auth.ts';
import { asUser, chatUser, insertConversation } from './support/chat-rows.ts';
import { followJobEvents, parseJobEvents } from './support/job-events.ts';
import { redisEnv, uniqueRedisPrefix } from './support/redis.ts';
import { startS3Server } from './support/s3-server.ts';
import { useSharedDatabaseApps } from './support/shared-database-apps.ts';

/**
 * Two processes of one deployment, as behind a load balancer: one PostgreSQL schema, one Redis
 * prefix, one S3 bucket. The first is web-only (JOBS_WORKER=false): it takes requests and
 * enqueues, and never runs a job; the second runs the jobs. A file stored through either is
 * served by the other, and a job started on the first is followed on the first while the second
 * runs it: nothing a request needs lives in one process.
 */

const s3 = await startS3Server();
afterAll(() => s3.stop());

/** The export waits before its first page until the test has started following it. */
let releaseExport: () => void = () => {};
const exportMayStart = () =>
  new Promise<void>((resolve) => {
    releaseExport = resolve;
  });
let gate = exportMayStart();

function uploadImage(app: App, bearer: string, data: Buffer) {
  const boundary = `----studio${Math.random().toString(16).slice(2)}`;
  return app.inject({
    method: 'POST',
    url: '/api/chat/upload',
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: {
      authorization: `Bearer ${bearer}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
}

describe('one deployment, two processes (PostgreSQL, Redis, S3)', () => {
  const shared = useSharedDatabaseApps(
    'postgres',
    2,
    { ...relaxedAuthLimits, ...redisEnv(uniqueRedisPrefix('two-processes')), ...s3.env },
    {
      exports: {
        pageSize: 50,
        beforePage: async (page) => {
          if (page === 1) await gate;
        },
      },
    },
    (index): Record<string, string> => (index === 0 ? { JOBS_WORKER: 'false' } : {}),
  );
  let web: App;
  let worker: App;
  let listening: string | null = null;
  afterAll(() => releaseExport());

  it('serves a file stored through one process from the other, to its owner only', async () => {
    [web, worker] = shared.apps as [App, App];
    const owner = await chatUser(web, 'two-processes');
    const stranger = await chatUser(worker, 'two-processes-stranger');
    const image = await sharp({
      create: { width: 24, height: 16, channels: 3, background: { r: 200, g: 90, b: 20 } },
    })
      .png()
      .toBuffer();
    const uploaded = await uploadImage(web, owner.bearer, image);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { imageUrl } = uploadResponse.parse(uploaded.json());

    const served = await asUser(worker, owner.bearer).get(imageUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(24);
    expect((await asUser(worker, stranger.bearer).get(imageUrl)).statusCode).toBe(404);
  });

  it('runs a job started on the web-only process on the other, and the first follows it', async () => {
    [web, worker] = shared.apps as [App, App];
    expect(web.config.jobs.worker).toBe(false);
    const owner = await chatUser(web, 'two-processes-export');
    const conversationId = await insertConversation(web, owner.id, {
      title: 'Hai tiến trình',
      start: new Date('2026-05-06T07:08:00.000Z'),
      messages: Array.from({ length: 240 }, (_, index) => ({
        role: index % 2 === 0 ? ('user' as const) : ('assistant' as const),
        content: `Message ${index + 1}`,
      })),
    });
    gate = exportMayStart();
    const started = await asUser(web, owner.bearer).post(
      `/api/chat/export/${conversationId}/jobs`,
      { format: 'markdown' },
    );
    expect(started.statusCode, started.body).toBe(202);
    const job = started.json<JobView>();

    // Follow it on the web-only process, over a real connection.
    listening ??= await web.listen({ host: '127.0.0.1', port: 0 });
    const events = await followJobEvents(listening, job.id, owner.bearer);
    // The worker has taken it (the web-only process never would) and waits at its first page.
    await vi.waitFor(
      async () => {
        const counts = await worker.jobs.counts();
        expect(counts['chat.export']?.active).toBe(1);
      },
      { interval: 20, timeout: 5000 },
    );
    releaseExport();

    const all = parseJobEvents(await events.ended);
    const stages = new Set(
      all.flatMap((event) => (event.type === 'progress' ? [event.data.stage] : [])),
    );
    expect([...stages]).toEqual(['reading', 'writing', 'storing']);
    const last = all.at(-1);
    expect(last).toMatchObject({ type: 'state', data: { id: job.id, state: 'completed' } });

    // The file the worker stored is downloaded from the web-only process.
    const download = await asUser(web, owner.bearer).get(`/api/jobs/${job.id}/result`);
    expect(download.statusCode).toBe(200);
    expect(download.body.split('\n')[0]).toBe('# Hai tiến trình');
    expect(download.body).toContain('Message 240');
  });
});
