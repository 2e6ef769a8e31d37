import type {
  ErrorResponse,
  JobProgress,
  JobStreamEvent,
  MusicCatalogueResponse,
  MusicComposeInput,
  MusicComposeJob,
  MusicDescribeResponse,
  MusicFamilyResponse,
  MusicInstrument,
  MusicModel,
  MusicPiece,
  MusicPiecesPage,
  MusicSection,
  QuotaErrorResponse,
  ResolvedMusicSettings,
} from '@studio/contracts';
import { musicJobFailureTexts } from '@studio/contracts';
import { VISITOR_KEY_HEADER, VISITOR_KEY_PATTERN } from '@studio/contracts/imageOptions';
import { delay, http, HttpResponse, type JsonBodyType } from 'msw';
import { musicLikeSamples, wavBytes } from '../audio';

/**
 * The music tool's endpoints (the models, describe, a composition as a job with its stages, a
 * signed-in user's paged pieces, a piece's family and deletion, and every file of a piece) as
 * MSW handlers answering in the API's contracts. A request without a bearer token must carry a
 * visitor key, as the API's does. The sound is real: a tune made here for the piece's length,
 * louder in every other section (the MP3, the WAV and each stem are WAV files in this stand-in).
 */

const paths = {
  models: '*/api/music/models',
  describe: '*/api/music/describe',
  pieces: '*/api/music/pieces',
  piece: '*/api/music/pieces/:id',
  family: '*/api/music/pieces/:id/family',
  userFile: '*/api/music/pieces/:id/files/:name',
  jobFile: '*/api/music/jobs/:jobId/files/:name',
  events: '*/api/jobs/:id/events',
  job: '*/api/jobs/:id',
} as const;

const composer: MusicModel = {
  id: 'composer:arranger',
  name: 'Offline composer',
  provider: 'composer',
  quality: 'offline-composer',
  capabilities: ['settings', 'instrumental', 'extend', 'section', 'seed', 'midi', 'stems'],
  maxDurationSeconds: 360,
  plan: 'free',
  allowed: true,
  sandbox: false,
};
const elevenMusic: MusicModel = {
  id: 'elevenlabs:music_v1',
  name: 'Eleven Music',
  provider: 'elevenlabs',
  quality: 'cloud-ai',
  capabilities: ['lyrics', 'instrumental'],
  maxDurationSeconds: 300,
  plan: 'pro',
  allowed: false,
  sandbox: false,
};
// The real adapters' models (apps/api/src/domains/providers/music): fal's ACE-Step sings and
// takes a seed; fal's Stable Audio Open stops at 47 s.
const aceStep: MusicModel = {
  id: 'fal:ace-step',
  name: 'ACE-Step',
  provider: 'fal',
  quality: 'cloud-ai',
  capabilities: ['settings', 'lyrics', 'instrumental', 'seed'],
  maxDurationSeconds: 240,
  plan: 'pro',
  allowed: false,
  sandbox: false,
};
const stableAudioOpen: MusicModel = {
  id: 'fal:stable-audio',
  name: 'Stable Audio Open',
  provider: 'fal',
  quality: 'cloud-ai',
  capabilities: ['settings', 'instrumental'],
  maxDurationSeconds: 47,
  plan: 'free',
  allowed: true,
  sandbox: false,
};

/** The composer, two Pro models that sing, and a cloud model with a short limit. */
export const sampleMusicModels: MusicModel[] = [composer, elevenMusic, aceStep, stableAudioOpen];

const visitorLimits = { maxSecondsPerPiece: 120, dailySeconds: 600 };
const userLimits = { maxSecondsPerPiece: 240, dailySeconds: 1800 };
const sampleResetsAt = '2026-11-28T00:00:00.000Z';
const sampleCreatedAt = '2026-11-27T09:30:00.000Z';

