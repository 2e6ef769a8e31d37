import type {
  ErrorResponse,
  JobProgress,
  JobStreamEvent,
  QuotaErrorResponse,
  Voice,
  VoiceCatalogueResponse,
  VoiceClip,
  VoiceClipsPage,
  VoiceSynthesisInput,
  VoiceSynthesisJob,
} from '@studio/contracts';
import { VISITOR_KEY_HEADER, VISITOR_KEY_PATTERN } from '@studio/contracts/imageOptions';
import { splitSentences } from '@studio/contracts/sentences';
import { delay, http, HttpResponse, type JsonBodyType } from 'msw';
import {
  concatSamples,
  samplesDurationMs,
  speechLikeSamples,
  spokenSeconds,
  wavBytes,
} from '../audio';

/**
 * The voice tool's endpoints (the catalogue, a synthesis as a job whose progress counts the
 * sentences spoken, each sentence's WAV, a visitor's clip, a signed-in user's paged clips and
 * their deletion) as MSW handlers answering in the API's contracts. A request without a bearer
 * token must carry a visitor key, as the API's does. The sound is real: each sentence a WAV made
 * here (a speech-shaped tone, the same for the same text), the clip their join. The stand-in
 * encodes every clip as WAV whatever format was asked (the clip's mimeType says so).
 */

const paths = {
  voices: '*/api/voice/voices',
  syntheses: '*/api/voice/syntheses',
  events: '*/api/jobs/:id/events',
  job: '*/api/jobs/:id',
  part: '*/api/voice/jobs/:jobId/parts/:index',
  jobAudio: '*/api/voice/jobs/:jobId/audio',
  clips: '*/api/voice/clips',
  clip: '*/api/voice/clips/:id',
  clipAudio: '*/api/voice/clips/:id/audio',
} as const;

/** Every quality, a Pro voice, a sandbox stand-in, and voices without speed or pitch. */
export const sampleVoiceList: Voice[] = [
  {
    id: 'flite:rms',
    name: 'Rms',
    language: 'en',
    engine: 'Flite',
    provider: 'flite',
    quality: 'offline-natural',
    plan: 'free',
    capabilities: ['speed', 'pitch'],
    sandbox: false,
  },
  {
    id: 'flite:awb',
    name: 'Awb',
    language: 'en',
    engine: 'Flite',
    provider: 'flite',
    quality: 'offline-natural',
    plan: 'free',
    capabilities: ['speed', 'pitch'],
    sandbox: false,
  },
  {
    id: 'espeak:en-us',
    name: 'English (American)',
    language: 'en',
    engine: 'eSpeak NG',
    provider: 'espeak',
    quality: 'offline-robotic',
    plan: 'free',
    capabilities: ['speed', 'pitch'],
    sandbox: false,
  },
  {
    id: 'openai:nova',
    name: 'Nova',
    language: 'en',
    engine: 'gpt-4o-mini-tts',
    provider: 'openai',
    quality: 'cloud-neural',
    plan: 'pro',
    capabilities: ['speed', 'instructions'],
    sandbox: false,
  },
  {
    id: 'sandbox:alloy',
    name: 'Alloy',
    language: 'en',
    engine: 'Sandbox speech',
    provider: 'sandbox',
    quality: 'cloud-neural',
    plan: 'free',
    capabilities: ['speed', 'instructions'],
    sandbox: true,
  },
  {
    id: 'espeak:vi',
    name: 'Tiếng Việt (miền Bắc)',
    language: 'vi',
    engine: 'eSpeak NG',
    provider: 'espeak',
    quality: 'offline-robotic',
    plan: 'free',
    capabilities: ['speed', 'pitch'],
    sandbox: false,
  },
  {
    id: 'espeak:vi-vn-x-south',
    name: 'Tiếng Việt (miền Nam)',
    language: 'vi',
    engine: 'eSpeak NG',
    provider: 'espeak',
    quality: 'offline-robotic',
    plan: 'free',
    capabilities: ['speed', 'pitch'],
    sandbox: false,
  },
  {
    id: 'azure:vi-VN-HoaiMyNeural',
    name: 'Hoài My',
    language: 'vi',
    engine: 'Azure Speech',
    provider: 'azure',
    quality: 'cloud-neural',
    plan: 'pro',
    capabilities: ['speed', 'pitch'],
    sandbox: false,
  },
];

