import { musicSettings, type MusicSettingsInput } from '@studio/contracts';
import { sandboxMusicFetch } from '@studio/sandbox';
import { describe, expect, it } from 'vitest';
import { cloudMusicEngines } from '../src/domains/providers/music/cloud-music-engines.ts';
import {
  MusicError,
  type MusicEngine,
  type MusicGenerateRequest,
} from '../src/domains/providers/music/music-engine.ts';
import type { MusicTimeouts } from '../src/domains/providers/music/music-http.ts';

const base = 'http://sandbox.invalid/sandbox/music';

interface Sent {
  method: string;
  url: string;
  headers: Headers;
  body: string;
}

/** The sandbox's three stand-ins in process, with every request the adapters send recorded. */
function providers(timeouts: MusicTimeouts = { idleMs: 5_000, totalMs: 20_000 }, slowMs = 3_000) {
  const sandbox = sandboxMusicFetch({ slowMs, basePath: '/sandbox/music' });
  const sent: Sent[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    // A form is recorded as its fields (its multipart text has a random boundary).
    const body =
      init?.body instanceof FormData
        ? JSON.stringify(Object.fromEntries(init.body.entries()))
        : await request.clone().text();
    sent.push({ method: request.method, url: request.url, headers: request.headers, body });
    return sandbox(input, init);
  }) as typeof globalThis.fetch;
  const engines = cloudMusicEngines(
    {
      elevenlabs: { apiKey: 'xi-test', baseURL: base },
      stability: { apiKey: 'sk-test', baseURL: base },
      falQueue: { apiKey: 'fal-test', baseURL: base },
    },
    { fetch, timeouts, pollIntervalMs: 5, sandbox: true },
  );
  const engine = (provider: string) => {
    const found = engines.find((one) => one.provider === provider);
    if (!found) throw new Error(`no ${provider} engine`);
    return found;
  };
  return { engines, engine, sent };
}

function request(
  model: string,
  settings: MusicSettingsInput,
  signal: AbortSignal = new AbortController().signal,
): MusicGenerateRequest {
  return {
    model,
    settings: musicSettings.parse(settings),
    from: null,
    signal,
    onProgress: () => {},
  };
}

async function failureOf(work: Promise<unknown>): Promise<MusicError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MusicError);
  return error as MusicError;
}

const seconds = (audio: { samples: Int16Array; channels: number; sampleRate: number }) =>
  audio.samples.length / audio.channels / audio.sampleRate;

describe('cloudMusicEngines', () => {
  it('makes one engine per provider with a key, and lists their models', () => {
    expect(
      cloudMusicEngines({
        elevenlabs: { apiKey: null, baseURL: null },
        stability: { apiKey: 'k', baseURL: null },
        falQueue: { apiKey: null, baseURL: null },
      }).map((engine) => engine.provider),
    ).toEqual(['stability']);
    const { engines } = providers();
    expect(engines.flatMap((engine) => engine.models().map((model) => model.id))).toEqual([
      'elevenlabs:music_v1',
      'stability:stable-audio-2.5',
      'fal:ace-step',
      'fal:stable-audio',
    ]);
    expect(engines.flatMap((engine) => engine.models()).every((model) => model.sandbox)).toBe(true);
  });
});

