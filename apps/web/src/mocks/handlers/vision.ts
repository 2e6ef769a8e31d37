import {
  VISION_READS_PAGE_SIZE,
  visionReadFields,
  visionTableFormat,
  visionTexts,
  type ErrorResponse,
  type JobStreamEvent,
  type QuotaErrorResponse,
  type VisionAnswer,
  type VisionAnswerInput,
  type VisionCatalogueResponse,
  type VisionLanguage,
  type VisionModel,
  type VisionRead,
  type VisionReadJob,
  type VisionReadStarted,
  type VisionReadsPage,
} from '@studio/contracts';
import { VISITOR_KEY_HEADER, VISITOR_KEY_PATTERN } from '@studio/contracts/imageOptions';
import { delay, http, HttpResponse, type JsonBodyType } from 'msw';
import { noticeSample, receiptSample, type VisionSample } from '../vision/samples';

/**
 * The vision tool's endpoints (the catalogue, a read as a job with its stages, the caller's
 * paged reads, one read with its answers, its picture, its table, its deletion, and an answer
 * streamed as server-sent events) as MSW handlers answering in packages/contracts/src/vision.ts.
 * The pictures are real (mocks/vision/samples.ts) and their boxes are what the OCR engine read
 * in them. A request without a bearer token must carry a visitor key, as the API's does.
 */

const paths = {
  catalogue: '*/api/vision/catalogue',
  reads: '*/api/vision/reads',
  read: '*/api/vision/reads/:id',
  file: '*/api/vision/reads/:id/file',
  table: '*/api/vision/reads/:id/table',
  answers: '*/api/vision/reads/:id/answers',
  events: '*/api/jobs/:id/events',
  job: '*/api/jobs/:id',
} as const;

const sampleCreatedAt = '2026-11-27T09:30:00.000Z';
const sampleResetsAt = '2026-11-28T00:00:00.000Z';
const hoursBefore = (hours: number) =>
  new Date(Date.parse(sampleCreatedAt) - hours * 3_600_000).toISOString();

// ---- The catalogue ----

const gpt: VisionModel = {
  id: 'openai:gpt-4o-mini',
  name: 'GPT-4o mini',
  vision: true,
  allowed: true,
  sandbox: false,
};
const textOnly: VisionModel = {
  id: 'openai:gpt-3.5-turbo',
  name: 'GPT-3.5 Turbo',
  vision: false,
  allowed: true,
  sandbox: false,
};
const demo: VisionModel = {
  id: 'sandbox:studio-demo',
  name: 'Studio demo',
  vision: true,
  allowed: true,
  sandbox: true,
};

export function sampleVisionCatalogue(
  overrides: Partial<VisionCatalogueResponse> = {},
  { remainingToday = 18 }: { remainingToday?: number } = {},
): VisionCatalogueResponse {
  return {
    engine: 'Tesseract 5',
    languages: ['en', 'vi'],
    models: [gpt, textOnly],
    defaultVisionModel: gpt.id,
    limits: { dailyReads: 20, remainingToday, maxFileBytes: 10 * 1_048_576, maxPixels: 25_000_000 },
    ...overrides,
  };
}

// ---- Who asks ----

function callerOf(request: Request): { visitorKey: string | null } | null {
  if (request.headers.get('authorization')?.startsWith('Bearer ')) return { visitorKey: null };
  const key = request.headers.get(VISITOR_KEY_HEADER);
  return key && VISITOR_KEY_PATTERN.test(key) ? { visitorKey: key } : null;
}

const errorBody = <T extends JsonBodyType = never>(message: string, status: number) =>
  HttpResponse.json<T | ErrorResponse>({ message }, { status });

const notFound = () => errorBody('The requested resource was not found.', 404);

// ---- Reads ----

const samples = { receipt: receiptSample, notice: noticeSample } as const;
type SampleName = keyof typeof samples;

/** The sample a read shows, by its id (every read here is one of the two pictures). */
const sampleOfRead = new Map<string, SampleName>();

interface ReadSpec {
  id: string;
  sample: SampleName;
  languages?: VisionLanguage[];
  answers?: VisionAnswer[];
  createdAt?: string;
  /** A visitor's read is kept a day. */
  visitor?: boolean;
  fileName?: string;
}

