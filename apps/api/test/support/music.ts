import type {
  MusicCatalogueResponse,
  MusicComposeJob,
  MusicInstrument,
  MusicPieceSection,
  MusicSection,
  ResolvedMusicSettings,
} from '@studio/contracts';
import { expect, vi } from 'vitest';
import type { App } from '../../src/app.ts';
import {
  type MusicEngine,
  MusicError,
  type MusicGenerateRequest,
  type MusicGenerateResult,
  type MusicModelInfo,
} from '../../src/domains/providers/music/music-engine.ts';
import type { PcmAudio } from '../../src/domains/providers/speech/wav.ts';
import { type Caller, send } from './images.ts';

/**
 * The music tool's test app: small allowances and piece lengths, so the limits are reached in a
 * few requests.
 */
export const musicTestEnv = {
  MUSIC_DAILY_SECONDS_VISITOR: '60',
  MUSIC_PIECE_SECONDS_VISITOR: '30',
  MUSIC_DAILY_SECONDS_FREE: '400',
  MUSIC_PIECE_SECONDS_FREE: '60',
  MUSIC_DAILY_SECONDS_PER_ADDRESS: '1000',
  RATE_LIMIT_API_MAX: '100000',
};

/** The test engine's rate: low, so a minute of stereo is small and quick to encode. */
export const toneSampleRate = 16_000;

const hzOf: Record<MusicInstrument, number> = {
  piano: 262,
  'electric-piano': 294,
  organ: 330,
  'acoustic-guitar': 349,
  'electric-guitar': 392,
  bass: 110,
  strings: 440,
  choir: 494,
  brass: 523,
  saxophone: 587,
  flute: 659,
  'synth-lead': 698,
  'synth-pad': 784,
  drums: 60,
};

/** A tone of `seconds` at `hz`, stereo 16-bit. */
function tone(hz: number, seconds: number): PcmAudio {
  const frames = Math.round(seconds * toneSampleRate);
  const samples = new Int16Array(frames * 2);
  for (let frame = 0; frame < frames; frame += 1) {
    const value = Math.round(6000 * Math.sin((2 * Math.PI * hz * frame) / toneSampleRate));
    samples[frame * 2] = value;
    samples[frame * 2 + 1] = value;
  }
  return { sampleRate: toneSampleRate, channels: 2, samples };
}

function mix(tracks: readonly PcmAudio[]): PcmAudio {
  const [first] = tracks;
  if (!first) throw new Error('nothing to mix');
  const samples = new Int16Array(first.samples.length);
  for (const track of tracks) {
    for (let index = 0; index < samples.length; index += 1) {
      samples[index] =
        (samples[index] ?? 0) + Math.round((track.samples[index] ?? 0) / tracks.length);
    }
  }
  return { ...first, samples };
}

/** A Standard MIDI File, type 1, one track: one note of `tempo` bpm (the smallest valid one). */
export function tinyMidi(tempo: number): Uint8Array {
  const microseconds = Math.round(60_000_000 / tempo);
  const track = [
    // Tempo.
    0x00,
    0xff,
    0x51,
    0x03,
    (microseconds >> 16) & 0xff,
    (microseconds >> 8) & 0xff,
    microseconds & 0xff,
    // Note on C4, a quarter note, note off.
    0x00,
    0x90,
    0x3c,
    0x60,
    0x83,
    0x60,
    0x80,
    0x3c,
    0x00,
    // End of track.
    0x00,
    0xff,
    0x2f,
    0x00,
  ];
  const header = [0x4d, 0x54, 0x68, 0x64, 0, 0, 0, 6, 0, 1, 0, 1, 0x01, 0xe0];
  const length = track.length;
  return Uint8Array.from([
    ...header,
    0x4d,
    0x54,
    0x72,
    0x6b,
    (length >> 24) & 0xff,
    (length >> 16) & 0xff,
    (length >> 8) & 0xff,
    length & 0xff,
    ...track,
  ]);
}

/** Sections that share the length evenly. */
function sectionsOf(structure: readonly MusicSection[], durationMs: number): MusicPieceSection[] {
  const each = Math.floor(durationMs / structure.length);
  return structure.map((name, index) => ({
    name,
    startMs: index * each,
    endMs: index === structure.length - 1 ? durationMs : (index + 1) * each,
  }));
}

export interface ToneEngineOptions {
  provider: MusicModelInfo['provider'];
  model: string;
  name: string;
  quality: MusicModelInfo['quality'];
  capabilities: MusicModelInfo['capabilities'];
  maxDurationSeconds?: number;
  /** Stems and MIDI, as the composer makes them. */
  stems: boolean;
}

/**
 * A TEST DOUBLE of a music engine, never used by the app: deterministic, fast, and real. It
 * makes a tone per instrument of exactly the asked length (stereo 16 kHz PCM), the mix of them,
 * one stem per instrument and a tiny valid MIDI file; it resolves what was left open from the
 * seed; it extends (reading the source's mix), rewrites a section and varies; it reports its
 * stages, stops on its signal, and can be held mid-way or told to fail.
 */