describe('ElevenLabs music', () => {
  it('makes audio of the asked length from a prompt with the settings in words', async () => {
    const { engine, sent } = providers();
    const result = await engine('elevenlabs').generate(
      request('music_v1', { prompt: 'rainy night', genre: 'jazz', durationSeconds: 15, tempo: 90 }),
    );
    expect(seconds(result.audio)).toBe(15);
    expect(result.settings).toMatchObject({ genre: 'jazz', tempo: 90, mood: 'romantic' });
    expect(result.sections.at(-1)?.endMs).toBe(15_000);
    const body = JSON.parse(sent[0]?.body ?? '{}') as Record<string, unknown>;
    expect(sent[0]?.url).toBe(`${base}/v1/music?output_format=pcm_44100`);
    expect(sent[0]?.headers.get('xi-api-key')).toBe('xi-test');
    expect(body).toMatchObject({
      music_length_ms: 15_000,
      model_id: 'music_v1',
      force_instrumental: true,
    });
    expect(body.prompt).toContain('rainy night');
    expect(body.prompt).toContain('90 BPM');
    expect(body.prompt).toContain(`${result.settings.key.tonic} ${result.settings.key.mode}`);
  });

  it('sings lyrics through a composition plan whose sections carry the lines', async () => {
    const { engine, sent } = providers();
    const result = await engine('elevenlabs').generate(
      request('music_v1', {
        genre: 'pop',
        instrumental: false,
        lyrics: 'first line\nsecond line\nthird line',
        durationSeconds: 30,
        structure: ['intro', 'verse', 'chorus', 'outro'],
      }),
    );
    expect(seconds(result.audio)).toBe(30);
    const plan = (
      JSON.parse(sent[0]?.body ?? '{}') as {
        composition_plan: {
          sections: { section_name: string; duration_ms: number; lines: string[] }[];
        };
      }
    ).composition_plan;
    expect(plan.sections.map((section) => section.section_name)).toEqual([
      'intro',
      'verse',
      'chorus',
      'outro',
    ]);
    expect(plan.sections.reduce((sum, section) => sum + section.duration_ms, 0)).toBe(30_000);
    expect(plan.sections.flatMap((section) => section.lines)).toEqual([
      'first line',
      'second line',
      'third line',
    ]);
    expect(plan.sections[0]?.lines).toEqual([]);
    expect(result.settings.lyrics).toContain('first line');
    expect(result.settings.instrumental).toBe(false);
  });

  it('turns a copyrighted prompt into a refusal carrying the suggested prompt', async () => {
    const { engine } = providers();
    const error = await failureOf(
      engine('elevenlabs').generate(
        request('music_v1', { prompt: 'like [copyrighted] songs', durationSeconds: 15 }),
      ),
    );
    expect(error.failure).toMatchObject({ kind: 'http', status: 400 });
    expect(error.refusal?.suggestedPrompt).toMatch(/^An original piece/);
    expect(error.message).not.toContain('copyrighted');
  });

  it('maps 429, 500 and unreadable audio', async () => {
    const { engine } = providers();
    const limited = await failureOf(
      engine('elevenlabs').generate(
        request('music_v1', { prompt: '[rate-limit]', durationSeconds: 15 }),
      ),
    );
    expect(limited.failure).toEqual({ kind: 'rate-limited', status: 429, retryAfterSeconds: 7 });
    const failed = await failureOf(
      engine('elevenlabs').generate(request('music_v1', { prompt: '[fail]', durationSeconds: 15 })),
    );
    expect(failed.failure).toMatchObject({ kind: 'http', status: 500 });
    expect(failed.refusal).toBeNull();
    const malformed = await failureOf(
      engine('elevenlabs').generate(
        request('music_v1', { prompt: '[malformed]', durationSeconds: 15 }),
      ),
    );
    expect(malformed.failure.kind).toBe('malformed');
  });

  it('stops at the total timeout, and when the request is cancelled', async () => {
    const { engine } = providers({ idleMs: 5_000, totalMs: 300 });
    const late = await failureOf(
      engine('elevenlabs').generate(request('music_v1', { prompt: '[slow]', durationSeconds: 15 })),
    );
    expect(late.failure.kind).toBe('total-timeout');
    const controller = new AbortController();
    const pending = engine('elevenlabs').generate(
      request('music_v1', { prompt: '[slow]', durationSeconds: 15 }, controller.signal),
    );
    setTimeout(() => controller.abort(), 50);
    const cancelled = await failureOf(pending);
    expect(cancelled.message).toMatch(/cancelled/);
  });
});

describe('Stability Stable Audio', () => {
  it('makes a WAV of the asked length, passing the seed: the same seed, the same piece', async () => {
    const { engine, sent } = providers();
    const asked = { prompt: 'sea', genre: 'ambient' as const, durationSeconds: 15, seed: 1234 };
    const first = await engine('stability').generate(request('stable-audio-2.5', asked));
    const again = await engine('stability').generate(request('stable-audio-2.5', asked));
    expect(seconds(first.audio)).toBe(15);
    expect(first.audio.channels).toBe(2);
    expect(
      Buffer.from(first.audio.samples.buffer).equals(Buffer.from(again.audio.samples.buffer)),
    ).toBe(true);
    const form = JSON.parse(sent[0]?.body ?? '{}') as Record<string, string>;
    expect(form).toMatchObject({
      seed: '1234',
      duration: '15',
      output_format: 'wav',
      model: 'stable-audio-2.5',
    });
    expect(form.prompt).toContain('Instrumental only');
    expect(sent[0]?.headers.get('authorization')).toBe('Bearer sk-test');
    expect(first.settings).toMatchObject({ seed: 1234, instrumental: true, lyrics: null });
  });

  it('maps moderation to a refusal, and 429, 500 and unreadable audio', async () => {
    const { engine } = providers();
    const refused = await failureOf(
      engine('stability').generate(request('stable-audio-2.5', { prompt: '[copyrighted]' })),
    );
    expect(refused.failure).toMatchObject({ kind: 'http', status: 403 });
    expect(refused.refusal).toEqual({ suggestedPrompt: null });
    const limited = await failureOf(
      engine('stability').generate(request('stable-audio-2.5', { prompt: '[rate-limit]' })),
    );
    expect(limited.failure.kind).toBe('rate-limited');
    const failed = await failureOf(
      engine('stability').generate(request('stable-audio-2.5', { prompt: '[fail]' })),
    );
    expect(failed.failure).toMatchObject({ kind: 'http', status: 500 });
    const malformed = await failureOf(
      engine('stability').generate(
        request('stable-audio-2.5', { prompt: '[malformed]', durationSeconds: 15 }),
      ),
    );
    expect(malformed.failure.kind).toBe('malformed');
    const tooLong = await failureOf(
      engine('stability').generate(request('stable-audio-2.5', { durationSeconds: 200 })),
    );
    expect(tooLong.message).toMatch(/190 s/);
  });
});