/** A read as the API answers it. */
export function sampleRead({
  id,
  sample,
  languages = ['en', 'vi'],
  answers = [],
  createdAt = sampleCreatedAt,
  visitor = false,
  fileName,
}: ReadSpec): VisionRead {
  const picture: VisionSample = samples[sample];
  sampleOfRead.set(id, sample);
  return {
    id,
    fileUrl: `/api/vision/reads/${id}/file`,
    fileName: fileName ?? picture.fileName,
    width: picture.width,
    height: picture.height,
    languages,
    text: picture.text,
    confidence: picture.confidence,
    lines: picture.lines,
    hasTable: sample === 'receipt',
    engine: 'Tesseract 5 (offline)',
    answers,
    createdAt,
    expiresAt: visitor ? new Date(Date.parse(createdAt) + 24 * 3_600_000).toISOString() : null,
  };
}

const translatedNotice =
  'NOTICE\n\nThe library is open from 8 a.m.\nto 9 p.m., Monday to Saturday.\n\nPlease keep quiet.';
const translatedReceipt =
  'QUÁN CÀ PHÊ GÓC PHỐ\n\nMón  SL  Giá\nCà phê đá  2  4.50\nBánh mì  1  3.20\n\nTổng  7.70';

/** The answers a model gives here, by picture and task. */
function answerText(sample: SampleName, request: VisionAnswerInput): string {
  if (request.task === 'translate') {
    if (sample === 'notice')
      return request.targetLanguage === 'vi' ? noticeSample.text : translatedNotice;
    return request.targetLanguage === 'vi' ? translatedReceipt : receiptSample.text;
  }
  if (request.task === 'ask') {
    return sample === 'notice'
      ? 'The library is open until 9 p.m., Monday to Saturday; the notice says nothing about Sunday, so it is probably closed then.'
      : 'Two iced coffees at 4.50 and one bánh mì at 3.20: 7.70 in all.';
  }
  return sample === 'notice'
    ? 'A printed notice on cream paper. Its bold title “THÔNG BÁO” means “Notice”; below it, in Vietnamese, the library’s opening hours (8 a.m. to 9 p.m., Monday to Saturday) and a request to keep quiet.'
    : 'A café receipt from “Corner Cafe”: a small table with three columns (item, quantity, price), two items and a total of 7.70 in bold.';
}

export function sampleAnswer(
  sample: SampleName,
  request: VisionAnswerInput & { id: string },
  model: VisionModel = gpt,
): VisionAnswer {
  return {
    id: request.id,
    task: request.task,
    question: request.question ?? null,
    targetLanguage: request.targetLanguage ?? null,
    text: answerText(sample, request),
    state: 'complete',
    modelId: model.id,
    modelName: model.name,
    createdAt: sampleCreatedAt,
  };
}

/** A signed-in user's reads: the receipt, and the notice with a description and a translation. */
export function sampleReads(): VisionRead[] {
  return [
    sampleRead({ id: 'read-receipt', sample: 'receipt', createdAt: hoursBefore(1) }),
    sampleRead({
      id: 'read-notice',
      sample: 'notice',
      languages: ['vi'],
      createdAt: hoursBefore(26),
      answers: [
        sampleAnswer('notice', { id: 'answer-describe', task: 'describe' }),
        sampleAnswer('notice', { id: 'answer-translate', task: 'translate', targetLanguage: 'en' }),
      ],
    }),
  ];
}

/** A visitor's reads: kept a day, by their key. */
export function sampleVisitorReads(): VisionRead[] {
  return [
    sampleRead({
      id: 'read-visitor-notice',
      sample: 'notice',
      visitor: true,
      createdAt: hoursBefore(2),
    }),
  ];
}

// ---- Reading as a job ----

interface MockRun {
  job: VisionReadJob;
  visitorKey: string | null;
  read: VisionRead;
}

const runs = new Map<string, MockRun>();
let madeReads: VisionRead[] = [];
let deletedReads = new Set<string>();
let jobCount = 0;

/** Forgets the reads earlier stories made or deleted: the test-runner keeps one page per file. */
export function resetVisionMocks(): void {
  runs.clear();
  madeReads = [];
  deletedReads = new Set();
}

const allReads = (fixtures: VisionRead[]) =>
  [...madeReads, ...fixtures].filter((read) => !deletedReads.has(read.id));