export function sampleMusicCatalogue(
  overrides: Partial<MusicCatalogueResponse> = {},
  { signedIn = false, used = 120 }: { signedIn?: boolean; used?: number } = {},
): MusicCatalogueResponse {
  const limits = signedIn ? userLimits : visitorLimits;
  return {
    models: sampleMusicModels,
    defaultModel: composer.id,
    limits: { ...limits, remainingToday: Math.max(0, limits.dailySeconds - used) },
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

// ---- Pieces ----

const genreBands: Record<string, MusicInstrument[]> = {
  lofi: ['electric-piano', 'bass', 'drums'],
  classical: ['piano', 'strings', 'flute'],
  rock: ['electric-guitar', 'bass', 'drums'],
};

/** The sections over a length, each an equal share. */
function sectionsOver(structure: readonly MusicSection[], durationMs: number) {
  const share = Math.floor(durationMs / Math.max(1, structure.length));
  return structure.map((name, index) => ({
    name,
    startMs: index * share,
    endMs: index === structure.length - 1 ? durationMs : (index + 1) * share,
  }));
}

/** Every file of a piece under `base` (a user's piece or a visitor's job). */
function filesOf(base: string, settings: ResolvedMusicSettings, model: MusicModel) {
  const stems = model.capabilities.includes('stems')
    ? settings.instruments.map((instrument) => ({
        instrument,
        url: `${base}/files/stem-${instrument}.wav`,
        bytes: 48_000,
      }))
    : [];
  return {
    audioUrl: `${base}/files/audio.mp3`,
    wavUrl: `${base}/files/audio.wav`,
    midiUrl: model.capabilities.includes('midi') ? `${base}/files/notes.mid` : null,
    stems,
    stemsZipUrl: stems.length > 0 ? `${base}/files/stems.zip` : null,
  };
}

interface PieceSpec {
  id: string;
  /** As the API says it: the prompt's start, or the mood and genre (domains/music/music-views.ts). */
  title?: string;
  settings: Partial<ResolvedMusicSettings>;
  model?: MusicModel;
  parentId?: string | null;
  operation?: MusicPiece['operation'];
  createdAt?: string;
  base?: string;
}

/** A piece's title as the API writes it. */
function apiTitle(settings: Pick<ResolvedMusicSettings, 'prompt' | 'genre' | 'mood'>): string {
  const prompt = settings.prompt.trim();
  if (prompt) return prompt.length > 60 ? `${prompt.slice(0, 59).trimEnd()}…` : prompt;
  return `${settings.mood[0]?.toUpperCase() ?? ''}${settings.mood.slice(1)} ${settings.genre.replace('-', ' ')}`;
}

/** A piece as the API answers it, its choices made as the composer makes them. */
export function samplePiece({
  id,
  title,
  settings,
  model = composer,
  parentId = null,
  operation = null,
  createdAt = sampleCreatedAt,
  base = `/api/music/pieces/${id}`,
}: PieceSpec): MusicPiece {
  const genre = settings.genre ?? 'pop';
  const resolved: ResolvedMusicSettings = {
    prompt: settings.prompt ?? '',
    lyrics: settings.lyrics ?? null,
    instrumental: settings.instrumental ?? true,
    genre,
    mood: settings.mood ?? 'calm',
    tempo: settings.tempo ?? 90,
    key: settings.key ?? { tonic: 'C', mode: 'major' },
    durationSeconds: settings.durationSeconds ?? 30,
    instruments: settings.instruments?.length
      ? settings.instruments
      : (genreBands[genre] ?? ['piano', 'bass', 'drums']),
    structure: settings.structure?.length
      ? settings.structure
      : ['intro', 'verse', 'chorus', 'outro'],
    seed: settings.seed ?? 4242,
  };
  const durationMs = resolved.durationSeconds * 1000;
  return {
    id,
    parentId,
    operation,
    title: title ?? apiTitle(resolved),
    settings: resolved,
    model: model.id,
    modelName: model.name,
    provider: model.provider,
    quality: model.quality,
    durationMs,
    sections: sectionsOver(resolved.structure, durationMs),
    ...filesOf(base, resolved, model),
    bytes: 480_000,
    createdAt,
  };
}

const hourBefore = (hours: number) =>
  new Date(Date.parse(sampleCreatedAt) - hours * 3_600_000).toISOString();

/** A signed-in user's pieces: a first piece, its extension and a variation, and two others. */
export function samplePieces(): MusicPiece[] {
  const first = samplePiece({
    id: 'piece-rain',
    settings: {
      prompt: 'Rainy night lo-fi',
      genre: 'lofi',
      mood: 'calm',
      tempo: 80,
      key: { tonic: 'F', mode: 'major' },
    },
    createdAt: hourBefore(5),
  });
  return [
    samplePiece({
      id: 'piece-rain-longer',
      settings: { ...first.settings, durationSeconds: 45 },
      parentId: first.id,
      operation: 'extend',
      createdAt: hourBefore(1),
    }),
    samplePiece({
      id: 'piece-rain-vary',
      settings: { ...first.settings, seed: 99 },
      parentId: first.id,
      operation: 'vary',
      createdAt: hourBefore(2),
    }),
    samplePiece({
      id: 'piece-sea',
      settings: {
        prompt: 'Sunrise over Hạ Long bay',
        genre: 'cinematic',
        mood: 'epic',
        tempo: 70,
        durationSeconds: 20,
      },
      model: stableAudioOpen,
      createdAt: hourBefore(3),
    }),
    first,
  ];
}

// ---- Files ----

const soundCache = new Map<string, Float32Array>();

function soundOfPiece(piece: MusicPiece, variant: string): Float32Array {
  const key = `${piece.id}:${variant}:${piece.durationMs}`;
  const cached = soundCache.get(key);
  if (cached) return cached;
  const sound = musicLikeSamples(piece.durationMs / 1000, {
    seed: piece.settings.seed + variant.length,
    tempo: piece.settings.tempo,
    sections: piece.sections.length,
  });
  soundCache.set(key, sound);
  return sound;
}

// The smallest MIDI file (a header and an empty track) and an empty zip: real formats, tiny.
const midiBytes = Uint8Array.from([
  0x4d, 0x54, 0x68, 0x64, 0, 0, 0, 6, 0, 0, 0, 1, 0, 96, 0x4d, 0x54, 0x72, 0x6b, 0, 0, 0, 4, 0,
  0xff, 0x2f, 0,
]);
const emptyZip = Uint8Array.from([0x50, 0x4b, 5, 6, ...new Array<number>(18).fill(0)]);

function fileResponse(piece: MusicPiece, name: string) {
  if (name === 'notes.mid') {
    return new HttpResponse(midiBytes, { headers: { 'Content-Type': 'audio/midi' } });
  }
  if (name === 'stems.zip') {
    return new HttpResponse(emptyZip, { headers: { 'Content-Type': 'application/zip' } });
  }
  return new HttpResponse(wavBytes(soundOfPiece(piece, name)), {
    headers: { 'Content-Type': 'audio/wav' },
  });
}

// ---- Compositions ----

interface MockRun {
  job: MusicComposeJob;
  request: MusicComposeInput;
  visitorKey: string | null;
  piece: MusicPiece | null;
}

const runs = new Map<string, MockRun>();
let madePieces: MusicPiece[] = [];
let deletedPieces = new Set<string>();
let jobCount = 0;

/** Forgets the pieces earlier stories made or deleted: the test-runner keeps one page per file. */
export function resetMusicMocks(): void {
  runs.clear();
  madePieces = [];
  deletedPieces = new Set();
}

const allPieces = (fixtures: MusicPiece[]) =>
  [...madePieces, ...fixtures].filter((piece) => !deletedPieces.has(piece.id));

function pieceOf(run: MockRun, fixtures: MusicPiece[]): MusicPiece {
  const { request, job } = run;
  const model = sampleMusicModels.find((one) => one.id === request.model) ?? composer;
  const parent = request.from
    ? [...allPieces(fixtures), ...[...runs.values()].flatMap((one) => one.piece ?? [])].find(
        (piece) => piece.id === request.from?.pieceId,
      )
    : undefined;
  const settings = { ...request.settings };
  if (request.from?.operation === 'extend' && parent) {
    settings.durationSeconds = parent.durationMs / 1000 + (request.from.seconds ?? 30);
  }
  const id = run.visitorKey ? job.id : `piece-${job.id}`;
  return samplePiece({
    id,
    settings: {
      ...settings,
      mood: settings.mood ?? undefined,
      tempo: settings.tempo ?? undefined,
      key: settings.key ?? undefined,
      seed: settings.seed ?? undefined,
    },
    model,
    parentId: parent?.id ?? null,
    operation: request.from?.operation ?? null,
    base: run.visitorKey ? `/api/music/jobs/${job.id}` : `/api/music/pieces/${id}`,
  });
}

const frame = (event: JobStreamEvent) =>
  `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;

type Scenario = 'completes' | 'running' | 'fails' | 'refused';

const openStreams = new Map<string, (event: JobStreamEvent) => void>();

const stagesOf = (model: string | null): JobProgress[] =>
  model && model !== composer.id
    ? [
        { percent: 5, stage: 'planning' },
        { percent: 40, stage: 'generating' },
        { percent: 85, stage: 'encoding' },
        { percent: 95, stage: 'storing' },
      ]
    : [
        { percent: 5, stage: 'planning' },
        { percent: 30, stage: 'composing' },
        { percent: 55, stage: 'rendering' },
        { percent: 75, stage: 'stems' },
        { percent: 88, stage: 'encoding' },
        { percent: 95, stage: 'storing' },
      ];

export const sampleSuggestedPrompt =
  'An upbeat pop song with bright synths and a catchy chorus about summer';

function eventStream(
  run: MockRun,
  scenario: Scenario,
  pause: number,
  fixtures: MusicPiece[],
): ReadableStream<Uint8Array> {
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
        const steps = stagesOf(run.request.model ?? null);
        const running = { ...run.job, state: 'running' as const, progress: steps[0] ?? null };
        send({ type: 'state', data: running });
        // A running job stops at its second stage and waits to be cancelled.
        const stopAt = scenario === 'running' ? 2 : steps.length;
        for (const step of steps.slice(1, stopAt)) {
          if (pause) await delay(pause);
          send({ type: 'progress', data: step });
        }
        if (scenario === 'running') {
          openStreams.set(run.job.id, end);
          return;
        }
        const finishedAt = sampleCreatedAt;
        if (scenario === 'fails' || scenario === 'refused') {
          const refused = scenario === 'refused';
          end({
            type: 'state',
            data: {
              ...running,
              state: 'failed',
              error: refused ? musicJobFailureTexts.refused : musicJobFailureTexts.engineFailed,
              // A refusal's suggestion travels as the failed job's detail, as the API sends it.
              result: null,
              detail: refused ? { suggestedPrompt: sampleSuggestedPrompt } : null,
              finishedAt,
            },
          });
          return;
        }
        run.piece = pieceOf(run, fixtures);
        if (!run.visitorKey) madePieces.unshift(run.piece);
        end({
          type: 'state',
          data: {
            ...running,
            state: 'completed',
            progress: { percent: 100, stage: 'storing' },
            result: { piece: run.piece },
            finishedAt,
          },
        });
      } catch {
        // The client stopped following: nothing more to send.
      }
    },
  });
}

const start = (catalogue: () => MusicCatalogueResponse = sampleMusicCatalogue) =>
  http.post(paths.pieces, async ({ request }) => {
    const caller = callerOf(request);
    if (!caller) {
      return errorBody<MusicComposeJob | QuotaErrorResponse>(
        `Send the ${VISITOR_KEY_HEADER} header (a random key your browser keeps).`,
        400,
      );
    }
    const body = (await request.json()) as MusicComposeInput;
    const { limits } = caller.visitorKey
      ? catalogue()
      : sampleMusicCatalogue({}, { signedIn: true });
    const seconds = body.settings.durationSeconds ?? 60;
    if (seconds > limits.remainingToday) {
      return HttpResponse.json<QuotaErrorResponse>(
        {
          message: `Only ${limits.remainingToday} of today's seconds of music are left.`,
          code: 'quota',
          limit: limits.dailySeconds,
          remaining: limits.remainingToday,
          refusedBy: 'plan',
          resetsAt: sampleResetsAt,
          upgradeUrl: '/plans',
        },
        { status: 429 },
      );
    }
    jobCount += 1;
    const job: MusicComposeJob = {
      id: `job-music-${jobCount}`,
      kind: 'music.compose',
      state: 'queued',
      progress: null,
      error: null,
      result: null,
      createdAt: sampleCreatedAt,
      finishedAt: null,
    };
    runs.set(job.id, { job, request: body, visitorKey: caller.visitorKey, piece: null });
    return HttpResponse.json<MusicComposeJob>(job, { status: 202 });
  });