export function toneEngine(options: ToneEngineOptions) {
  const requests: MusicGenerateRequest[] = [];
  const failures: MusicError[] = [];
  let holdNext = false;
  let releaseHeld: (() => void) | null = null;
  let markReached: () => void = () => undefined;
  const sourcesRead: number[] = [];
  let seeds = 0;

  const info: MusicModelInfo = {
    id: `${options.provider}:${options.model}`,
    name: options.name,
    provider: options.provider,
    quality: options.quality,
    capabilities: options.capabilities,
    maxDurationSeconds: options.maxDurationSeconds ?? 360,
    plan: 'free',
    sandbox: false,
  };

  function resolve(request: MusicGenerateRequest): ResolvedMusicSettings {
    const { settings } = request;
    seeds += 1;
    const seed = settings.seed ?? 1000 + seeds;
    return {
      ...settings,
      mood: settings.mood ?? 'calm',
      tempo: settings.tempo ?? 90 + (seed % 40),
      key: settings.key ?? { tonic: 'A', mode: 'minor' },
      instruments: settings.instruments.length > 0 ? settings.instruments : ['piano', 'bass'],
      structure: settings.structure.length > 0 ? settings.structure : ['intro', 'verse', 'outro'],
      seed,
    };
  }

  const engine: MusicEngine = {
    provider: options.provider,
    models: () => [info],
    async generate(request: MusicGenerateRequest): Promise<MusicGenerateResult> {
      requests.push(request);
      if (request.model !== options.model) {
        throw new MusicError(`No music model ${request.model} on this server.`);
      }
      request.onProgress('planning', 0);
      if (holdNext) {
        holdNext = false;
        await new Promise<void>((resolveHold, reject) => {
          releaseHeld = resolveHold;
          const abort = () => reject(request.signal.reason);
          if (request.signal.aborted) abort();
          request.signal.addEventListener('abort', abort, { once: true });
          markReached();
        });
      }
      request.signal.throwIfAborted();
      const failure = failures.shift();
      if (failure) throw failure;
      request.onProgress('composing', 0.5);

      const from = request.from;
      let settings = resolve(request);
      let seconds = settings.durationSeconds;
      if (from) {
        // What the source was made with, its seed apart for a variation or a section.
        settings = { ...from.source.settings, seed: settings.seed };
        if (from.operation === 'extend') {
          const source = await from.source.audio();
          sourcesRead.push(source.samples.length / source.channels / source.sampleRate);
          seconds = from.source.durationMs / 1000 + (from.seconds ?? 0);
        } else {
          seconds = from.source.durationMs / 1000;
        }
        settings = { ...settings, durationSeconds: Math.round(seconds) };
      }
      await new Promise((resolveTick) => setTimeout(resolveTick, 1));
      request.signal.throwIfAborted();
      request.onProgress('rendering', 0.5);
      const stems = settings.instruments.map((instrument) => ({
        instrument,
        audio: tone(hzOf[instrument], seconds),
      }));
      request.onProgress('stems', 1);
      const durationMs = Math.round(seconds * 1000);
      return {
        settings,
        audio: mix(stems.map((stem) => stem.audio)),
        stems: options.stems ? stems : [],
        midi: options.stems ? tinyMidi(settings.tempo) : null,
        sections: from
          ? sectionsOf(
              from.source.sections.map((s) => s.name),
              durationMs,
            )
          : sectionsOf(settings.structure, durationMs),
        composition: { engine: 'tones', seed: settings.seed, operation: from?.operation ?? null },
      };
    },
  };

  return {
    engine,
    info,
    requests,
    /** Seconds of each source mix read to extend it. */
    sourcesRead,
    failNext(error: MusicError) {
      failures.push(error);
    },
    /** The next call waits until `release()` (or its abort); resolves once it waits. */
    hold(): Promise<void> {
      holdNext = true;
      return new Promise<void>((resolveReached) => {
        markReached = resolveReached;
      });
    },
    release() {
      const release = releaseHeld;
      releaseHeld = null;
      release?.();
    },
  };
}

/** The two test engines: a composer-like one (stems, MIDI, every capability) and a cloud one. */
export function toneEngines() {
  const composer = toneEngine({
    provider: 'composer',
    model: 'tones',
    name: 'Test tones',
    quality: 'offline-composer',
    capabilities: ['settings', 'instrumental', 'extend', 'section', 'seed', 'midi', 'stems'],
    stems: true,
  });
  const cloud = toneEngine({
    provider: 'fal',
    model: 'cloud-tones',
    name: 'Test cloud tones',
    quality: 'cloud-ai',
    capabilities: ['instrumental', 'seed'],
    maxDurationSeconds: 30,
    stems: false,
  });
  return { composer, cloud, engines: [composer.engine, cloud.engine] };
}

/** GET /api/music/models as the caller. */
export async function musicCatalogueOf(app: App, caller: Caller): Promise<MusicCatalogueResponse> {
  const response = await send(app, caller, 'GET', '/api/music/models');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MusicCatalogueResponse>();
}

/** Starts a piece and answers its job, checked to be accepted. */
export async function startPiece(app: App, caller: Caller, request: Record<string, unknown>) {
  const response = await send(app, caller, 'POST', '/api/music/pieces', request);
  expect(response.statusCode, response.body).toBe(202);
  return response.json<MusicComposeJob>();
}

/** The caller's music job once it has ended (or reached one of `states`). */
export async function musicJobWhen(
  app: App,
  caller: Caller,
  jobId: string,
  states: MusicComposeJob['state'][] = ['completed', 'failed', 'cancelled'],
  timeout = 20_000,
): Promise<MusicComposeJob> {
  return vi.waitFor(
    async () => {
      const response = await send(app, caller, 'GET', `/api/jobs/${jobId}`);
      expect(response.statusCode, response.body).toBe(200);
      const job = response.json<MusicComposeJob>();
      expect(states).toContain(job.state);
      return job;
    },
    { timeout, interval: 25 },
  );
}