/** A visitor's allowance and a free account's, as characters. */
const visitorLimits = { maxCharactersPerRequest: 1000, dailyCharacters: 5000 };
const userLimits = { maxCharactersPerRequest: 5000, dailyCharacters: 20000 };
const sampleResetsAt = '2026-11-28T00:00:00.000Z';
const sampleCreatedAt = '2026-11-27T09:30:00.000Z';

export function sampleVoiceCatalogue(
  overrides: Partial<VoiceCatalogueResponse> = {},
  { signedIn = false, used = 800 }: { signedIn?: boolean; used?: number } = {},
): VoiceCatalogueResponse {
  const limits = signedIn ? userLimits : visitorLimits;
  return {
    voices: sampleVoiceList,
    defaultVoice: { en: 'flite:rms', vi: 'espeak:vi' },
    limits: { ...limits, remainingToday: Math.max(0, limits.dailyCharacters - used) },
    ...overrides,
  };
}

// ---- Who asks ----

/** A bearer token, else the visitor key (null: neither, refused as the API does). */
function callerOf(request: Request): { visitorKey: string | null } | null {
  if (request.headers.get('authorization')?.startsWith('Bearer ')) return { visitorKey: null };
  const key = request.headers.get(VISITOR_KEY_HEADER);
  return key && VISITOR_KEY_PATTERN.test(key) ? { visitorKey: key } : null;
}

const errorBody = <T extends JsonBodyType = never>(message: string, status: number) =>
  HttpResponse.json<T | ErrorResponse>({ message }, { status });

const notFound = <T extends JsonBodyType = never>() =>
  errorBody<T>('The requested resource was not found.', 404);

// ---- Sound ----

const soundCache = new Map<string, { parts: Float32Array[]; clip: Float32Array }>();

/** A text's sentences as sound (the same for the same text), and their join. */
function soundOf(text: string) {
  const cached = soundCache.get(text);
  if (cached) return cached;
  const sentences = splitSentences(text);
  const parts = sentences.map((sentence, index) =>
    speechLikeSamples(spokenSeconds(sentence.length), index + sentence.length),
  );
  const sound = { parts, clip: concatSamples(parts) };
  soundCache.set(text, sound);
  return sound;
}

const wav = (samples: Float32Array, fileName?: string) =>
  new HttpResponse(wavBytes(samples), {
    headers: {
      'Content-Type': 'audio/wav',
      ...(fileName ? { 'Content-Disposition': `inline; filename="${fileName}"` } : {}),
    },
  });

// ---- Syntheses ----

interface MockRun {
  job: VoiceSynthesisJob;
  request: VoiceSynthesisInput;
  visitorKey: string | null;
  sentences: number;
  /** Sentences spoken so far (their parts answer). */
  done: number;
  clip: VoiceClip | null;
}

const runs = new Map<string, MockRun>();
/** A signed-in user's clips made in this session, newest first, before the fixtures. */
const madeClips: VoiceClip[] = [];
const deletedClips = new Set<string>();
let jobCount = 0;

export const voiceFailure =
  'The speech engine stopped before the end of the text. Please try again.';

function clipOf(run: MockRun): VoiceClip {
  const { request, job } = run;
  const voice = sampleVoiceList.find((candidate) => candidate.id === request.voice);
  const id = run.visitorKey ? job.id : `clip-${job.id}`;
  const text = request.text.trim();
  const { clip } = soundOf(text);
  return {
    id,
    text,
    language: request.language ?? 'en',
    voice: request.voice ?? 'flite:rms',
    voiceName: voice?.name ?? 'Rms',
    engine: voice?.engine ?? 'Flite',
    speed: request.speed ?? 1,
    pitch: request.pitch ?? 1,
    format: request.format ?? 'mp3',
    instructions: request.instructions ?? null,
    characters: text.length,
    durationMs: samplesDurationMs(clip),
    bytes: 44 + clip.length * 2,
    mimeType: 'audio/wav',
    audioUrl: run.visitorKey ? `/api/voice/jobs/${job.id}/audio` : `/api/voice/clips/${id}/audio`,
    createdAt: job.createdAt,
  };
}

