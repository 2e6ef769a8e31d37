import type {
  ErrorResponse,
  GeneratedImage,
  ImageGenerationRequest,
  ImageJob,
  ImageModel,
  ImageModelsResponse,
  JobProgress,
  JobStreamEvent,
  QuotaErrorResponse,
} from '@studio/contracts';
import {
  imageProviderFailureTexts,
  VISITOR_KEY_HEADER,
  VISITOR_KEY_PATTERN,
} from '@studio/contracts/imageOptions';
import { crc32, formatImageParameters, withPngTextChunk } from '@studio/contracts/pngParameters';
import { delay, http, HttpResponse, type JsonBodyType } from 'msw';

/**
 * The image tools' endpoints (models, a generation as a job, the job's events and cancel, the
 * pictures) as MSW handlers answering in the API's contracts. Each story or test picks how its
 * run goes: completes (the default, as many pictures as asked), completes one short (a
 * shortfall), fails with the provider's words, stays running until cancelled, or the quota is
 * reached (429). A request without a bearer token must carry a visitor key, as the API's does.
 * The pictures are real PNGs of the asked ratio, with the `parameters` chunk the server writes.
 */

const paths = {
  models: '*/api/images/models',
  generations: '*/api/images/generations',
  events: '*/api/jobs/:id/events',
  job: '*/api/jobs/:id',
  jobImage: '*/api/images/jobs/:jobId/images/:index',
  galleryFile: '*/api/images/:id/file',
} as const;

export const imageModels: ImageModel[] = [
  {
    id: 'sandbox',
    name: 'Sandbox image',
    provider: 'sandbox',
    capabilities: ['edit', 'mask', 'variation', 'negative-prompt', 'seed', 'reference-images'],
    plan: 'free',
    available: true,
  },
  {
    id: 'sandbox-imagen',
    name: 'Sandbox Imagen',
    provider: 'sandbox',
    capabilities: ['negative-prompt', 'seed'],
    plan: 'free',
    available: true,
  },
  {
    id: 'gpt-image-1',
    name: 'GPT Image',
    provider: 'openai',
    capabilities: ['edit', 'mask', 'reference-images'],
    plan: 'pro',
    available: false,
  },
];

/**
 * Sample moments, fixed as the chat's fixtures are, so stories look the same every day (their
 * visual snapshots compare pixels); nothing here decides anything by them.
 */
const sampleResetsAt = '2026-11-28T00:00:00.000Z';
const sampleCreatedAt = '2026-11-27T09:30:00.000Z';

/** A visitor's allowance and a free account's, as the API's defaults. */
const sampleAllowances = { visitor: 5, free: 25 };

export function sampleImageModels(
  overrides: Partial<ImageModelsResponse> = {},
  used = 1,
  limit = sampleAllowances.visitor,
): ImageModelsResponse {
  return {
    models: imageModels,
    defaultModelId: 'sandbox',
    sandbox: true,
    quota: {
      limit,
      used,
      remaining: Math.max(0, limit - used),
      resetsAt: sampleResetsAt,
      allowances: sampleAllowances,
    },
    ...overrides,
  };
}

/** The API's 429 for a request over what is left (the caller's own limit). */
const quotaRefusal = (limit: number, remaining: number): QuotaErrorResponse => ({
  message:
    remaining > 0
      ? `Only ${remaining} of today's images ${remaining === 1 ? 'is' : 'are'} left.`
      : `You have reached today's limit of ${limit} images.`,
  code: 'quota',
  limit,
  remaining,
  refusedBy: 'plan',
  resetsAt: sampleResetsAt,
  upgradeUrl: '/plans',
});

// ---- Pictures: a tiny PNG encoder (stored deflate blocks), so each ratio has its own shape ----

