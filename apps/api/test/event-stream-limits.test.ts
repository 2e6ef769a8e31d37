import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { relaxedAuthLimits } from './support/auth.ts';
import { chatUser } from './support/chat-rows.ts';
import { databaseKinds } from './support/databases.ts';
import { imagesTestEnv, jobWhen, newVisitorKey, startGeneration } from './support/images.ts';
import { useTestApp } from './support/test-app.ts';

/**
 * How many server-sent event streams one caller, and one job, may hold open (issue 22 §8: 2,000
 * streams on one job were all accepted). Over real connections, since a stream stays open:
 * the one past a limit gets 429 with Retry-After, and a stream's slot comes back when it closes,
 * whichever way it closes.
 */

interface OpenStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body so far (the whole body once `ended` resolves). */
  text(): string;
  ended: Promise<void>;
  close(): void;
}

function openStream(
  base: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<OpenStream> {
  const request = http.request(`${base}${path}`, {
    agent: false,
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      accept: 'text/event-stream',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
  });
  request.end(body === undefined ? undefined : JSON.stringify(body));
  return new Promise((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      const ended = new Promise<void>((done) => {
        response.on('end', done);
        response.on('close', done);
      });
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        text: () => text,
        ended,
        close: () => request.destroy(),
      });
    });
  });
}

const tooMany = (text: string) => ({
  message: 'Too many requests. Please try again later.',
  errors: [text],
});