function ownRun(request: Request, id: string): MockRun | null | undefined {
  const run = runs.get(id);
  if (!run) return undefined;
  const caller = callerOf(request);
  return caller && caller.visitorKey === run.visitorKey ? run : null;
}

const events = (scenario: Scenario, pause = 0, fixtures: MusicPiece[] = samplePieces()) =>
  http.get<{ id: string }>(paths.events, ({ request, params }) => {
    const run = ownRun(request, params.id);
    // Not a music job: the other tools' handlers answer.
    if (run === undefined) return undefined;
    if (run === null) return notFound();
    return new HttpResponse(eventStream(run, scenario, pause, fixtures), {
      headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' },
    });
  });

const cancel = http.delete<{ id: string }>(paths.job, ({ request, params }) => {
  const run = ownRun(request, params.id);
  if (run === undefined) return undefined;
  if (run === null) return notFound();
  const cancelled: MusicComposeJob = {
    ...run.job,
    state: 'cancelled',
    finishedAt: sampleCreatedAt,
  };
  openStreams.get(params.id)?.({ type: 'state', data: cancelled });
  return HttpResponse.json<MusicComposeJob>(cancelled);
});

/** A visitor's job files, to their key only. */
const jobFile = http.get<{ jobId: string; name: string }>(paths.jobFile, ({ request, params }) => {
  const run = ownRun(request, params.jobId);
  if (!run?.piece || !run.visitorKey) return notFound();
  return fileResponse(run.piece, params.name);
});