const frame = (event: JobStreamEvent) =>
  `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;

type Scenario = 'completes' | 'running' | 'fails';

const openStreams = new Map<string, (event: JobStreamEvent) => void>();

const stages = [
  { percent: 5, stage: 'preparing' },
  { percent: 30, stage: 'reading' },
  { percent: 70, stage: 'reading' },
  { percent: 95, stage: 'storing' },
];

function eventStream(run: MockRun, scenario: Scenario, pause: number): ReadableStream<Uint8Array> {
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
        // A running job stops at its second stage and waits to be cancelled.
        const stopAt = scenario === 'running' ? 2 : stages.length;
        for (const step of stages.slice(1, stopAt)) {
          if (pause) await delay(pause);
          send({ type: 'progress', data: step });
        }
        if (scenario === 'running') {
          openStreams.set(run.job.id, end);
          return;
        }
        if (scenario === 'fails') {
          end({
            type: 'state',
            data: {
              ...running,
              state: 'failed',
              error: 'The picture could not be read: it may be damaged. Try another picture.',
              finishedAt: sampleCreatedAt,
            },
          });
          return;
        }
        if (!run.visitorKey) madeReads.unshift(run.read);
        end({
          type: 'state',
          data: {
            ...running,
            state: 'completed',
            progress: { percent: 100, stage: 'storing' },
            result: { read: run.read },
            finishedAt: sampleCreatedAt,
          },
        });
      } catch {
        // The client stopped following: nothing more to send.
      }
    },
  });
}

/** Which sample an upload stands for: the notice for a Vietnamese-only read or its own name. */
function sampleFor(fileName: string, languages: VisionLanguage[]): SampleName {
  if (/thong|notice|vi/i.test(fileName) || (languages.length === 1 && languages[0] === 'vi')) {
    return 'notice';
  }
  return 'receipt';
}

const pictureTypes = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

type StartAnswer = VisionReadStarted | QuotaErrorResponse | ErrorResponse;

const start = (catalogue: () => VisionCatalogueResponse = sampleVisionCatalogue) =>
  http.post(paths.reads, async ({ request }) => {
    const caller = callerOf(request);
    if (!caller) {
      return errorBody<StartAnswer>(
        `Send the ${VISITOR_KEY_HEADER} header (a random key your browser keeps).`,
        400,
      );
    }
    const form = await request.formData();
    const file = form.get(visionReadFields.file);
    const imageId = form.get(visionReadFields.imageId);
    const asked = String(form.get(visionReadFields.languages) ?? 'en,vi').split(',');
    const languages = asked.filter((one): one is VisionLanguage => one === 'en' || one === 'vi');
    if (languages.length !== asked.length || languages.length === 0) {
      return errorBody<StartAnswer>(visionTexts.badLanguages, 400);
    }
    if (file && imageId) return errorBody<StartAnswer>(visionTexts.oneSource, 400);
    if (!(file instanceof File) && typeof imageId !== 'string') {
      return errorBody<StartAnswer>(visionTexts.pictureRequired, 400);
    }
    const { limits } = catalogue();
    if (file instanceof File) {
      if (!pictureTypes.has(file.type)) {
        return errorBody<StartAnswer>(
          'This file is not a picture: send a PNG, JPEG, WebP or GIF.',
          400,
        );
      }
      if (file.size > limits.maxFileBytes) {
        return errorBody<StartAnswer>('This picture is too large to read.', 413);
      }
    }
    if (limits.remainingToday === 0) {
      return HttpResponse.json<StartAnswer>(
        {
          message: 'You have read all of today’s pictures.',
          code: 'quota',
          limit: limits.dailyReads,
          remaining: 0,
          refusedBy: 'plan',
          resetsAt: sampleResetsAt,
          upgradeUrl: '/plans',
        },
        { status: 429 },
      );
    }
    jobCount += 1;
    const job: VisionReadJob = {
      id: `job-vision-${jobCount}`,
      kind: 'vision.read',
      state: 'queued',
      progress: null,
      error: null,
      result: null,
      createdAt: sampleCreatedAt,
      finishedAt: null,
    };
    const fileName = file instanceof File ? file.name : 'library-picture.png';
    const read = sampleRead({
      id: `read-${jobCount}`,
      sample: file instanceof File ? sampleFor(fileName, languages) : 'notice',
      languages,
      fileName,
      visitor: caller.visitorKey !== null,
    });
    runs.set(job.id, { job, visitorKey: caller.visitorKey, read });
    return HttpResponse.json<StartAnswer>({ job }, { status: 202 });
  });

function ownRun(request: Request, id: string): MockRun | null | undefined {
  const run = runs.get(id);
  if (!run) return undefined;
  const caller = callerOf(request);
  return caller && caller.visitorKey === run.visitorKey ? run : null;
}

const events = (scenario: Scenario, pause = 0) =>
  http.get<{ id: string }>(paths.events, ({ request, params }) => {
    const run = ownRun(request, params.id);
    // Not a vision job: the other tools' handlers answer.
    if (run === undefined) return undefined;
    if (run === null) return notFound();
    return new HttpResponse(eventStream(run, scenario, pause), {
      headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' },
    });
  });

const cancel = http.delete<{ id: string }>(paths.job, ({ request, params }) => {
  const run = ownRun(request, params.id);
  if (run === undefined) return undefined;
  if (run === null) return notFound();
  const cancelled: VisionReadJob = { ...run.job, state: 'cancelled', finishedAt: sampleCreatedAt };
  openStreams.get(params.id)?.({ type: 'state', data: cancelled });
  return HttpResponse.json<VisionReadJob>(cancelled);
});

// ---- The caller's reads ----
// Answered whoever asks, as the music and voice handlers do: a story's signed-in user has no
// token to send (the API's own tests check that these routes are the owner's only).

const withoutAnswers = (read: VisionRead): VisionRead => ({ ...read, answers: [] });

const readsList = (fixtures: () => VisionRead[]) =>
  http.get(paths.reads, ({ request }) => {
    const url = new URL(request.url);
    const limit = Number(url.searchParams.get('limit') ?? VISION_READS_PAGE_SIZE) || 20;
    const from = Number(url.searchParams.get('cursor') ?? 0) || 0;
    const all = allReads(fixtures());
    const next = from + limit < all.length ? String(from + limit) : null;
    return HttpResponse.json<VisionReadsPage>({
      reads: all.slice(from, from + limit).map(withoutAnswers),
      nextCursor: next,
    });
  });

/** Every read this stand-in knows: the fixtures, the ones made, the ones answered since. */
const answered = new Map<string, VisionAnswer[]>();
const findRead = (id: string): VisionRead | undefined => {
  const read =
    allReads([...sampleReads(), ...sampleVisitorReads()]).find((one) => one.id === id) ??
    [...runs.values()].find((run) => run.read.id === id)?.read;
  return read && !deletedReads.has(id)
    ? { ...read, answers: [...read.answers, ...(answered.get(id) ?? [])] }
    : undefined;
};

const oneRead = http.get<{ id: string }>(paths.read, ({ params }) => {
  const read = findRead(params.id);
  return read ? HttpResponse.json<VisionRead>(read) : notFound();
});

const pictureBytes = (sample: VisionSample) =>
  Uint8Array.from(atob(sample.png), (char) => char.charCodeAt(0));

const file = http.get<{ id: string }>(paths.file, ({ params }) => {
  const name = sampleOfRead.get(params.id);
  if (!name || deletedReads.has(params.id)) return notFound();
  return new HttpResponse(pictureBytes(samples[name]), {
    headers: { 'Content-Type': 'image/png' },
  });
});

/** The receipt's columns, as the API's CSV. */
const receiptCsv = 'Item,Qty,Price\r\nIced coffee,2,4.50\r\nBanh mi,1,3.20\r\nTotal,,7.70\r\n';
// The smallest zip (an empty archive) stands in for the XLSX: a real format, tiny.
const emptyZip = Uint8Array.from([0x50, 0x4b, 5, 6, ...new Array<number>(18).fill(0)]);

const table = http.get<{ id: string }>(paths.table, ({ request, params }) => {
  const read = findRead(params.id);
  if (!read) return notFound();
  if (!read.hasTable) return errorBody(visionTexts.noTable, 409);
  const format = visionTableFormat.safeParse(new URL(request.url).searchParams.get('format'));
  if (!format.success) return errorBody('format: csv or xlsx.', 400);
  const base = read.fileName.replace(/\.[a-z]+$/i, '');
  return format.data === 'csv'
    ? new HttpResponse(receiptCsv, {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${base}.csv"`,
        },
      })
    : new HttpResponse(emptyZip, {
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': `attachment; filename="${base}.xlsx"`,
        },
      });
});

