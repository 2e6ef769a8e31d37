import { randomBytes } from 'node:crypto';
import http from 'node:http';
import {
  type VisionAnswer,
  type VisionCatalogueResponse,
  type VisionRead,
  type VisionReadJob,
  type VisionReadsPage,
  visionTexts,
} from '@studio/contracts';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTesseractEngine, type OcrEngine, OcrError } from '../src/domains/providers/index.ts';
import { relaxedAuthLimits } from './support/auth.ts';
import { chatUser } from './support/chat-rows.ts';
import { databaseKinds } from './support/databases.ts';
import { draw, drawTable } from './support/drawn-text.ts';
import {
  type Caller,
  headersOf,
  jobWhen,
  newVisitorKey,
  send,
  startGeneration,
} from './support/images.ts';
import { useTestApp } from './support/test-app.ts';

/** One engine for every app here: its worker starts once and is kept. */
const tesseract = createTesseractEngine({
  concurrency: 1,
  maxQueue: 4,
  timeoutMs: 30_000,
  maxPixels: 4_000_000,
});
afterAll(() => tesseract.close());

/**
 * The real engine behind a gate: `hold()` makes the next picture wait (until `release()` or its
 * cancel) before the engine reads it, so a test can cancel a read while it runs.
 */
function gated(inner: OcrEngine) {
  let holdNext = false;
  let reached: () => void = () => undefined;
  let release: () => void = () => undefined;
  const engine: OcrEngine = {
    languages: () => inner.languages(),
    close: async () => undefined,
    async recognize(image, request) {
      if (holdNext) {
        holdNext = false;
        await new Promise<void>((resolve, reject) => {
          release = resolve;
          const abort = () => reject(new OcrError('cancelled', 'Reading was cancelled.'));
          if (request.signal.aborted) abort();
          request.signal.addEventListener('abort', abort, { once: true });
          reached();
        });
      }
      return inner.recognize(image, request);
    },
  };
  return {
    engine,
    hold: () =>
      new Promise<void>((resolve) => {
        holdNext = true;
        reached = resolve;
      }),
    release: () => release(),
  };
}

/** Words no log line may carry: a question asked and a word read from a picture. */
const secretQuestion = 'Which harbour lantern is brightest tonight?';
const vietnamese = [
  'Tiếng Việt có dấu: ở, ữ, ặ, đường phố Hà Nội',
  'Người dân thành phố Hồ Chí Minh rất thân thiện.',
];
const tableRows = [
  ['Item', 'Qty', 'Price'],
  ['Apples', '12', '3.50'],
  ['Pears', '7', '2.25'],
];

type Part = { name: string; value: string } | { name: string; file: Buffer; fileName: string };