const frame = (event: JobStreamEvent) =>
  `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;

type Scenario = 'completes' | 'running' | 'fails';

/** The streams left open (running jobs), so a DELETE can end them as cancelled. */
const openStreams = new Map<string, (event: JobStreamEvent) => void>();

/** How far a job speaking `total` sentences is when `done` are spoken: speaking is 90 % of it. */
const speaking = (done: number, total: number): JobProgress => ({
  percent: Math.round((done / Math.max(1, total)) * 85) + 5,
  stage: 'speaking',
  steps: { done, total },
});

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
        const total = run.sentences;
        const running = {
          ...run.job,
          state: 'running' as const,
          progress: speaking(run.done, total),
        };
        send({ type: 'state', data: running });
        // A running job stops after its second sentence (or its only one).
        const stopAt = scenario === 'running' ? Math.min(2, total) : total;
        while (run.done < stopAt) {
          if (pause) await delay(pause);
          run.done += 1;
          send({ type: 'progress', data: speaking(run.done, total) });
        }
        if (scenario === 'running') {
          openStreams.set(run.job.id, end);
          return;
        }
        if (pause) await delay(pause);
        const finishedAt = sampleCreatedAt;
        if (scenario === 'fails') {
          end({
            type: 'state',
            data: { ...running, state: 'failed', error: voiceFailure, finishedAt },
          });
          return;
        }
        send({
          type: 'progress',
          data: { percent: 95, stage: 'joining', steps: { done: total, total } },
        });
        send({
          type: 'progress',
          data: { percent: 98, stage: 'storing', steps: { done: total, total } },
        });
        run.clip = clipOf(run);
        if (!run.visitorKey) madeClips.unshift(run.clip);
        end({
          type: 'state',
          data: {
            ...running,
            state: 'completed',
            progress: { percent: 100, stage: 'storing', steps: { done: total, total } },
            result: { clip: run.clip },
            finishedAt,
          },
        });
      } catch {
        // The client stopped following: nothing more to send.
      }
    },
  });
}

/** The API's refusals, decided as it decides them: length, plan, then what is left today. */
const start = (catalogue: () => VoiceCatalogueResponse = sampleVoiceCatalogue) =>
  http.post(paths.syntheses, async ({ request }) => {
    const caller = callerOf(request);
    if (!caller) {
      return errorBody<VoiceSynthesisJob | QuotaErrorResponse>(
        `Send the ${VISITOR_KEY_HEADER} header (a random key your browser keeps).`,
        400,
      );
    }
    const body = (await request.json()) as VoiceSynthesisInput;
    const text = body.text.trim();
    const { limits } = caller.visitorKey
      ? catalogue()
      : sampleVoiceCatalogue({}, { signedIn: true });
    if (!text) return errorBody<VoiceSynthesisJob>('Type the text to speak.', 400);
    if (text.length > limits.maxCharactersPerRequest) {
      return errorBody<VoiceSynthesisJob>(
        `This text has ${text.length} characters; your plan takes up to ${limits.maxCharactersPerRequest} in one request.`,
        400,
      );
    }
    const voice = sampleVoiceList.find((candidate) => candidate.id === body.voice);
    if (voice && voice.plan !== 'free') {
      return errorBody<VoiceSynthesisJob>(
        `The voice ${voice.name} is for the Pro plan. Choose another voice or upgrade.`,
        403,
      );
    }
    if (text.length > limits.remainingToday) {
      return HttpResponse.json<QuotaErrorResponse>(
        {
          message:
            limits.remainingToday > 0
              ? `Only ${limits.remainingToday} of today's characters are left.`
              : `You have reached today's limit of ${limits.dailyCharacters} characters.`,
          code: 'quota',
          limit: limits.dailyCharacters,
          remaining: limits.remainingToday,
          refusedBy: 'plan',
          resetsAt: sampleResetsAt,
          upgradeUrl: '/plans',
        },
        { status: 429 },
      );
    }
    jobCount += 1;
    const job: VoiceSynthesisJob = {
      id: `job-voice-${jobCount}`,
      kind: 'voice.synthesize',
      state: 'queued',
      progress: null,
      error: null,
      result: null,
      createdAt: sampleCreatedAt,
      finishedAt: null,
    };
    runs.set(job.id, {
      job,
      request: { ...body, text },
      visitorKey: caller.visitorKey,
      sentences: soundOf(text).parts.length,
      done: 0,
      clip: null,
    });
    return HttpResponse.json<VoiceSynthesisJob>(job, { status: 202 });
  });

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
    // Not a voice job: the other tools' handlers answer.
    if (run === undefined) return undefined;
    if (run === null) return notFound();
    return new HttpResponse(eventStream(run, scenario, pause), {
      headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' },
    });
  });