const deleteRead = http.delete<{ id: string }>(paths.read, ({ params }) => {
  deletedReads.add(params.id);
  return new HttpResponse(null, { status: 204 });
});

// ---- Answers ----

type AnswerScenario = 'completes' | 'slow' | 'fails';

let answerCount = 0;

/** The text in pieces of a few words, as a model streams it. */
const pieces = (text: string) => text.match(/\S+\s*/g) ?? [];

const answers = (
  scenario: AnswerScenario,
  { pause = 15, model = gpt }: { pause?: number; model?: VisionModel } = {},
) =>
  http.post<{ id: string }>(paths.answers, async ({ request, params }) => {
    const read = findRead(params.id);
    const sample = sampleOfRead.get(params.id);
    if (!read || !sample) return notFound();
    const body = (await request.json()) as VisionAnswerInput;
    if (body.task === 'ask' && !body.question?.trim()) {
      return errorBody(visionTexts.questionRequired, 400);
    }
    answerCount += 1;
    const answer = sampleAnswer(sample, { ...body, id: `answer-${answerCount}` }, model);
    const encoder = new TextEncoder();
    const send = (
      controller: ReadableStreamDefaultController<Uint8Array>,
      event: string,
      data: unknown,
    ) => controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        try {
          send(controller, 'start', {
            answerId: answer.id,
            modelId: model.id,
            modelName: model.name,
          });
          const words = pieces(answer.text);
          // A slow answer sends a few words, then waits until it is stopped; a failing one
          // breaks off part-way with the model's failure.
          const upTo = scenario === 'completes' ? words.length : Math.min(6, words.length);
          for (const piece of words.slice(0, upTo)) {
            await delay(pause);
            send(controller, 'delta', { text: piece });
          }
          if (scenario === 'slow') {
            await delay('infinite');
            return;
          }
          if (scenario === 'fails') {
            send(controller, 'error', {
              message: 'The model stopped answering. Try again in a moment.',
            });
          } else {
            answered.set(read.id, [...(answered.get(read.id) ?? []), answer]);
            send(controller, 'done', { answer });
          }
          controller.close();
        } catch {
          // The client closed the connection (stopped): nothing more to send.
        }
      },
    });
    return new HttpResponse(stream, {
      headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' },
    });
  });