// ---- A signed-in user's pieces ----
// Answered whoever asks, as the voice and gallery handlers do: a story's signed-in user has no
// token to send (the API's own tests check that these routes are a user's only).

const piecesList = (fixtures: MusicPiece[]) =>
  http.get(paths.pieces, ({ request }) => {
    const url = new URL(request.url);
    const limit = Number(url.searchParams.get('limit') ?? 20) || 20;
    const from = Number(url.searchParams.get('cursor') ?? 0) || 0;
    const all = allPieces(fixtures);
    const next = from + limit < all.length ? String(from + limit) : null;
    return HttpResponse.json<MusicPiecesPage>({
      pieces: all.slice(from, from + limit),
      nextCursor: next,
    });
  });

const family = (fixtures: MusicPiece[]) =>
  http.get<{ id: string }>(paths.family, ({ params }) => {
    const all = allPieces(fixtures);
    const piece = all.find((one) => one.id === params.id);
    if (!piece) return notFound();
    let root = piece;
    for (let up = all.find((one) => one.id === root.parentId); up;) {
      root = up;
      up = all.find((one) => one.id === root.parentId);
    }
    const members: MusicPiece[] = [];
    const visit = (member: MusicPiece) => {
      members.push(member);
      all.filter((one) => one.parentId === member.id).forEach(visit);
    };
    visit(root);
    return HttpResponse.json<MusicFamilyResponse>({ pieces: members });
  });