describe("fal's queue", () => {
  it('submits, polls, reads and downloads ACE-Step with its tags, lyrics and seed', async () => {
    const { engine, sent } = providers();
    const stages: number[] = [];
    const result = await engine('fal').generate({
      ...request('ace-step', {
        prompt: 'summer',
        genre: 'folk',
        instrumental: false,
        lyrics: 'sun on the water',
        durationSeconds: 15,
        seed: 99,
      }),
      onProgress: (_, fraction) => stages.push(fraction),
    });
    expect(seconds(result.audio)).toBe(15);
    const submitted = JSON.parse(sent[0]?.body ?? '{}') as Record<string, unknown>;
    expect(sent[0]?.url).toBe(`${base}/fal-ai/ace-step`);
    expect(sent[0]?.headers.get('authorization')).toBe('Key fal-test');
    expect(submitted).toMatchObject({ lyrics: 'sun on the water', duration: 15, seed: 99 });
    expect(submitted.tags).toContain('summer');
    expect(sent.filter((one) => one.url.endsWith('/status'))).toHaveLength(3);
    const download = sent.at(-1);
    expect(download?.url).toMatch(/\/files\/[0-9a-f-]+\.wav$/);
    expect(download?.headers.get('authorization')).toBeNull();
    expect(stages).toEqual([0, 0.5, 0.9, 1]);
  });

  it('keeps ACE-Step instrumental with [inst], and Stable Audio Open within its 47 s', async () => {
    const { engine, sent } = providers();
    await engine('fal').generate(request('ace-step', { genre: 'rock', durationSeconds: 15 }));
    expect(JSON.parse(sent[0]?.body ?? '{}')).toMatchObject({ lyrics: '[inst]' });
    const open = await engine('fal').generate(
      request('stable-audio', { genre: 'ambient', durationSeconds: 20 }),
    );
    expect(seconds(open.audio)).toBe(20);
    const tooLong = await failureOf(
      engine('fal').generate(request('stable-audio', { durationSeconds: 60 })),
    );
    expect(tooLong.message).toMatch(/47 s/);
  });

  it("cancels fal's request when the job is cancelled mid-queue", async () => {
    const { engine, sent } = providers();
    const controller = new AbortController();
    const pending = engine('fal').generate({
      ...request('ace-step', { prompt: '[slow]', durationSeconds: 15 }, controller.signal),
      onProgress: (_, fraction) => {
        if (fraction === 0.5) controller.abort();
      },
    });
    const error = await failureOf(pending);
    expect(error.message).toMatch(/cancelled/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const cancel = sent.find((one) => one.method === 'PUT');
    expect(cancel?.url).toMatch(/\/fal-ai\/ace-step\/requests\/[0-9a-f-]+\/cancel$/);
    expect(cancel?.headers.get('authorization')).toBe('Key fal-test');
  });

  it('times out a queue that never finishes, and cancels it', async () => {
    const { engine, sent } = providers({ idleMs: 5_000, totalMs: 400 });
    const error = await failureOf(
      engine('fal').generate(request('ace-step', { prompt: '[slow]', durationSeconds: 15 })),
    );
    expect(error.failure.kind).toBe('total-timeout');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent.some((one) => one.method === 'PUT')).toBe(true);
  });

  it('maps a failed result, a rate limit and an unreadable file', async () => {
    const { engine } = providers();
    const failed = await failureOf(
      engine('fal').generate(request('ace-step', { prompt: '[fail]', durationSeconds: 15 })),
    );
    expect(failed.failure).toMatchObject({ kind: 'http', status: 500 });
    const limited = await failureOf(
      engine('fal').generate(request('ace-step', { prompt: '[rate-limit]', durationSeconds: 15 })),
    );
    expect(limited.failure).toMatchObject({ kind: 'rate-limited', retryAfterSeconds: 7 });
    const malformed = await failureOf(
      engine('fal').generate(request('ace-step', { prompt: '[malformed]', durationSeconds: 15 })),
    );
    expect(malformed.failure.kind).toBe('malformed');
  });
});

describe('idle timeout', () => {
  it('stops an answer that stops sending', async () => {
    // A body that sends one chunk and then nothing: the idle timeout, not the total, stops it.
    const stalled = (async (_input: string | URL | Request, init?: RequestInit) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new Uint8Array(4));
          init?.signal?.addEventListener('abort', () => controller.error(new Error('aborted')));
        },
      });
      return new Response(body, { status: 200 });
    }) as typeof globalThis.fetch;
    const [engine] = cloudMusicEngines(
      {
        elevenlabs: { apiKey: 'k', baseURL: base },
        stability: { apiKey: null, baseURL: null },
        falQueue: { apiKey: null, baseURL: null },
      },
      { fetch: stalled, timeouts: { idleMs: 100, totalMs: 10_000 } },
    );
    const error = await failureOf(
      (engine as MusicEngine).generate(request('music_v1', { durationSeconds: 15 })),
    );
    expect(error.failure.kind).toBe('idle-timeout');
  });
});