// ---- The catalogue ----

const catalogue = (answer: () => VisionCatalogueResponse) =>
  http.get(paths.catalogue, () => HttpResponse.json<VisionCatalogueResponse>(answer()));

export const visionHandlers = {
  catalogue: catalogue(() => sampleVisionCatalogue()),
  /** None of the caller's models sees pictures: describe and ask are off, translate works. */
  noVisionModel: catalogue(() =>
    sampleVisionCatalogue({ models: [textOnly], defaultVisionModel: null }),
  ),
  /** Only the embedded demo model answers. */
  demoModel: catalogue(() =>
    sampleVisionCatalogue({ models: [demo], defaultVisionModel: demo.id }),
  ),
  catalogueLoading: http.get(paths.catalogue, async () => {
    await delay('infinite');
    return HttpResponse.json(sampleVisionCatalogue());
  }),
  catalogueFailure: http.get(paths.catalogue, () =>
    errorBody('Server error. Please try again later.', 500),
  ),
  start: start(),
  /** Today's pictures are used up: the POST answers 429 with the quota body. */
  quotaReached: start(() => sampleVisionCatalogue({}, { remainingToday: 0 })),
  completes: events('completes', 60),
  /** Preparing, then reading, then it waits until cancelled. */
  running: events('running', 60),
  fails: events('fails', 30),
  cancel,
  reads: readsList(sampleReads),
  visitorReads: readsList(sampleVisitorReads),
  noReads: readsList(() => []),
  oneRead,
  file,
  table,
  deleteRead,
  answers: answers('completes'),
  demoAnswers: answers('completes', { model: demo }),
  /** A few words, then nothing until stopped. */
  slowAnswers: answers('slow'),
  failingAnswers: answers('fails'),
};

/** The happy path: the catalogue, a read that completes, the reads, their files and answers. */
export const defaultVisionHandlers = [
  visionHandlers.catalogue,
  visionHandlers.start,
  visionHandlers.completes,
  visionHandlers.cancel,
  visionHandlers.reads,
  // The picture, the table and the answers before the read's own route (all match /reads/:id…).
  visionHandlers.file,
  visionHandlers.table,
  visionHandlers.answers,
  visionHandlers.oneRead,
  visionHandlers.deleteRead,
];