const userFile = (fixtures: MusicPiece[]) =>
  http.get<{ id: string; name: string }>(paths.userFile, ({ params }) => {
    const piece = allPieces(fixtures).find((one) => one.id === params.id);
    return piece ? fileResponse(piece, params.name) : notFound();
  });

const deletePiece = http.delete<{ id: string }>(paths.piece, ({ params }) => {
  deletedPieces.add(params.id);
  return new HttpResponse(null, { status: 204 });
});

// ---- The models and describe ----

const catalogue = (answer: () => MusicCatalogueResponse) =>
  http.get(paths.models, ({ request }) =>
    HttpResponse.json(
      request.headers.get('authorization')
        ? sampleMusicCatalogue({}, { signedIn: true })
        : answer(),
    ),
  );

export const describedSettings: MusicDescribeResponse['settings'] = {
  prompt: 'A calm lo-fi piece for studying on a rainy night, with soft piano',
  lyrics: null,
  instrumental: true,
  genre: 'lofi',
  mood: 'calm',
  tempo: 78,
  key: { tonic: 'F', mode: 'major' },
  durationSeconds: 90,
  instruments: ['electric-piano', 'bass', 'drums'],
  structure: ['intro', 'verse', 'chorus', 'verse', 'outro'],
  seed: null,
};