/** A multipart/form-data body, as a browser sends one. */
function multipart(parts: readonly Part[]) {
  const boundary = `----vision${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        part.file,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

interface StreamEvent {
  type: string;
  data: Record<string, unknown>;
}

/** The server-sent events of a whole stream body. */
function eventsOf(body: string): StreamEvent[] {
  return body
    .split('\n\n')
    .filter((frame) => frame.startsWith('event: '))
    .map((frame) => {
      const [event = '', data = ''] = frame.split('\n');
      return {
        type: event.slice('event: '.length),
        data: JSON.parse(data.slice('data: '.length)) as Record<string, unknown>,
      };
    });
}

describe.each(databaseKinds)('the vision tool on %s', (kind) => {
  const gate = gated(tesseract);
  let clockOffsetMs = 0;
  const t = useTestApp(
    kind,
    {
      ...relaxedAuthLimits,
      RATE_LIMIT_API_MAX: '100000',
      // Trace: every line the app may write is checked for the words it was given.
      LOG_LEVEL: 'trace',
      CHAT_MODELS: JSON.stringify([
        { id: 'sandbox-text', name: 'Text only', provider: 'sandbox', model: 'sandbox' },
        {
          id: 'sandbox-eyes',
          name: 'Sees',
          provider: 'sandbox',
          model: 'sandbox',
          capabilities: ['text', 'vision'],
        },
        {
          id: 'sandbox-pro',
          name: 'Sees on Pro',
          provider: 'sandbox',
          model: 'sandbox',
          capabilities: ['text', 'vision'],
          plan: 'pro',
        },
      ]),
      IMAGE_MODELS: JSON.stringify([
        { id: 'sandbox', name: 'Sandbox image', provider: 'sandbox', model: 'gpt-image-1' },
      ]),
      VISION_DAILY_READS_VISITOR: '2',
      VISION_DAILY_READS_FREE: '20',
      VISION_DAILY_READS_PER_ADDRESS: '100',
      OCR_MAX_MEGAPIXELS: '2',
    },
    {
      ocr: { engine: gate.engine },
      now: () => new Date(Date.now() + clockOffsetMs),
    },
  );

  let addressCount = 0;
  const visitor = (): Caller => ({
    visitorKey: newVisitorKey(),
    address: `198.51.100.${(addressCount += 1)}`,
  });
  const user = async (label: string): Promise<Caller> => ({
    bearer: (await chatUser(t.app, label)).bearer,
  });
  const get = (caller: Caller, url: string) => send(t.app, caller, 'GET', url);
  const catalogue = async (caller: Caller) => {
    const response = await get(caller, '/api/vision/catalogue');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<VisionCatalogueResponse>();
  };
  const post = (caller: Caller, parts: readonly Part[]) => {
    const body = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/vision/reads',
      payload: body.payload,
      headers: { ...headersOf(caller), ...body.headers },
      ...(caller.address ? { remoteAddress: caller.address } : {}),
    });
  };
  const picture = (png: Buffer, languages: string, fileName = 'picture.png'): Part[] => [
    { name: 'file', file: png, fileName },
    { name: 'languages', value: languages },
  ];
  const started = async (caller: Caller, parts: readonly Part[]): Promise<VisionReadJob> => {
    const response = await post(caller, parts);
    expect(response.statusCode, response.body).toBe(202);
    return response.json<{ job: VisionReadJob }>().job;
  };
  const readOf = async (caller: Caller, parts: readonly Part[]): Promise<VisionRead> => {
    const job = await started(caller, parts);
    const done = (await jobWhen(t.app, caller, job.id)) as unknown as VisionReadJob;
    expect(done.state, done.error ?? '').toBe('completed');
    expect(done.progress).toEqual({ percent: 100, stage: 'storing' });
    if (!done.result) throw new Error('the job has no read');
    return done.result.read;
  };
  const answer = (caller: Caller, id: string, body: Record<string, unknown>) =>
    send(t.app, caller, 'POST', `/api/vision/reads/${id}/answers`, body);

  it('reads a Vietnamese picture into words with boxes, kept for its owner only', async () => {
    const owner = await user('vision-owner');
    const before = await catalogue(owner);
    expect(before).toMatchObject({
      engine: 'Tesseract 5 (offline)',
      languages: ['en', 'vi'],
      defaultVisionModel: 'sandbox-eyes',
      limits: { dailyReads: 20, remainingToday: 20, maxPixels: 2_000_000 },
    });
    expect(before.models).toEqual([
      { id: 'sandbox-text', name: 'Text only', vision: false, allowed: true, sandbox: true },
      { id: 'sandbox-eyes', name: 'Sees', vision: true, allowed: true, sandbox: true },
      { id: 'sandbox-pro', name: 'Sees on Pro', vision: true, allowed: false, sandbox: true },
    ]);

    const drawn = draw(vietnamese, 20);
    const read = await readOf(owner, picture(drawn.png, 'vi', 'Biển hiệu.png'));
    expect(read.text.split('\n')).toEqual(vietnamese);
    expect(read).toMatchObject({
      fileName: 'Biển hiệu.png',
      width: drawn.width,
      height: drawn.height,
      languages: ['vi'],
      hasTable: false,
      engine: 'Tesseract 5 (offline)',
      answers: [],
      expiresAt: null,
    });
    expect(read.confidence).toBeGreaterThan(80);
    expect(read.lines.map((line) => line.words.map((word) => word.text))).toEqual(
      drawn.words.map((line) => line.map((word) => word.text)),
    );
    // Each word's box lies over the word drawn there.
    read.lines.forEach((line, lineIndex) =>
      line.words.forEach((word, wordIndex) => {
        const box = drawn.words[lineIndex]?.[wordIndex]?.box;
        const centre = word.box.x + word.box.width / 2;
        expect(centre).toBeGreaterThan((box?.x ?? 0) - 2);
        expect(centre).toBeLessThan((box?.x ?? 0) + (box?.width ?? 0) + 2);
      }),
    );
    expect((await catalogue(owner)).limits.remainingToday).toBe(19);

    const page = (await get(owner, '/api/vision/reads')).json<VisionReadsPage>();
    expect(page.reads.map((each) => each.id)).toEqual([read.id]);
    expect(page.nextCursor).toBeNull();
    expect((await get(owner, `/api/vision/reads/${read.id}`)).json()).toEqual(read);
    const file = await get(owner, read.fileUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toMatch(/^private/);
    const metadata = await sharp(file.rawPayload).metadata();
    expect([metadata.width, metadata.height]).toEqual([drawn.width, drawn.height]);
    expect((await get(owner, `/api/vision/reads/${read.id}/table`)).json()).toEqual({
      message: visionTexts.noTable,
    });

    // Nobody else reaches any of it.
    const stranger = await user('vision-stranger');
    for (const caller of [stranger, visitor()]) {
      for (const path of [
        `/api/vision/reads/${read.id}`,
        read.fileUrl,
        `/api/vision/reads/${read.id}/table?format=csv`,
        `/api/jobs/${encodeURIComponent(`vision.read~${read.id}`)}`,
      ]) {
        expect((await get(caller, path)).statusCode, path).toBe(404);
      }
      expect((await answer(caller, read.id, { task: 'describe' })).statusCode).toBe(404);
      expect((await send(t.app, caller, 'DELETE', `/api/vision/reads/${read.id}`)).statusCode).toBe(
        404,
      );
      expect((await get(caller, '/api/vision/reads')).json<VisionReadsPage>().reads).toEqual([]);
    }
    expect((await get({}, `/api/vision/reads/${read.id}`)).statusCode).toBe(401);

    // Answers: the picture described, its text translated both ways, models checked.
    const described = await answer(owner, read.id, { task: 'describe' });
    expect(described.statusCode).toBe(200);
    expect(described.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = eventsOf(described.body);
    expect(events[0]).toMatchObject({ type: 'start', data: { modelId: 'sandbox-eyes' } });
    expect(events.slice(1, -1).every((event) => event.type === 'delta')).toBe(true);
    const done = events.at(-1);
    expect(done?.type).toBe('done');
    const describedAnswer = done?.data.answer as VisionAnswer;
    expect(describedAnswer).toMatchObject({ task: 'describe', state: 'complete' });
    expect(describedAnswer.text).toMatch(
      new RegExp(
        `(I can see|Tôi thấy) 1 (image|hình ảnh) \\(image/png, ${drawn.width}×${drawn.height}`,
      ),
    );
    const deltas = events
      .filter((event) => event.type === 'delta')
      .map((event) => String(event.data.text))
      .join('');
    expect(deltas).toBe(describedAnswer.text);

    const toEnglish = eventsOf((await answer(owner, read.id, { task: 'translate' })).body).at(-1);
    expect(toEnglish?.data.answer).toMatchObject({
      task: 'translate',
      targetLanguage: 'en',
      modelId: 'sandbox-text',
      state: 'complete',
      text: `[en] ${read.text}`,
    });
    const toVietnamese = eventsOf(
      (await answer(owner, read.id, { task: 'translate', targetLanguage: 'vi' })).body,
    ).at(-1);
    expect((toVietnamese?.data.answer as VisionAnswer).text).toMatch(/^\[vi\] Tiếng Việt/);
    const asked = eventsOf(
      (await answer(owner, read.id, { task: 'ask', question: secretQuestion })).body,
    ).at(-1);
    expect(asked?.data.answer).toMatchObject({ task: 'ask', question: secretQuestion });

    expect((await answer(owner, read.id, { task: 'ask' })).json()).toMatchObject({
      message: visionTexts.questionRequired,
    });
    const blind = await answer(owner, read.id, { task: 'describe', model: 'sandbox-text' });
    expect([blind.statusCode, blind.json().message]).toEqual([400, visionTexts.noVisionModel]);
    const above = await answer(owner, read.id, { task: 'describe', model: 'sandbox-pro' });
    expect([above.statusCode, above.json().message]).toEqual([
      403,
      'Sees on Pro needs the Pro plan. Upgrade to use it.',
    ]);
    expect((await answer(owner, read.id, { task: 'describe', model: 'nope' })).statusCode).toBe(
      400,
    );

    const kept = (await get(owner, `/api/vision/reads/${read.id}`)).json<VisionRead>();
    expect(kept.answers.map((each) => [each.task, each.state, each.targetLanguage])).toEqual([
      ['describe', 'complete', null],
      ['translate', 'complete', 'en'],
      ['translate', 'complete', 'vi'],
      ['ask', 'complete', null],
    ]);

    expect((await send(t.app, owner, 'DELETE', `/api/vision/reads/${read.id}`)).statusCode).toBe(
      204,
    );
    expect((await get(owner, `/api/vision/reads/${read.id}`)).statusCode).toBe(404);
    expect((await get(owner, read.fileUrl)).statusCode).toBe(404);
    expect((await get(owner, '/api/vision/reads')).json<VisionReadsPage>().reads).toEqual([]);

    // Nothing the user typed or the picture said was logged.
    const logs = t.logs.join('\n');
    expect(logs).not.toContain(secretQuestion);
    expect(logs).not.toContain('thân thiện');
  });

  it('rebuilds a drawn 3×3 table as CSV and XLSX', async () => {
    const owner = await user('vision-table');
    const read = await readOf(owner, picture(drawTable(tableRows, 24, 90), 'en', 'Prices.png'));
    expect(read.hasTable).toBe(true);

    const csv = await get(owner, `/api/vision/reads/${read.id}/table?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="prices-table\.csv"/);
    const text = csv.rawPayload.subarray(3).toString('utf8');
    expect(text.trimEnd().split('\r\n')).toEqual(tableRows.map((row) => row.join(',')));

    const xlsx = await get(owner, `/api/vision/reads/${read.id}/table?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(/filename="prices-table\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    expect(rows).toEqual([
      ['Item', 'Qty', 'Price'],
      ['Apples', 12, 3.5],
      ['Pears', 7, 2.25],
    ]);
  });

  it("reads one of the user's generated images by its id", async () => {
    const owner = await user('vision-gallery');
    const made = await startGeneration(t.app, owner, { prompt: 'Harbour sign' });
    const job = await jobWhen(t.app, owner, made.id);
    const image = job.result?.images[0];
    if (!image) throw new Error('no image was made');
    const read = await readOf(owner, [{ name: 'imageId', value: image.id }]);
    expect(read.fileName).toMatch(/^harbour-sign-.*\.png$/);
    expect(read.languages).toEqual(['en', 'vi']);
    // Another user's image is not theirs to read.
    const response = await post(await user('vision-gallery-other'), [
      { name: 'imageId', value: image.id },
    ]);
    expect(response.statusCode).toBe(404);
  });

  it("keeps a visitor's read by their key for a day, then the sweep deletes it", async () => {
    const guest = visitor();
    const read = await readOf(guest, picture(draw(['Open daily 9 to 5'], 24).png, 'en'));
    expect(read.text).toBe('Open daily 9 to 5');
    const expiresIn = new Date(read.expiresAt ?? 0).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(23.9 * 3600_000);
    expect(expiresIn).toBeLessThanOrEqual(24 * 3600_000);
    expect((await get(guest, `/api/vision/reads/${read.id}`)).statusCode).toBe(200);
    expect((await get(guest, read.fileUrl)).statusCode).toBe(200);
    expect((await get(guest, '/api/vision/reads')).json<VisionReadsPage>().reads).toHaveLength(1);
    expect((await get(visitor(), `/api/vision/reads/${read.id}`)).statusCode).toBe(404);
    expect((await get(await user('vision-not-guest'), read.fileUrl)).statusCode).toBe(404);

    // A visitor's allowance: 2 a day, then the quota's 429 (nothing is taken by a refusal).
    await readOf(guest, picture(draw(['Closed'], 24).png, 'en'));
    const refused = await post(guest, picture(draw(['Again'], 24).png, 'en'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'quota',
      limit: 2,
      remaining: 0,
      refusedBy: 'plan',
      message: "You have reached today's limit of 2 pictures read.",
    });

    clockOffsetMs = 25 * 3600_000;
    try {
      expect((await get(guest, `/api/vision/reads/${read.id}`)).json()).toEqual({
        message: visionTexts.expired,
      });
      expect((await t.app.vision.sweep()).deleted).toBeGreaterThanOrEqual(2);
      expect((await get(guest, '/api/vision/reads')).json<VisionReadsPage>().reads).toEqual([]);
    } finally {
      clockOffsetMs = 0;
    }
    expect((await get(guest, read.fileUrl)).statusCode).toBe(404);
  });

  it('keeps an answer the client stopped as stopped, with what came', async () => {
    const owner = await user('vision-stop');
    const read = await readOf(owner, picture(draw(['Stop here'], 24).png, 'en'));
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const request = http.request(`${address}/api/vision/reads/${read.id}/answers`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', ...headersOf(owner) },
    });
    request.end(JSON.stringify({ task: 'ask', question: '[slow] What does it say?' }));
    const response = await new Promise<http.IncomingMessage>((resolve) =>
      request.on('response', resolve),
    );
    expect(response.statusCode).toBe(200);
    let text = '';
    for await (const chunk of response) {
      text += String(chunk);
      if (text.includes('event: delta')) break;
    }
    request.destroy();
    const stopped = await vi.waitFor(
      async () => {
        const kept = (await get(owner, `/api/vision/reads/${read.id}`)).json<VisionRead>();
        const [only] = kept.answers;
        if (!only) throw new Error('not kept yet');
        return only;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(stopped.state).toBe('stopped');
    expect(stopped.text.length).toBeGreaterThan(0);
  });

  it('refuses bad input with 4xx and takes nothing for it', async () => {
    const owner = await user('vision-bad');
    const png = draw(['Bad'], 24).png;
    const refusals: [Part[], number, string][] = [
      [[{ name: 'languages', value: 'en' }], 400, visionTexts.pictureRequired],
      [[...picture(png, 'en'), { name: 'imageId', value: 'abc' }], 400, visionTexts.oneSource],
      [picture(png, 'fr'), 400, visionTexts.badLanguages],
      [
        picture(Buffer.from('just some words, not a picture'), 'en'),
        415,
        'Only PNG, JPEG, WebP and GIF images can be uploaded.',
      ],
      [
        picture(
          await sharp({
            create: {
              width: 1500,
              height: 1500,
              channels: 3,
              background: { r: 255, g: 255, b: 255 },
            },
          })
            .png()
            .toBuffer(),
          'en',
        ),
        413,
        'The image is too large: at most 8192 pixels a side and 2 megapixels.',
      ],
    ];
    for (const [parts, status, message] of refusals) {
      const response = await post(owner, parts);
      expect([response.statusCode, response.json().message], message).toEqual([status, message]);
    }
    expect((await post(visitor(), [{ name: 'imageId', value: 'abc' }])).statusCode).toBe(404);
    expect((await post({}, picture(png, 'en'))).json().message).toMatch(/visitor key/);
    expect((await catalogue(owner)).limits.remainingToday).toBe(20);
  });

  it('cancels a running read and gives its unit back', async () => {
    const owner = await user('vision-cancel');
    const reached = gate.hold();
    const job = await started(owner, picture(draw(['Never read'], 24).png, 'en'));
    await reached;
    expect((await catalogue(owner)).limits.remainingToday).toBe(19);
    const cancel = await send(t.app, owner, 'DELETE', `/api/jobs/${job.id}`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const ended = await jobWhen(t.app, owner, job.id, ['cancelled']);
    expect(ended.state).toBe('cancelled');
    await vi.waitFor(async () => expect((await catalogue(owner)).limits.remainingToday).toBe(20));
    expect((await get(owner, '/api/vision/reads')).json<VisionReadsPage>().reads).toEqual([]);
    gate.release();
  });
});