function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (const byte of bytes) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** zlib with stored (uncompressed) blocks: valid everywhere, and these pictures are tiny. */
function zlibStored(raw: Uint8Array): Uint8Array {
  const blocks: Uint8Array[] = [new Uint8Array([0x78, 0x01])];
  for (let at = 0; at < raw.length || at === 0; at += 65535) {
    const part = raw.subarray(at, at + 65535);
    const header = new Uint8Array(5);
    header[0] = at + 65535 >= raw.length ? 1 : 0;
    new DataView(header.buffer).setUint16(1, part.length, true);
    new DataView(header.buffer).setUint16(3, ~part.length & 0xffff, true);
    blocks.push(header, part);
    if (raw.length === 0) break;
  }
  const trailer = new Uint8Array(4);
  new DataView(trailer.buffer).setUint32(0, adler32(raw));
  blocks.push(trailer);
  return concat(blocks);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const palettes = [
  [40, 90, 200, 250, 180, 60],
  [200, 40, 120, 60, 220, 200],
  [30, 150, 80, 240, 240, 120],
  [120, 60, 200, 250, 120, 90],
] as const;

/** A diagonal gradient, `width`×`height`, in palette `n`. */
export function gradientPng(width: number, height: number, n: number): Uint8Array {
  const palette = palettes[Math.abs(n) % palettes.length] ?? palettes[0];
  const raw = new Uint8Array(height * (1 + width * 3));
  for (let y = 0; y < height; y += 1) {
    const row = y * (1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const t = (x + y) / (width + height - 2 || 1);
      for (let channel = 0; channel < 3; channel += 1) {
        const from = palette[channel] ?? 0;
        const to = palette[channel + 3] ?? 0;
        raw[row + 1 + x * 3 + channel] = Math.round(from * (1 - t) + to * t);
      }
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8);
  return concat([
    new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', zlibStored(raw)),
    chunk('IEND', new Uint8Array()),
  ]);
}

const sizes = { '1:1': [64, 64], '16:9': [96, 54], '9:16': [54, 96] } as const;

/** A picture as the server stores it: the PNG with its parameters chunk. */
function picturePng(image: GeneratedImage): Uint8Array<ArrayBuffer> {
  const png = gradientPng(image.width, image.height, image.index + (image.seed ?? 0));
  const text = formatImageParameters({
    prompt: image.prompt,
    negativePrompt: image.negativePrompt,
    seed: image.seed,
    width: image.width,
    height: image.height,
    model: image.modelName,
    aspectRatio: image.aspectRatio,
    mode: image.mode,
    style: image.style,
    tool: image.tool,
  });
  return Uint8Array.from(withPngTextChunk(png, 'parameters', text));
}

// ---- Jobs ----

interface MockRun {
  job: ImageJob;
  request: ImageGenerationRequest;
  visitorKey: string | null;
  images: GeneratedImage[];
}

const runs = new Map<string, MockRun>();
const pictures = new Map<string, GeneratedImage>();
let jobCount = 0;

/** The job's failure: the API's own words for a provider's refusal. */
export const imageFailure = imageProviderFailureTexts.refused;
const createdAt = () => sampleCreatedAt;

function promptSeed(prompt: string): number {
  let hash = 0;
  for (const char of prompt) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 1_000_000;
  return hash;
}

function imagesFor(run: MockRun, count: number): GeneratedImage[] {
  const { request, job } = run;
  const ratio = request.aspectRatio ?? '1:1';
  const [width, height] = sizes[ratio];
  const model = imageModels.find((candidate) => candidate.id === request.modelId);
  return Array.from({ length: count }, (_, index) => {
    const id = run.visitorKey ? `${job.id}:${index}` : `img-${job.id}-${index}`;
    const image: GeneratedImage = {
      id,
      jobId: job.id,
      index,
      tool: request.tool,
      mode: request.mode ?? 'generate',
      prompt: request.prompt ?? '',
      negativePrompt: request.negativePrompt ?? null,
      modelId: request.modelId,
      modelName: model?.name ?? request.modelId,
      // The provider's pick, the same for the same prompt (stable pictures in every story).
      seed: (request.seed ?? promptSeed(request.prompt ?? '')) + index,
      aspectRatio: ratio,
      style: request.style ?? null,
      width,
      height,
      parentId: request.sourceImageId ?? request.parentImageId ?? null,
      createdAt: job.createdAt,
      fileUrl: run.visitorKey
        ? `/api/images/jobs/${job.id}/images/${index}`
        : `/api/images/${id}/file`,
    };
    pictures.set(id, image);
    return image;
  });
}

const frame = (event: JobStreamEvent) =>
  `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;

const stages: JobProgress[] = [
  { percent: 10, stage: 'preparing' },
  { percent: 40, stage: 'generating' },
  { percent: 90, stage: 'storing' },
];

type Scenario = 'completes' | 'partial' | 'fails' | 'running';

/** The streams left open (running jobs), so a DELETE can end them as cancelled. */
const openStreams = new Map<string, (event: JobStreamEvent) => void>();

function eventStream(run: MockRun, scenario: Scenario, pause: number) {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: JobStreamEvent) => controller.enqueue(encoder.encode(frame(event)));
      const end = (event: JobStreamEvent) => {
        openStreams.delete(run.job.id);
        send(event);
        controller.close();
      };
      try {
        const running = { ...run.job, state: 'running' as const, progress: stages[0] ?? null };
        send({ type: 'state', data: running });
        const steps = scenario === 'running' ? stages.slice(1, 2) : stages.slice(1);
        for (const step of steps) {
          if (pause) await delay(pause);
          send({ type: 'progress', data: step });
        }
        if (scenario === 'running') {
          openStreams.set(run.job.id, end);
          return;
        }
        if (pause) await delay(pause);
        const finishedAt = createdAt();
        if (scenario === 'fails') {
          end({
            type: 'state',
            data: { ...running, state: 'failed', error: imageFailure, finishedAt },
          });
          return;
        }
        const requested = run.request.variants ?? 1;
        const made = scenario === 'partial' ? Math.max(1, requested - 1) : requested;
        run.images = imagesFor(run, made);
        end({
          type: 'state',
          data: {
            ...running,
            state: 'completed',
            progress: { percent: 100, stage: 'storing' },
            result: { requested, images: run.images, shortfall: requested - made },
            finishedAt,
          },
        });
      } catch {
        // The client stopped following: nothing more to send.
      }
    },
  });
}

/** Who asks: a bearer token, else the visitor key (null: neither, refused as the API does). */
function callerOf(request: Request): { visitorKey: string | null } | null {
  if (request.headers.get('authorization')?.startsWith('Bearer ')) return { visitorKey: null };
  const key = request.headers.get(VISITOR_KEY_HEADER);
  return key && VISITOR_KEY_PATTERN.test(key) ? { visitorKey: key } : null;
}

/** An error body in a response that may also carry T (MSW types each resolver's body). */
const visitorKeyRequired = <T extends JsonBodyType = never>() =>
  HttpResponse.json<T | ErrorResponse>(
    { message: `Send the ${VISITOR_KEY_HEADER} header (a random key your browser keeps).` },
    { status: 400 },
  );

const notFound = <T extends JsonBodyType = never>() =>
  HttpResponse.json<T | ErrorResponse>(
    { message: 'The requested resource was not found.' },
    { status: 404 },
  );

async function readRequest(request: Request): Promise<ImageGenerationRequest> {
  if (request.headers.get('content-type')?.startsWith('multipart/form-data')) {
    const form = await request.formData();
    return JSON.parse(String(form.get('request'))) as ImageGenerationRequest;
  }
  return (await request.json()) as ImageGenerationRequest;
}

const start = http.post(paths.generations, async ({ request }) => {
  const caller = callerOf(request);
  if (!caller) return visitorKeyRequired<ImageJob>();
  const body = await readRequest(request);
  jobCount += 1;
  const job: ImageJob = {
    id: `job-img-${jobCount}`,
    kind: 'images.generate',
    state: 'queued',
    progress: null,
    error: null,
    result: null,
    createdAt: createdAt(),
    finishedAt: null,
  };
  runs.set(job.id, { job, request: body, visitorKey: caller.visitorKey, images: [] });
  return HttpResponse.json<ImageJob>(job, { status: 202 });
});

const quotaReached = http.post(paths.generations, () =>
  HttpResponse.json<QuotaErrorResponse>(quotaRefusal(sampleAllowances.visitor, 0), {
    status: 429,
  }),
);

/**
 * `left` of the visitor's pictures are left today: the models say so, and a request for more
 * answers 429 with what is left, as the API does (one within it goes on to `start`).
 */
const quotaLeft = (left: number, limit = sampleAllowances.visitor) => [
  http.get(paths.models, () => HttpResponse.json(sampleImageModels({}, limit - left, limit))),
  http.post(paths.generations, async ({ request }) => {
    const { variants = 1 } = await readRequest(request.clone());
    if (variants <= left) return undefined;
    return HttpResponse.json<QuotaErrorResponse>(quotaRefusal(limit, left), { status: 429 });
  }),
];

/** The run's owner only (the same key, or a bearer token for a user's run), as the API checks. */
function ownRun(request: Request, id: string): MockRun | null | undefined {
  const run = runs.get(id);
  if (!run) return undefined;
  const caller = callerOf(request);
  return caller && caller.visitorKey === run.visitorKey ? run : null;
}

const events = (scenario: Scenario, pause = 0) =>
  http.get<{ id: string }>(paths.events, ({ request, params }) => {
    const run = ownRun(request, params.id);
    // Not an image job: the other tools' handlers answer.
    if (run === undefined) return undefined;
    if (run === null) return notFound();
    return new HttpResponse(eventStream(run, scenario, pause), {
      headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' },
    });
  });

const cancel = http.delete<{ id: string }>(paths.job, ({ request, params }) => {
  const run = ownRun(request, params.id);
  if (run === undefined) return undefined;
  if (run === null) return notFound<ImageJob>();
  const cancelled: ImageJob = { ...run.job, state: 'cancelled', finishedAt: createdAt() };
  openStreams.get(params.id)?.({ type: 'state', data: cancelled });
  return HttpResponse.json<ImageJob>(cancelled);
});

const png = (image: GeneratedImage) =>
  new HttpResponse(picturePng(image), {
    headers: {
      'Content-Type': 'image/png',
      'Content-Disposition': `inline; filename="image-${image.seed ?? image.index}.png"`,
    },
  });

const jobImage = http.get<{ jobId: string; index: string }>(
  paths.jobImage,
  ({ request, params }) => {
    const run = ownRun(request, params.jobId);
    const image = run?.images[Number(params.index)];
    return image ? png(image) : notFound();
  },
);

/** A user's fresh picture; other ids are the gallery's (its handlers answer). */
const galleryFile = http.get<{ id: string }>(paths.galleryFile, ({ request, params }) => {
  const image = pictures.get(params.id);
  if (!image) return undefined;
  if (!request.headers.get('authorization')) return notFound();
  const response = png(image);
  if (new URL(request.url).searchParams.get('download') === '1') {
    response.headers.set(
      'Content-Disposition',
      `attachment; filename="${image.prompt.slice(0, 20).replace(/[^a-z0-9]+/gi, '-')}-${image.seed}.png"`,
    );
  }
  return response;
});

export const imagesHandlers = {
  models: http.get(paths.models, () => HttpResponse.json(sampleImageModels())),
  /** The sample models for the first read only (a page that read its quota before it moved). */
  modelsOnce: http.get(paths.models, () => HttpResponse.json(sampleImageModels()), { once: true }),
  /** Today's limit used up: the form says so before anything is sent. */
  modelsAtLimit: http.get(paths.models, () =>
    HttpResponse.json(sampleImageModels({}, sampleAllowances.visitor)),
  ),
  /** A real provider is configured: no sandbox notice. */
  modelsConfigured: http.get(paths.models, () =>
    HttpResponse.json(sampleImageModels({ sandbox: false })),
  ),
  modelsFailure: http.get(paths.models, () =>
    HttpResponse.json<ErrorResponse>(
      { message: 'Server error. Please try again later.' },
      { status: 500 },
    ),
  ),
  start,
  /** The POST answers 429 with the quota body. */
  quotaReached,
  quotaLeft,
  /** As many pictures as asked, through preparing, generating and storing. */
  completes: events('completes'),
  completesSlowly: events('completes', 400),
  /** One picture fewer than asked, without an error (a shortfall). */
  partial: events('partial'),
  /** The provider refused: the job fails with its words. */
  fails: events('fails'),
  /** Generating at 40 % until cancelled. */
  running: events('running'),
  cancel,
  jobImage,
  galleryFile,
};

/** The happy path: the models, a run that completes, its pictures. */
export const defaultImagesHandlers = [
  imagesHandlers.models,
  imagesHandlers.start,
  imagesHandlers.completes,
  imagesHandlers.cancel,
  imagesHandlers.jobImage,
  imagesHandlers.galleryFile,
];