const describeAnswer = (source: MusicDescribeResponse['source']) =>
  http.post(paths.describe, async () => {
    await delay(100);
    return HttpResponse.json<MusicDescribeResponse>({
      settings:
        source === 'model'
          ? describedSettings
          : // Keywords read: the genre and mood only, the rest left to the composer.
            {
              ...describedSettings,
              tempo: null,
              key: null,
              instruments: [],
              structure: [],
              durationSeconds: 60,
            },
      source,
    });
  });

const withModels = (models: MusicModel[], signedIn = false) =>
  catalogue(() => sampleMusicCatalogue({ models }, { signedIn }));

export const musicHandlers = {
  catalogue: catalogue(() => sampleMusicCatalogue()),
  signedInCatalogue: catalogue(() => sampleMusicCatalogue({}, { signedIn: true })),
  /** A Pro account: the model that sings is theirs. */
  lyricsCatalogue: withModels(
    sampleMusicModels.map((model) => ({ ...model, allowed: true })),
    true,
  ),
  /** Only the app's stand-ins answer for the cloud models. */
  standInsOnly: withModels(
    sampleMusicModels.map((model) =>
      model.quality === 'cloud-ai' ? { ...model, sandbox: true } : model,
    ),
  ),
  /** The models never arrive (a story of the loading state). */
  catalogueLoading: http.get(paths.models, async () => {
    await delay('infinite');
    return HttpResponse.json(sampleMusicCatalogue());
  }),
  catalogueFailure: http.get(paths.models, () =>
    errorBody('Server error. Please try again later.', 500),
  ),
  noModels: http.get(paths.models, () =>
    HttpResponse.json(sampleMusicCatalogue({ models: [], defaultModel: composer.id })),
  ),
  describeModel: describeAnswer('model'),
  describeRules: describeAnswer('rules'),
  start: start(),
  /** Every visitor behind this address has used today's music: the POST answers 429. */
  quotaReached: http.post(paths.pieces, () =>
    HttpResponse.json<QuotaErrorResponse>(
      {
        message: "Visitors on this network have used today's music. Sign in to get your own.",
        code: 'quota',
        limit: visitorLimits.dailySeconds,
        remaining: 0,
        refusedBy: 'address',
        resetsAt: sampleResetsAt,
        upgradeUrl: '/plans',
      },
      { status: 429 },
    ),
  ),
  completes: events('completes', 60),
  /** Planning, then composing, then it waits until cancelled. */
  running: events('running', 60),
  fails: events('fails', 30),
  /** The provider refused the prompt and suggested another. */
  refused: events('refused', 30),
  cancel,
  jobFile,
  pieces: piecesList(samplePieces()),
  noPieces: piecesList([]),
  family: family(samplePieces()),
  userFile: userFile(samplePieces()),
  deletePiece,
};

/** The happy path: the models, describe, a composition that completes, the pieces and files. */
export const defaultMusicHandlers = [
  musicHandlers.catalogue,
  musicHandlers.describeModel,
  musicHandlers.start,
  musicHandlers.completes,
  musicHandlers.cancel,
  musicHandlers.jobFile,
  // The family before the piece's own route (both match /pieces/:id…).
  musicHandlers.family,
  musicHandlers.userFile,
  musicHandlers.pieces,
  musicHandlers.deletePiece,
];
