import {
  IMAGE_PROMPT_MAX_LENGTH,
  type ImageJob,
  type ImageJobResult,
  type ImageModelsResponse,
  PNG_PARAMETERS_KEYWORD,
  parseImageParameters,
  readPngTextChunks,
} from '@studio/contracts';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { relaxedAuthLimits } from './support/auth.ts';
import { chatUser } from './support/chat-rows.ts';
import { databaseKinds, skipPostgres } from './support/databases.ts';
import {
  type Caller,
  generationForm,
  headersOf,
  imagesTestEnv,
  jobWhen,
  maskPng,
  newVisitorKey,
  quotaOf,
  send,
  solidPng,
  startGeneration,
} from './support/images.ts';
import { followJobEvents, parseJobEvents } from './support/job-events.ts';
import { deleteRedisKeys, redisEnv, uniqueRedisPrefix } from './support/redis.ts';
import { useTestApp } from './support/test-app.ts';

describe.each(databaseKinds)('image generations on %s', (kind) => {
  const t = useTestApp(kind, { ...relaxedAuthLimits, ...imagesTestEnv });
  let address: string | null = null;

  async function user(label: string): Promise<Caller & { id: string; bearer: string }> {
    return chatUser(t.app, label);
  }

  async function rowsOf(userId: string) {
    return t.app.db.selectFrom('images').selectAll().where('user_id', '=', userId).execute();
  }

  it('makes two variants: queued → running → completed, two gallery rows, PNGs with their parameters', async () => {
    const owner = await user('images-two');
    // Slow enough to follow from its `generating` stage on.
    const job = await startGeneration(t.app, owner, {
      prompt: '[slow] Một con cáo đỏ trong tuyết',
      negativePrompt: 'blurry',
      variants: 2,
      seed: 1234,
      aspectRatio: '16:9',
      style: 'watercolor',
    });
    expect(job).toMatchObject({ kind: 'images.generate', result: null, error: null });
    expect(['queued', 'running']).toContain(job.state);

    address ??= await t.app.listen({ host: '127.0.0.1', port: 0 });
    const events = await followJobEvents(address, job.id, owner.bearer);
    const all = parseJobEvents(await events.ended);
    const stages = [
      ...new Set(
        all.flatMap((event) =>
          event.type === 'progress'
            ? [event.data.stage]
            : event.data.progress
              ? [event.data.progress.stage]
              : [],
        ),
      ),
    ];
    expect(stages).toEqual(['generating', 'storing']);
    const last = all.at(-1);
    if (last?.type !== 'state') throw new Error('the stream did not end with a state');
    expect(last.data.state).toBe('completed');
    const result = last.data.result as ImageJobResult;
    expect(result.requested).toBe(2);
    expect(result.shortfall).toBe(0);
    expect(result.images).toHaveLength(2);
    // Each variant its own seed, from the one asked for.
    expect(result.images.map((image) => image.seed)).toEqual([1234, 1235]);

    const rows = await rowsOf(owner.id);
    expect(rows).toHaveLength(2);
    for (const [index, image] of result.images.entries()) {
      expect(image).toMatchObject({
        jobId: job.id,
        index,
        tool: 'imagen',
        mode: 'generate',
        prompt: '[slow] Một con cáo đỏ trong tuyết',
        negativePrompt: 'blurry',
        modelId: 'sandbox',
        modelName: 'Sandbox image',
        aspectRatio: '16:9',
        style: 'watercolor',
        parentId: null,
        fileUrl: `/api/images/${image.id}/file`,
      });
      expect(image.width).toBeGreaterThan(image.height);
      const file = await send(t.app, owner, 'GET', image.fileUrl);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['content-disposition']).toBe('inline');
      const png = file.rawPayload;
      const metadata = await sharp(png).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual([
        'png',
        image.width,
        image.height,
      ]);
      const text = readPngTextChunks(png)[PNG_PARAMETERS_KEYWORD];
      expect(text).toBeDefined();
      const parameters = parseImageParameters(text ?? '');
      expect(parameters).toMatchObject({
        prompt: '[slow] Một con cáo đỏ trong tuyết',
        negativePrompt: 'blurry',
        model: 'Sandbox image',
        seed: image.seed,
        width: image.width,
        height: image.height,
        mode: 'generate',
        style: 'watercolor',
        tool: 'imagen',
      });
      // The files are the owner's, under images.
      expect(rows.find((row) => row.id === image.id)?.storage_key).toMatch(
        new RegExp(`^users/${owner.id}/images/[0-9a-f]{32}\\.png$`),
      );
    }
    const download = await send(t.app, owner, 'GET', `${result.images[0]?.fileUrl}?download=1`);
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="slow-mot-con-cao-do-trong-tuyet-\d+\.png"/,
    );
    // The job's images are readable by the job route too.
    const byJob = await send(t.app, owner, 'GET', `/api/images/jobs/${job.id}/images/1`);
    expect(byJob.statusCode).toBe(200);
    expect(byJob.rawPayload.equals(download.rawPayload)).toBe(false);
    expect((await quotaOf(t.app, owner)).used).toBe(2);
  });

  it('reports a short count as a shortfall and gives its unit back', async () => {
    const owner = await user('images-short');
    const job = await startGeneration(t.app, owner, { prompt: '[short] two cats', variants: 3 });
    const done = await jobWhen(t.app, owner, job.id);
    expect(done.state).toBe('completed');
    expect(done.result).toMatchObject({ requested: 3, shortfall: 1 });
    expect(done.result?.images).toHaveLength(2);
    expect(await rowsOf(owner.id)).toHaveLength(2);
    expect(await quotaOf(t.app, owner)).toMatchObject({ limit: 8, used: 2, remaining: 6 });
  });

  it("fails with the provider's words for the user, not retried when refused, and gives every unit back", async () => {
    const owner = await user('images-refused');
    const refused = await startGeneration(t.app, owner, { prompt: '[refuse] a fox', variants: 2 });
    const failed = await jobWhen(t.app, owner, refused.id);
    expect(failed.state).toBe('failed');
    expect(failed.error).not.toBe('Server error. Please try again later.');
    expect(failed.error).toMatch(/refused|policy/i);
    expect((await t.app.jobs.get(refused.id))?.attempts).toBe(1);

    const broken = await startGeneration(t.app, owner, { prompt: '[fail] a fox' });
    const failedTwice = await jobWhen(t.app, owner, broken.id);
    expect(failedTwice.state).toBe('failed');
    expect(failedTwice.error).not.toBe('Server error. Please try again later.');
    expect((await t.app.jobs.get(broken.id))?.attempts).toBe(2);

    expect(await rowsOf(owner.id)).toHaveLength(0);
    expect((await quotaOf(t.app, owner)).used).toBe(0);
  });

  it('cancels a running job and a queued one: both end cancelled, nothing kept, units back', async () => {
    const owner = await user('images-cancel');
    // Two run at once per owner: the third waits.
    const jobs: ImageJob[] = [];
    for (let index = 0; index < 3; index += 1) {
      jobs.push(await startGeneration(t.app, owner, { prompt: `[slow] sunset ${index}` }));
    }
    const [first, second, third] = jobs as [ImageJob, ImageJob, ImageJob];
    await jobWhen(t.app, owner, first.id, ['running']);
    expect((await quotaOf(t.app, owner)).used).toBe(3);
    for (const job of [third, first]) {
      const cancelled = await send(t.app, owner, 'DELETE', `/api/jobs/${job.id}`);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json<ImageJob>().state).toBe('cancelled');
    }
    expect((await t.app.jobs.get(third.id))?.attempts).toBe(0);
    await jobWhen(t.app, owner, second.id, ['completed']);
    expect(await rowsOf(owner.id)).toHaveLength(1);
    expect((await quotaOf(t.app, owner)).used).toBe(1);
    const image = await send(t.app, owner, 'GET', `/api/images/jobs/${first.id}/images/0`);
    expect(image.statusCode).toBe(409);
  });

  it('counts each variant against the plan: 429 with the quota body, a higher limit on Pro', async () => {
    const free = await user('images-quota-free');
    const offer = (
      await send(t.app, free, 'GET', '/api/images/models')
    ).json<ImageModelsResponse>();
    expect(offer).toMatchObject({ defaultModelId: 'sandbox', sandbox: true });
    expect(offer.models.map((model) => [model.id, model.plan, model.available])).toEqual([
      ['sandbox', 'free', true],
      ['sandbox-imagen', 'free', true],
      ['sandbox-pro', 'pro', false],
    ]);
    expect(offer.quota).toEqual({
      limit: 8,
      used: 0,
      remaining: 8,
      resetsAt: expect.stringMatching(/T00:00:00\.000Z$/),
      allowances: { visitor: 3, free: 8 },
    });
    await startGeneration(t.app, free, { prompt: 'one', variants: 4 });
    await startGeneration(t.app, free, { prompt: 'two', variants: 3 });
    const over = await send(t.app, free, 'POST', '/api/images/generations', {
      tool: 'generator',
      modelId: 'sandbox',
      prompt: 'three',
      variants: 2,
    });
    // 7 of 8 used, 2 asked: refused, saying what is left.
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      message: "Only 1 of today's images is left.",
      code: 'quota',
      limit: 8,
      remaining: 1,
      refusedBy: 'plan',
      resetsAt: expect.stringMatching(/T00:00:00\.000Z$/),
      upgradeUrl: '/plans',
    });
    // The refused request took nothing: the last unit is still there.
    await startGeneration(t.app, free, { prompt: 'four', variants: 1 });
    const none = await send(t.app, free, 'POST', '/api/images/generations', {
      tool: 'generator',
      modelId: 'sandbox',
      prompt: 'five',
    });
    expect(none.json()).toMatchObject({
      message: "You have reached today's limit of 8 images.",
      remaining: 0,
      refusedBy: 'plan',
    });

    const pro = await user('images-quota-pro');
    await t.app.db
      .updateTable('users')
      .set({ subscription_tier: 'pro' })
      .where('id', '=', pro.id)
      .execute();
    expect(await quotaOf(t.app, pro)).toMatchObject({ limit: 10, used: 0, remaining: 10 });
    const models = (await send(t.app, pro, 'GET', '/api/images/models')).json<{
      models: { id: string; available: boolean }[];
    }>().models;
    expect(models.find((model) => model.id === 'sandbox-pro')?.available).toBe(true);
    await startGeneration(t.app, pro, { prompt: 'pro', variants: 4, modelId: 'sandbox-pro' });
    await startGeneration(t.app, pro, { prompt: 'pro', variants: 4 });
    expect((await quotaOf(t.app, pro)).remaining).toBe(2);
  });

  it('counts a visitor by their key, with a ceiling per address, and gives a cancel back to both', async () => {
    // Addresses of this test's own (TEST-NET-3), apart from every other test's 127.0.0.1.
    const office = `203.0.113.${kind === 'sqlite' ? 10 : 20}`;
    const home = `203.0.113.${kind === 'sqlite' ? 11 : 21}`;
    const cafe = `203.0.113.${kind === 'sqlite' ? 12 : 22}`;
    const visitor = (address: string) => ({ visitorKey: newVisitorKey(), address });
    const ask = (caller: Caller, variants: number) =>
      send(t.app, caller, 'POST', '/api/images/generations', {
        tool: 'anime',
        modelId: 'sandbox',
        prompt: 'a paper crane',
        variants,
      });

    // The visitor limit is 3 per key; 2 used, 2 asked: refused with what is left; 1 is made.
    const first = visitor(office);
    expect(await quotaOf(t.app, first)).toMatchObject({ limit: 3, used: 0, remaining: 3 });
    await startGeneration(t.app, first, { prompt: 'two', variants: 2 });
    const over = await ask(first, 2);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      message: "Only 1 of today's images is left.",
      code: 'quota',
      limit: 3,
      remaining: 1,
      refusedBy: 'plan',
      resetsAt: expect.stringMatching(/T00:00:00\.000Z$/),
      upgradeUrl: '/plans',
    });
    expect((await ask(first, 1)).statusCode).toBe(202);
    expect(await quotaOf(t.app, first)).toMatchObject({ used: 3, remaining: 0 });

    // A second browser behind the same address has its own 3 (the address has 4 of 7 left).
    const second = visitor(office);
    expect(await quotaOf(t.app, second)).toMatchObject({ limit: 3, used: 0, remaining: 3 });
    await startGeneration(t.app, second, { prompt: 'three', variants: 3 });

    // A third: its own count is untouched, but the address has 1 of its 7 left.
    const third = visitor(office);
    expect(await quotaOf(t.app, third)).toMatchObject({ limit: 3, used: 0, remaining: 1 });
    const shared = await ask(third, 2);
    expect(shared.statusCode).toBe(429);
    expect(shared.json()).toMatchObject({
      message:
        "Only 1 of today's images is left for visitors sharing your network. Sign in to keep going.",
      limit: 3,
      remaining: 1,
      refusedBy: 'address',
    });
    expect((await ask(third, 1)).statusCode).toBe(202);
    expect((await ask(third, 1)).json()).toMatchObject({
      message: "Visitors sharing your network have used today's images. Sign in to keep going.",
      remaining: 0,
      refusedBy: 'address',
    });
    // Without a key, a visitor is counted by address with the visitor limit.
    expect(await quotaOf(t.app, { address: office })).toMatchObject({ limit: 3, remaining: 0 });
    // Another address is another ceiling; a user behind the full one is not held by it.
    expect(await quotaOf(t.app, visitor(home))).toMatchObject({ used: 0, remaining: 3 });
    const member = { ...(await user('images-behind-office')), address: office };
    expect((await ask(member, 2)).statusCode).toBe(202);

    // A job cancelled before it made anything gives its units back to the key and the address.
    const slow = visitor(cafe);
    const job = await startGeneration(t.app, slow, { prompt: '[slow] later', variants: 2 });
    expect(await quotaOf(t.app, { address: cafe })).toMatchObject({ used: 2 });
    expect((await send(t.app, slow, 'DELETE', `/api/jobs/${job.id}`)).statusCode).toBe(200);
    await jobWhen(t.app, slow, job.id, ['cancelled']);
    await vi.waitFor(async () => {
      expect(await quotaOf(t.app, slow)).toMatchObject({ used: 0, remaining: 3 });
      expect(await quotaOf(t.app, { address: cafe })).toMatchObject({ used: 0 });
    });
  });

  it('refuses what cannot be made: a locked or unknown model, a missing capability, a bad request', async () => {
    const owner = await user('images-refusals');
    const post = (body: Record<string, unknown>) =>
      send(t.app, owner, 'POST', '/api/images/generations', {
        tool: 'imagen',
        modelId: 'sandbox',
        prompt: 'a lighthouse',
        ...body,
      });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ modelId: 'sandbox-pro' }, 403, 'Sandbox Pro needs the Pro plan. Upgrade to use it.'],
      [{ modelId: 'nope' }, 400, 'This model is not available. Choose another model.'],
      [
        { modelId: 'sandbox-imagen', seed: 7 },
        400,
        'Sandbox Imagen cannot take a seed. Choose another model or remove it from the request.',
      ],
      [
        { modelId: 'sandbox-imagen', negativePrompt: 'fog' },
        400,
        'Sandbox Imagen cannot take a negative prompt. Choose another model or remove it from the request.',
      ],
      [
        { prompt: 'x'.repeat(IMAGE_PROMPT_MAX_LENGTH + 1) },
        400,
        `The prompt is too long: at most ${IMAGE_PROMPT_MAX_LENGTH} characters.`,
      ],
      [{ prompt: '   ' }, 400, 'Describe the picture you want.'],
      [{ mode: 'edit' }, 400, 'Choose the image to start from.'],
      [{ variants: 9 }, 400, 'Invalid request. Please check your input.'],
    ];
    for (const [body, status, message] of cases) {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json<{ message: string }>().message).toBe(message);
    }
    expect((await quotaOf(t.app, owner)).used).toBe(0);
  });

  it('edits an uploaded source with a mask, then a gallery image; checks the mask and the uploads', async () => {
    const owner = await user('images-edit');
    // The sandbox answers 1024 × 1024 for a square edit: a source of that size stays unscaled.
    const source = await solidPng(1024, 1024);
    const mask = await maskPng(1024, 1024, 64);
    const form = generationForm(
      { tool: 'imagen', mode: 'edit', modelId: 'sandbox', prompt: 'a red door' },
      [
        { field: 'source', data: source },
        { field: 'mask', data: mask },
      ],
    );
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/images/generations',
      headers: { ...headersOf(owner), 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(started.statusCode, started.body).toBe(202);
    const edited = await jobWhen(t.app, owner, started.json<ImageJob>().id);
    expect(edited.state).toBe('completed');
    const first = edited.result?.images[0];
    if (!first) throw new Error('no edited image');
    expect(first).toMatchObject({ mode: 'edit', parentId: null, width: 1024, height: 1024 });
    // Only the masked corner changed.
    const pixels = await sharp((await send(t.app, owner, 'GET', first.fileUrl)).rawPayload)
      .removeAlpha()
      .raw()
      .toBuffer();
    const original = await sharp(source).raw().toBuffer();
    const at = (buffer: Buffer, x: number, y: number) =>
      [...buffer.subarray((y * 1024 + x) * 3, (y * 1024 + x) * 3 + 3)].join(',');
    expect(at(pixels, 600, 600)).toBe(at(original, 600, 600));
    expect(at(pixels, 10, 10)).not.toBe(at(original, 10, 10));
    // The uploads are gone once the job has ended.
    const inputs = [];
    for await (const object of t.app.storage.list(`user:${owner.id}`)) {
      if (object.key.includes('/image-inputs/')) inputs.push(object.key);
    }
    expect(inputs).toEqual([]);

    // A gallery image as the source: the new image is its child.
    const again = await startGeneration(t.app, owner, {
      mode: 'edit',
      prompt: 'now blue',
      sourceImageId: first.id,
    });
    const child = (await jobWhen(t.app, owner, again.id)).result?.images[0];
    expect(child).toMatchObject({ mode: 'edit', parentId: first.id, width: 1024 });

    for (const [files, status, message] of [
      [
        [
          { field: 'source' as const, data: source },
          { field: 'mask' as const, data: await maskPng(128, 128, 8) },
        ],
        400,
        'The mask must be the same size as the image it marks.',
      ],
      [
        [
          { field: 'source' as const, data: source },
          { field: 'mask' as const, data: await sharp(source).jpeg().toBuffer() },
        ],
        400,
        'The mask must be a PNG image (transparent where the picture may change).',
      ],
      [[{ field: 'source' as const, data: Buffer.from('not an image') }], 415, undefined],
      [
        [{ field: 'source' as const, data: Buffer.alloc(1024 * 1024 + 1, 7) }],
        413,
        'The image is larger than 1 MB.',
      ],
      [
        [
          { field: 'source' as const, data: source },
          { field: 'source' as const, data: source },
        ],
        400,
        'Send the request as multipart/form-data: the field "request" (JSON) and the files "source", "mask" and "reference" (at most 3).',
      ],
    ] as const) {
      const bad = generationForm(
        { tool: 'imagen', mode: 'edit', modelId: 'sandbox', prompt: 'x' },
        [...files],
      );
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/images/generations',
        headers: { ...headersOf(owner), 'content-type': bad.contentType },
        payload: bad.payload,
      });
      expect(response.statusCode, response.body).toBe(status);
      if (message) expect(response.json<{ message: string }>().message).toBe(message);
    }
    const noEdit = generationForm(
      { tool: 'imagen', mode: 'edit', modelId: 'sandbox-imagen', prompt: 'x' },
      [{ field: 'source', data: source }],
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/images/generations',
      headers: { ...headersOf(owner), 'content-type': noEdit.contentType },
      payload: noEdit.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(
      'Sandbox Imagen cannot edit images. Choose another model or remove it from the request.',
    );
  });
});

