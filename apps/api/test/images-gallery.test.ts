import { randomBytes } from 'node:crypto';
import {
  GALLERY_PAGE_SIZE,
  type GalleryPage,
  type GeneratedImage,
  type ImageFamily,
  type ImageJob,
} from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { createQuotaHoldsRepository } from '../src/domains/usage/quota-holds.repository.ts';
import { relaxedAuthLimits } from './support/auth.ts';
import { chatUser } from './support/chat-rows.ts';
import { databaseKinds } from './support/databases.ts';
import {
  type Caller,
  imagesTestEnv,
  jobWhen,
  newVisitorKey,
  quotaOf,
  send,
  solidPng,
  startGeneration,
} from './support/images.ts';
import { parseJobEvents } from './support/job-events.ts';
import { useTestApp } from './support/test-app.ts';

const notFound = { message: 'The requested resource was not found.' };

/** Gallery rows written straight into the table (what finished jobs would have written). */
async function insertImages(
  app: App,
  userId: string,
  rows: { id: string; parentId?: string | null; createdAt: string }[],
) {
  const png = await solidPng(8, 8);
  for (const row of rows) {
    const stored = await app.storage.put({
      owner: `user:${userId}`,
      purpose: 'images',
      extension: 'png',
      contentType: 'image/png',
      body: png,
      maxBytes: 1024 * 1024,
    });
    await app.db
      .insertInto('images')
      .values({
        id: row.id,
        user_id: userId,
        job_id: `images.generate~${row.id}`,
        idx: 0,
        tool: 'imagen',
        mode: row.parentId ? 'edit' : 'generate',
        prompt: `picture ${row.id}`,
        negative_prompt: null,
        model_id: 'sandbox',
        model_name: 'Sandbox image',
        seed: 4_000_000_000,
        aspect_ratio: '1:1',
        style: null,
        width: 8,
        height: 8,
        parent_id: row.parentId ?? null,
        storage_key: stored.key,
        created_at: row.createdAt,
      })
      .execute();
  }
}

const uid = (label: string) => `${label}-${randomBytes(6).toString('base64url')}`;