describe.each(databaseKinds)('event stream limits on %s', (kind) => {
  const t = useTestApp(kind, {
    ...imagesTestEnv,
    ...relaxedAuthLimits,
    RATE_LIMIT_API_MAX: '100000',
    EVENT_STREAMS_PER_CALLER: '3',
    EVENT_STREAMS_PER_JOB: '2',
    // Visitors' images are counted by address too: room for four jobs from one.
    IMAGE_DAILY_LIMIT_VISITOR: '50',
  });
  let base = '';
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const followJob = (jobId: string, headers: Record<string, string>) =>
    openStream(base, `/api/jobs/${jobId}/events`, headers);
  const slowChat = (headers: Record<string, string>, message = '[slow] tell me a long story') =>
    openStream(base, '/api/chat/stream', headers, { Message: message, ModelId: 'sandbox' });
  /** The 429 comes as JSON, whole. */
  async function refused(stream: OpenStream) {
    await stream.ended;
    expect(stream.status, stream.text()).toBe(429);
    expect(stream.headers['retry-after']).toBe('5');
    return JSON.parse(stream.text()) as unknown;
  }

  it('lets a job be followed by at most EVENT_STREAMS_PER_JOB streams, and counts a closed one out', async () => {
    const owner = await chatUser(t.app, `streams-job-${kind}`);
    const job = await startGeneration(t.app, owner, { prompt: '[slow] a lighthouse', variants: 4 });
    const first = await followJob(job.id, bearer(owner.bearer));
    const second = await followJob(job.id, bearer(owner.bearer));
    expect([first.status, second.status]).toEqual([200, 200]);

    expect(await refused(await followJob(job.id, bearer(owner.bearer)))).toEqual(
      tooMany('events: 2 event streams follow this job already; close one and try again'),
    );

    // The client goes away: its slot comes back.
    first.close();
    const third = await vi.waitFor(
      async () => {
        const stream = await followJob(job.id, bearer(owner.bearer));
        expect(stream.status).toBe(200);
        return stream;
      },
      { timeout: 2_000, interval: 50 },
    );

    // The job ends: its streams end, and their slots come back.
    await t.app.inject({
      method: 'DELETE',
      url: `/api/jobs/${job.id}`,
      headers: bearer(owner.bearer),
    });
    await Promise.all([second.ended, third.ended]);
    await jobWhen(t.app, { bearer: owner.bearer }, job.id);
    for (let n = 0; n < 3; n += 1) {
      const after = await followJob(job.id, bearer(owner.bearer));
      await after.ended;
      expect(after.status).toBe(200);
    }
  });

  it('lets one caller hold at most EVENT_STREAMS_PER_CALLER streams, chat replies and jobs together', async () => {
    const owner = await chatUser(t.app, `streams-caller-${kind}`);
    const jobs = [
      await startGeneration(t.app, owner, { prompt: '[slow] a harbour', variants: 4 }),
      await startGeneration(t.app, owner, { prompt: '[slow] a forest', variants: 4 }),
    ];
    const open = [
      await followJob(jobs[0]?.id ?? '', bearer(owner.bearer)),
      await followJob(jobs[1]?.id ?? '', bearer(owner.bearer)),
      await slowChat(bearer(owner.bearer)),
    ];
    expect(open.map((stream) => stream.status)).toEqual([200, 200, 200]);
    const conversations = async () =>
      (
        await t.app.db
          .selectFrom('chat_conversations')
          .select('id')
          .where('user_id', '=', owner.id)
          .execute()
      ).length;
    const before = await conversations();

    const fullText = tooMany(
      'events: 3 event streams are open for you already (other tabs or replies); close one and try again',
    );
    expect(await refused(await slowChat(bearer(owner.bearer)))).toEqual(fullText);
    expect(await refused(await followJob(jobs[0]?.id ?? '', bearer(owner.bearer)))).toEqual(
      fullText,
    );
    // A refused reply stores nothing (and costs no quota): it was refused before it began.
    expect(await conversations()).toBe(before);

    // Another user is not held back by this one.
    const other = await chatUser(t.app, `streams-other-${kind}`);
    const theirs = await slowChat(bearer(other.bearer), 'hello');
    await theirs.ended;
    expect(theirs.status).toBe(200);

    for (const stream of open) stream.close();
    for (const job of jobs) {
      await t.app.inject({
        method: 'DELETE',
        url: `/api/jobs/${job.id}`,
        headers: bearer(owner.bearer),
      });
    }
    await vi.waitFor(
      async () => {
        const again = await slowChat(bearer(owner.bearer), 'hello again');
        await again.ended;
        expect(again.status).toBe(200);
      },
      { timeout: 2_000, interval: 50 },
    );
  });

  it('gives a slot back when the request is refused after it was taken', async () => {
    const owner = await chatUser(t.app, `streams-refused-${kind}`);
    // Admitted, then refused by the chat itself (no such model): each time the slot comes back.
    for (let n = 0; n < 5; n += 1) {
      const refusedByChat = await openStream(base, '/api/chat/stream', bearer(owner.bearer), {
        Message: 'hello',
        ModelId: 'no-such-model',
      });
      await refusedByChat.ended;
      expect(refusedByChat.status).toBeGreaterThanOrEqual(400);
      expect(refusedByChat.status).not.toBe(429);
    }
    const streams = await Promise.all([0, 1, 2].map(() => slowChat(bearer(owner.bearer))));
    expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200]);
    for (const stream of streams) stream.close();
  });

  it('counts visitors by their address, whatever keys they make up', async () => {
    const keys = [newVisitorKey(), newVisitorKey(), newVisitorKey(), newVisitorKey()];
    const jobs = [];
    for (const visitorKey of keys) {
      jobs.push(await startGeneration(t.app, { visitorKey }, { prompt: '[slow] a fox' }));
    }
    const visitor = (index: number) => ({ 'x-visitor-key': keys[index] ?? '' });
    const open = [];
    for (let index = 0; index < 3; index += 1) {
      open.push(await followJob(jobs[index]?.id ?? '', visitor(index)));
    }
    expect(open.map((stream) => stream.status)).toEqual([200, 200, 200]);
    expect(await refused(await followJob(jobs[3]?.id ?? '', visitor(3)))).toEqual(
      tooMany(
        'events: 3 event streams are open for you already (other tabs or replies); close one and try again',
      ),
    );
    for (const stream of open) stream.close();
  });
});