describe.skipIf(skipPostgres)('image generations on postgres, queue bullmq', () => {
  const prefix = uniqueRedisPrefix('image-jobs');
  const t = useTestApp('postgres', { ...relaxedAuthLimits, ...imagesTestEnv, ...redisEnv(prefix) });
  afterAll(() => deleteRedisKeys(prefix));

  it("runs a user's and a visitor's generations, a refusal once, and gives back a cancelled job's units", async () => {
    const owner = await chatUser(t.app, 'images-bullmq');
    const made = await jobWhen(
      t.app,
      owner,
      (await startGeneration(t.app, owner, { prompt: 'a harbour', variants: 2 })).id,
    );
    expect(made).toMatchObject({ state: 'completed', result: { requested: 2, shortfall: 0 } });
    const image = made.result?.images[1];
    expect((await send(t.app, owner, 'GET', image?.fileUrl ?? '')).statusCode).toBe(200);

    const visitor = { visitorKey: newVisitorKey() };
    const theirs = await jobWhen(
      t.app,
      visitor,
      (await startGeneration(t.app, visitor, { prompt: 'a kite' })).id,
    );
    expect(theirs.state).toBe('completed');
    expect(
      (await send(t.app, visitor, 'GET', theirs.result?.images[0]?.fileUrl ?? '')).statusCode,
    ).toBe(200);
    expect((await send(t.app, owner, 'GET', `/api/jobs/${theirs.id}`)).statusCode).toBe(404);

    const refused = await jobWhen(
      t.app,
      owner,
      (await startGeneration(t.app, owner, { prompt: '[refuse] a kite' })).id,
    );
    expect(refused.state).toBe('failed');
    expect((await t.app.jobs.get(refused.id))?.attempts).toBe(1);

    const slow = [];
    for (let index = 0; index < 3; index += 1) {
      slow.push(await startGeneration(t.app, owner, { prompt: `[slow] tide ${index}` }));
    }
    for (const job of [...slow].reverse()) {
      const cancelled = await send(t.app, owner, 'DELETE', `/api/jobs/${job.id}`);
      expect([200, 202], cancelled.body).toContain(cancelled.statusCode);
      await jobWhen(t.app, owner, job.id, ['cancelled']);
    }
    expect((await quotaOf(t.app, owner)).used).toBe(2);
  });
});