describe.each(databaseKinds)('the image gallery on %s', (kind) => {
  const t = useTestApp(kind, { ...relaxedAuthLimits, ...imagesTestEnv });

  const user = (label: string): Promise<Caller & { id: string; bearer: string }> =>
    chatUser(t.app, label);

  it('mounts the sandbox image server at /sandbox/images (the OpenAI Images API)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/sandbox/images/v1/images/generations',
      payload: { model: 'gpt-image-1', prompt: 'a boat', n: 1, size: '256x256' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [image] = response.json<{ data: { b64_json: string }[] }>().data;
    const png = Buffer.from(image?.b64_json ?? '', 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
  });

  it('forgets, after two days, the quota holds of jobs that never ended; settles a hold once', async () => {
    const holds = createQuotaHoldsRepository(t.app.db);
    const key = { meter: 'images', subject: 'user:nobody', day: '2026-05-01' };
    const ceiling = { ...key, subject: 'visitor:an-address' };
    const [lost, live, shared] = [uid('lost'), uid('live'), uid('shared')];
    await holds.insert(lost, { keys: [key], units: 2 }, new Date(Date.now() - 3 * 86_400_000));
    await holds.insert(live, { keys: [key], units: 3 }, new Date());
    await holds.insert(shared, { keys: [key, ceiling], units: 1 }, new Date());
    expect(await holds.deleteOlderThan(new Date(Date.now() - 2 * 86_400_000))).toBe(1);
    expect(await holds.take(lost)).toBeNull();
    expect(await holds.take(live)).toEqual({ keys: [key], units: 3 });
    expect(await holds.take(live)).toBeNull();
    // A visitor's hold names their key's count and their address's ceiling: both come back.
    expect(await holds.take(shared)).toEqual({ keys: [key, ceiling], units: 1 });
    await expect(
      holds.insert(
        uid('other-day'),
        { keys: [key, { ...ceiling, day: '2026-05-02' }], units: 1 },
        new Date(),
      ),
    ).rejects.toThrow(/one count and at most one ceiling/);
  });

  it('pages a gallery newest first, ties by id, with an opaque cursor; refuses a bad one', async () => {
    const owner = await user('gallery-pages');
    const base = Date.parse('2026-05-01T10:00:00.000Z');
    const rows = Array.from({ length: GALLERY_PAGE_SIZE + 6 }, (_, index) => ({
      id: uid(`p${index}`),
      // Pairs share a second: the cursor must still split them exactly.
      createdAt: new Date(base + Math.floor(index / 2) * 1000).toISOString(),
    }));
    await insertImages(t.app, owner.id, rows);
    const first = await send(t.app, owner, 'GET', '/api/images');
    expect(first.statusCode).toBe(200);
    const page1 = first.json<GalleryPage>();
    expect(page1.images).toHaveLength(GALLERY_PAGE_SIZE);
    expect(page1.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const page2 = (
      await send(t.app, owner, 'GET', `/api/images?cursor=${page1.nextCursor}`)
    ).json<GalleryPage>();
    expect(page2.images).toHaveLength(6);
    expect(page2.nextCursor).toBeNull();
    const seen = [...page1.images, ...page2.images];
    const expected = [...rows].sort(
      (a, b) => b.createdAt.localeCompare(a.createdAt) || (b.id < a.id ? -1 : 1),
    );
    expect(seen.map((image) => image.id)).toEqual(expected.map((row) => row.id));
    expect(seen[0]).toMatchObject({
      seed: 4_000_000_000,
      fileUrl: `/api/images/${seen[0]?.id}/file`,
    });

    const stranger = await user('gallery-stranger');
    expect((await send(t.app, stranger, 'GET', '/api/images')).json<GalleryPage>()).toEqual({
      images: [],
      nextCursor: null,
    });
    for (const cursor of ['nope!', Buffer.from('{"t":"x"}').toString('base64url')]) {
      const bad = await send(t.app, owner, 'GET', `/api/images?cursor=${cursor}`);
      expect(bad.statusCode).toBe(400);
    }
    expect((await send(t.app, {}, 'GET', '/api/images')).statusCode).toBe(401);
  });

  it("shows an image's whole family; a deleted parent leaves its children as roots, and its file goes", async () => {
    const owner = await user('gallery-family');
    const at = (second: number) => new Date(Date.UTC(2026, 4, 2, 0, 0, second)).toISOString();
    const [root, a, b, a1, other] = ['root', 'a', 'b', 'a1', 'other'].map(uid) as [
      string,
      string,
      string,
      string,
      string,
    ];
    await insertImages(t.app, owner.id, [
      { id: root, createdAt: at(0) },
      { id: a, parentId: root, createdAt: at(1) },
      { id: b, parentId: root, createdAt: at(2) },
      { id: a1, parentId: a, createdAt: at(3) },
      { id: other, createdAt: at(4) },
    ]);
    const family = (
      await send(t.app, owner, 'GET', `/api/images/${a1}/family`)
    ).json<ImageFamily>();
    expect(family.rootId).toBe(root);
    expect(family.images.map((image) => [image.id, image.parentId])).toEqual([
      [root, null],
      [a, root],
      [b, root],
      [a1, a],
    ]);

    const key = (
      await t.app.db
        .selectFrom('images')
        .select('storage_key')
        .where('id', '=', a)
        .executeTakeFirstOrThrow()
    ).storage_key;
    const deleted = await send(t.app, owner, 'DELETE', `/api/images/${a}`);
    expect(deleted.statusCode).toBe(204);
    expect(await t.app.storage.head(key)).toBeNull();
    expect((await send(t.app, owner, 'GET', `/api/images/${a}`)).statusCode).toBe(404);
    const orphan = (
      await send(t.app, owner, 'GET', `/api/images/${a1}/family`)
    ).json<ImageFamily>();
    expect(orphan).toMatchObject({ rootId: a1, images: [{ id: a1, parentId: null }] });
    expect(
      (await send(t.app, owner, 'GET', `/api/images/${root}/family`))
        .json<ImageFamily>()
        .images.map((image) => image.id),
    ).toEqual([root, b]);
  });

  it("answers 404 for another user's image, file, family, delete, source, parent, job and job image", async () => {
    const owner = await user('gallery-owner');
    const job = await startGeneration(t.app, owner, { prompt: 'a private garden' });
    const done = await jobWhen(t.app, owner, job.id);
    const image = done.result?.images[0] as GeneratedImage;
    expect(image).toBeDefined();

    const stranger = await user('gallery-thief');
    const visitor = { visitorKey: newVisitorKey() };
    for (const caller of [stranger, visitor]) {
      const responses = [
        await send(t.app, caller, 'GET', `/api/jobs/${job.id}`),
        await send(t.app, caller, 'GET', `/api/jobs/${job.id}/events`),
        await send(t.app, caller, 'DELETE', `/api/jobs/${job.id}`),
        await send(t.app, caller, 'GET', `/api/images/jobs/${job.id}/images/0`),
        await send(t.app, caller, 'POST', '/api/images/generations', {
          tool: 'imagen',
          modelId: 'sandbox',
          mode: 'variation',
          sourceImageId: image.id,
        }),
        await send(t.app, caller, 'POST', '/api/images/generations', {
          tool: 'imagen',
          modelId: 'sandbox',
          prompt: 'iterate',
          parentImageId: image.id,
        }),
      ];
      if (caller === stranger) {
        responses.push(
          await send(t.app, caller, 'GET', `/api/images/${image.id}`),
          await send(t.app, caller, 'GET', `/api/images/${image.id}/file`),
          await send(t.app, caller, 'GET', `/api/images/${image.id}/family`),
          await send(t.app, caller, 'DELETE', `/api/images/${image.id}`),
        );
      }
      for (const response of responses) {
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json()).toEqual(notFound);
      }
      expect((await quotaOf(t.app, caller)).used).toBe(0);
    }
    // Still the owner's, untouched.
    expect((await send(t.app, owner, 'GET', image.fileUrl)).statusCode).toBe(200);
    expect((await send(t.app, owner, 'GET', `/api/images/${image.id}`)).json()).toEqual(image);
  });

  it("a visitor's images: a key is required, their jobs and files are theirs only, nothing in the gallery", async () => {
    const noKey = await send(t.app, {}, 'POST', '/api/images/generations', {
      tool: 'generator',
      modelId: 'sandbox',
      prompt: 'a lantern',
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json<{ message: string }>().message).toMatch(/X-Visitor-Key/);
    const badKey = await send(t.app, { visitorKey: 'short' }, 'POST', '/api/images/generations', {
      tool: 'generator',
      modelId: 'sandbox',
      prompt: 'a lantern',
    });
    expect(badKey.statusCode).toBe(400);

    const visitor = { visitorKey: newVisitorKey() };
    const job = await startGeneration(t.app, visitor, { prompt: 'a lantern', variants: 2 });
    const done = await jobWhen(t.app, visitor, job.id);
    expect(done.state).toBe('completed');
    const images = done.result?.images ?? [];
    expect(images.map((image) => [image.id, image.fileUrl, image.parentId])).toEqual([
      [`${job.id}:0`, `/api/images/jobs/${encodeURIComponent(job.id)}/images/0`, null],
      [`${job.id}:1`, `/api/images/jobs/${encodeURIComponent(job.id)}/images/1`, null],
    ]);
    // Their events, with their key: the job as it ended.
    const events = await send(t.app, visitor, 'GET', `/api/jobs/${job.id}/events`);
    expect(events.statusCode).toBe(200);
    expect(parseJobEvents(events.body)).toEqual([
      { type: 'state', data: expect.objectContaining({ id: job.id, state: 'completed' }) },
    ]);
    const file = await send(t.app, visitor, 'GET', images[1]?.fileUrl ?? '');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(
      await t.app.db.selectFrom('images').select('id').where('job_id', '=', job.id).execute(),
    ).toEqual([]);
    const kept = [];
    for await (const object of t.app.storage.list('system')) {
      if (object.key.startsWith('system/visitor-images/')) kept.push(object.key);
    }
    expect(kept.length).toBeGreaterThanOrEqual(2);

    // Another visitor, a user, or nobody: not theirs.
    const other = { visitorKey: newVisitorKey() };
    const someone = await user('visitor-peeker');
    for (const caller of [other, someone]) {
      expect((await send(t.app, caller, 'GET', `/api/jobs/${job.id}`)).statusCode).toBe(404);
      expect((await send(t.app, caller, 'GET', images[0]?.fileUrl ?? '')).statusCode).toBe(404);
    }
    expect((await send(t.app, {}, 'GET', `/api/jobs/${job.id}`)).statusCode).toBe(401);
    expect((await send(t.app, {}, 'GET', images[0]?.fileUrl ?? '')).statusCode).toBe(401);
    // A bad bearer token is refused even with a good key.
    expect(
      (await send(t.app, { ...visitor, bearer: 'not-a-token' }, 'GET', `/api/jobs/${job.id}`))
        .statusCode,
    ).toBe(401);
    // A visitor cannot read a user's job.
    const userJob = await startGeneration(t.app, someone, { prompt: 'mine' });
    expect((await send(t.app, visitor, 'GET', `/api/jobs/${userJob.id}`)).statusCode).toBe(404);

    // A visitor cancels their own job with their key; its unit comes back.
    const slow = await startGeneration(t.app, visitor, { prompt: '[slow] later' });
    const cancelled = await send(t.app, visitor, 'DELETE', `/api/jobs/${slow.id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<ImageJob>().state).toBe('cancelled');

    // The visitor's quota is counted by their key: another browser has its own allowance.
    expect(await quotaOf(t.app, visitor)).toMatchObject({ limit: 3, used: 2, remaining: 1 });
    expect(await quotaOf(t.app, other)).toMatchObject({ limit: 3, used: 0, remaining: 3 });
  });
});