const cancel = http.delete<{ id: string }>(paths.job, ({ request, params }) => {
  const run = ownRun(request, params.id);
  if (run === undefined) return undefined;
  if (run === null) return notFound<VoiceSynthesisJob>();
  const cancelled: VoiceSynthesisJob = {
    ...run.job,
    state: 'cancelled',
    finishedAt: sampleCreatedAt,
  };
  openStreams.get(params.id)?.({ type: 'state', data: cancelled });
  return HttpResponse.json<VoiceSynthesisJob>(cancelled);
});

/** A sentence's WAV once spoken; 404 before, and for anyone but the job's owner. */
const part = http.get<{ jobId: string; index: string }>(paths.part, ({ request, params }) => {
  const run = ownRun(request, params.jobId);
  const index = Number(params.index);
  if (!run || !(index < run.done)) return notFound();
  const samples = soundOf(run.request.text).parts[index];
  return samples ? wav(samples) : notFound();
});

/** A visitor's finished clip, to their key only. */
const jobAudio = http.get<{ jobId: string }>(paths.jobAudio, ({ request, params }) => {
  const run = ownRun(request, params.jobId);
  if (!run?.clip || !run.visitorKey) return notFound();
  return wav(soundOf(run.clip.text).clip);
});

// ---- A signed-in user's clips ----
// Answered whoever asks, as the gallery's handlers do: a story's signed-in user has no token to
// send (the API's own tests check that these routes are a user's only).

const clipTexts = [
  'Welcome to the studio. This clip was made from a short paragraph.',
  'Xin chào, đây là giọng đọc tiếng Việt. Chúc bạn một ngày tốt lành.',
  'Chapter one. It was a bright cold day in April.',
  'Hà Nội mùa thu, cây cơm nguội vàng, cây bàng lá đỏ.',
  'Please remember to bring your notebook to the next lesson.',
];

/** `count` clips, newest first, an hour apart, with the voices and settings of each kind. */
export function sampleClips(count: number): VoiceClip[] {
  return Array.from({ length: count }, (_, index) => {
    const text = clipTexts[index % clipTexts.length] ?? '';
    const vietnamese = /[ạàáảãăâđêôơư]/i.test(text);
    const voice = vietnamese ? sampleVoiceList[5] : sampleVoiceList[index % 3];
    const created = new Date(Date.parse(sampleCreatedAt) - index * 3_600_000).toISOString();
    const id = `clip-sample-${index + 1}`;
    const { clip } = soundOf(text);
    return {
      id,
      text,
      language: vietnamese ? 'vi' : 'en',
      voice: voice?.id ?? 'flite:rms',
      voiceName: voice?.name ?? 'Rms',
      engine: voice?.engine ?? 'Flite',
      speed: index % 4 === 1 ? 1.25 : 1,
      pitch: 1,
      format: (['mp3', 'wav', 'ogg'] as const)[index % 3] ?? 'mp3',
      instructions: null,
      characters: text.length,
      durationMs: samplesDurationMs(clip),
      bytes: 44 + clip.length * 2,
      mimeType: 'audio/wav',
      audioUrl: `/api/voice/clips/${id}/audio`,
      createdAt: created,
    };
  });
}

const clipsList = (fixtures: VoiceClip[]) =>
  http.get(paths.clips, ({ request }) => {
    const url = new URL(request.url);
    const limit = Number(url.searchParams.get('limit') ?? 20) || 20;
    const from = Number(url.searchParams.get('cursor') ?? 0) || 0;
    const all = [...madeClips, ...fixtures].filter((clip) => !deletedClips.has(clip.id));
    const clips = all.slice(from, from + limit);
    const next = from + limit < all.length ? String(from + limit) : null;
    return HttpResponse.json<VoiceClipsPage>({ clips, nextCursor: next });
  });

const allClips = (fixtures: VoiceClip[]) => [...madeClips, ...fixtures];

const clipAudio = (fixtures: VoiceClip[]) =>
  http.get<{ id: string }>(paths.clipAudio, ({ params }) => {
    const clip = allClips(fixtures).find((candidate) => candidate.id === params.id);
    if (!clip || deletedClips.has(clip.id)) return notFound();
    return wav(soundOf(clip.text).clip, `${clip.id}.wav`);
  });

const deleteClip = http.delete<{ id: string }>(paths.clip, ({ params }) => {
  deletedClips.add(params.id);
  return new HttpResponse(null, { status: 204 });
});

const catalogue = (answer: () => VoiceCatalogueResponse) =>
  http.get(paths.voices, ({ request }) =>
    HttpResponse.json(
      request.headers.get('authorization')
        ? sampleVoiceCatalogue({}, { signedIn: true })
        : answer(),
    ),
  );

export const voiceHandlers = {
  catalogue: catalogue(() => sampleVoiceCatalogue()),
  /** A free account's catalogue (a story's signed-in user sends no token, so it is chosen). */
  signedInCatalogue: catalogue(() => sampleVoiceCatalogue({}, { signedIn: true })),
  /** No engine works on this server. */
  noVoices: http.get(paths.voices, () =>
    HttpResponse.json(sampleVoiceCatalogue({ voices: [], defaultVoice: {} })),
  ),
  /** Today's characters used up. */
  atLimit: catalogue(() => sampleVoiceCatalogue({}, { used: visitorLimits.dailyCharacters })),
  /** Only a few characters left today: a longer text is refused with 429. */
  fewLeft: [
    catalogue(() => sampleVoiceCatalogue({}, { used: visitorLimits.dailyCharacters - 20 })),
    start(() => sampleVoiceCatalogue({}, { used: visitorLimits.dailyCharacters - 20 })),
  ],
  catalogueFailure: http.get(paths.voices, () =>
    errorBody('Server error. Please try again later.', 500),
  ),
  start: start(),
  /** Every visitor behind this address has used today's characters: the POST answers 429. */
  quotaReached: http.post(paths.syntheses, () =>
    HttpResponse.json<QuotaErrorResponse>(
      {
        message: "Visitors on this network have used today's characters. Sign in to get your own.",
        code: 'quota',
        limit: visitorLimits.dailyCharacters,
        remaining: 0,
        refusedBy: 'address',
        resetsAt: sampleResetsAt,
        upgradeUrl: '/plans',
      },
      { status: 429 },
    ),
  ),
  /** Sentences spoken one by one, then joined and stored. */
  completes: events('completes', 150),
  /** Slow enough to hear the first sentences before the last is spoken. */
  completesSlowly: events('completes', 900),
  /** Two sentences spoken, then it waits until cancelled. */
  running: events('running', 150),
  /** The engine failed partway. */
  fails: events('fails', 50),
  cancel,
  part,
  jobAudio,
  /** A signed-in user's clips: 23 of them, 20 a page. */
  clips: clipsList(sampleClips(23)),
  noClips: clipsList([]),
  clipAudio: clipAudio(sampleClips(23)),
  deleteClip,
};

/** The happy path: the catalogue, a synthesis that completes, its parts and clips. */
export const defaultVoiceHandlers = [
  voiceHandlers.catalogue,
  voiceHandlers.start,
  voiceHandlers.completes,
  voiceHandlers.cancel,
  voiceHandlers.part,
  voiceHandlers.jobAudio,
  voiceHandlers.clips,
  voiceHandlers.clipAudio,
  voiceHandlers.deleteClip,
];
