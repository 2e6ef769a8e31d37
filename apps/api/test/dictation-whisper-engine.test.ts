import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDictationConfig } from '../src/domains/dictation/dictation-config.ts';
import { loadConfig } from '../src/config.ts';
import { parsePullArgs } from '../src/domains/models/pull/pull-args.ts';
import { runPullCommand } from '../src/domains/models/pull/pull-command.ts';
import {
  cleanWhisperText,
  createWhisperEngine,
  TranscriptionError,
  type WhisperContextLike,
  WhisperBusyError,
  whisperModels,
  whisperPcmOf,
} from '../src/domains/providers/index.ts';
import { isSilent, loudestLevel, readRecording } from '../src/domains/dictation/recording.ts';
import { testEnv } from './support/test-app.ts';
import { tone, wavOf } from './support/dictation.ts';

/** Starts a model file the way whisper.cpp's do ("ggml" as a little-endian number), then junk. */
const ggmlHeaded = () =>
  Buffer.concat([Buffer.from([0x6c, 0x6d, 0x67, 0x67]), Buffer.alloc(64, 7)]);

/**
 * A stand-in for whisper.node's context: each transcription waits until the test settles it
 * (or answers at once with `answer`), records what it was handed, and honours stop() as the
 * binding does (it is only noticed when the work ends: "Transcription cancelled").
 */
function fakeContext(answer?: { result: string; language?: string }) {
  const calls: { samples: number; options: Record<string, unknown> }[] = [];
  const pending: { finish: (text?: string) => void; stopped: boolean }[] = [];
  let released = 0;
  const context: WhisperContextLike = {
    transcribeData(pcm, options) {
      calls.push({ samples: pcm.byteLength / 2, options: { ...options } });
      let stop = () => {};
      const entry = { finish: (_text?: string) => {}, stopped: false };
      const promise = new Promise<{ result: string; language?: string; isAborted: boolean }>(
        (resolve, reject) => {
          entry.finish = (text) => {
            if (entry.stopped) reject(new Error('Transcription cancelled'));
            else resolve({ result: text ?? '', language: 'en', isAborted: false });
          };
          stop = () => {
            entry.stopped = true;
          };
        },
      );
      pending.push(entry);
      if (answer) queueMicrotask(() => entry.finish(answer.result));
      return {
        stop: async () => stop(),
        promise: answer
          ? promise.then((result) => ({ ...result, language: answer.language ?? 'en' }))
          : promise,
      };
    },
    async release() {
      released += 1;
    },
  };
  return { context, calls, pending, released: () => released };
}

describe('the offline Whisper engine', () => {
  let dir: string;
  let model: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'studio-whisper-'));
    model = path.join(dir, 'ggml-base.bin');
    await writeFile(model, ggmlHeaded());
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const options = () => ({ modelPath: model, threads: 2, timeoutMs: 5_000, queueMax: 1 });
  const request = (seconds = 1, rate = 16_000) => ({
    audio: wavOf(tone(seconds, rate), rate),
    mimeType: 'audio/wav',
    language: null,
  });

  it('loads the model on the first recording, hears 16 kHz PCM, and releases the model on close', async () => {
    const fake = fakeContext({ result: ' Hello there. [BLANK_AUDIO]', language: 'en' });
    let loads = 0;
    const engine = createWhisperEngine({
      ...options(),
      load: async (file) => {
        expect(file).toBe(model);
        loads += 1;
        return fake.context;
      },
    });
    expect(engine.loaded()).toBe(false);
    const heard = await engine.transcribe(request(1.5, 48_000));
    expect(heard).toEqual({ text: 'Hello there.', language: 'en', durationMs: 1500 });
    expect(fake.calls[0]).toEqual({
      samples: 24_000,
      options: { language: 'auto', temperature: 0, maxThreads: 2 },
    });
    await engine.transcribe({ ...request(), language: 'vi' });
    expect(fake.calls[1]?.options.language).toBe('vi');
    expect(loads).toBe(1);
    expect(engine.loaded()).toBe(true);
    await engine.close();
    expect(fake.released()).toBe(1);
    await expect(engine.transcribe(request())).rejects.toThrow('has stopped');
  });

  it('says a missing model and a file that is no model in plain words, without crashing', async () => {
    const missing = createWhisperEngine({ ...options(), modelPath: path.join(dir, 'none.bin') });
    await expect(missing.transcribe(request())).rejects.toThrow(
      'The Whisper model none.bin cannot be opened; run npm run models:pull -- --whisper.',
    );
    const text = path.join(dir, 'notes.bin');
    await writeFile(text, 'this is not a model');
    const notModel = createWhisperEngine({ ...options(), modelPath: text });
    await expect(notModel.transcribe(request())).rejects.toThrow(
      'The file notes.bin is not a whisper.cpp (ggml) model',
    );
  });

  it('turns a model the binding cannot load into a TranscriptionError, and tries again next time', async () => {
    let attempts = 0;
    const engine = createWhisperEngine({
      ...options(),
      load: async () => {
        attempts += 1;
        throw new Error('Failed to initialize whisper context');
      },
    });
    for (let round = 0; round < 2; round += 1) {
      const error = await engine.transcribe(request()).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(TranscriptionError);
      expect((error as Error).message).toMatch(/could not be loaded \(damaged or incomplete\?\)/);
    }
    expect(attempts).toBe(2);
  });

  it('loads the real binding and refuses a damaged model file with a clear error (no crash)', async () => {
    // The real whisper.node: the file starts like a model, so whisper.cpp itself is asked.
    const engine = createWhisperEngine(options());
    await expect(engine.transcribe(request())).rejects.toThrow(
      'The Whisper model ggml-base.bin could not be loaded (damaged or incomplete?)',
    );
    await engine.close();
  });

  it('hears one recording at a time, queues up to queueMax, and refuses more as busy', async () => {
    const fake = fakeContext();
    const engine = createWhisperEngine({ ...options(), load: async () => fake.context });
    const first = engine.transcribe(request());
    const second = engine.transcribe(request());
    await expect(engine.transcribe(request())).rejects.toBeInstanceOf(WhisperBusyError);
    await vi_waitFor(() => fake.pending.length === 1);
    // The second waits for the first.
    expect(fake.calls).toHaveLength(1);
    fake.pending[0]?.finish('one');
    expect((await first).text).toBe('one');
    await vi_waitFor(() => fake.pending.length === 2);
    fake.pending[1]?.finish('two');
    expect((await second).text).toBe('two');
    await engine.close();
  });

  it('answers a caller who aborts at once, and the next recording waits for the native work', async () => {
    const fake = fakeContext();
    const engine = createWhisperEngine({ ...options(), load: async () => fake.context });
    const abort = new AbortController();
    const first = engine.transcribe(request(), abort.signal);
    await vi_waitFor(() => fake.pending.length === 1);
    const next = engine.transcribe(request());
    abort.abort();
    await expect(first).rejects.toThrow('Transcribing was cancelled.');
    expect(fake.pending[0]?.stopped).toBe(true);
    // whisper.cpp is still busy with the first: the next has not started.
    expect(fake.calls).toHaveLength(1);
    fake.pending[0]?.finish('late');
    await vi_waitFor(() => fake.pending.length === 2);
    fake.pending[1]?.finish('next');
    expect((await next).text).toBe('next');

    // A caller who aborts while waiting leaves the queue.
    const third = engine.transcribe(request());
    const waiting = new AbortController();
    const fourth = engine.transcribe(request(), waiting.signal);
    waiting.abort();
    await expect(fourth).rejects.toThrow('Transcribing was cancelled.');
    await vi_waitFor(() => fake.pending.length === 3);
    fake.pending[2]?.finish('third');
    expect((await third).text).toBe('third');
    expect(fake.calls).toHaveLength(3);
    await engine.close();
  });

  it('stops a recording that takes longer than the timeout', async () => {
    const fake = fakeContext();
    const engine = createWhisperEngine({
      ...options(),
      timeoutMs: 50,
      load: async () => fake.context,
    });
    const error = await engine.transcribe(request()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TranscriptionError);
    expect((error as TranscriptionError).failure.kind).toBe('total-timeout');
    expect((error as Error).message).toBe(
      'The offline recogniser took longer than 0.05 s and was stopped.',
    );
    expect(fake.pending[0]?.stopped).toBe(true);
    await engine.close();
  });

  it('closes with recordings waiting and one in progress: each is answered', async () => {
    const fake = fakeContext();
    const engine = createWhisperEngine({ ...options(), load: async () => fake.context });
    const running = engine.transcribe(request());
    const waiting = engine.transcribe(request());
    await vi_waitFor(() => fake.pending.length === 1);
    await engine.close();
    await expect(running).rejects.toThrow('has stopped');
    await expect(waiting).rejects.toThrow('has stopped');
    expect(fake.released()).toBe(1);
  });

  it('takes only 16-bit PCM WAV', async () => {
    const engine = createWhisperEngine({ ...options(), load: async () => fakeContext().context });
    await expect(
      engine.transcribe({ audio: Buffer.from('OggS....'), mimeType: 'audio/ogg', language: null }),
    ).rejects.toThrow('takes 16-bit PCM WAV recordings only');
  });
});

describe('recordings, as the API reads them', () => {
  it('brings any rate and channel count to 16 kHz mono for Whisper', () => {
    for (const rate of [8_000, 11_025, 22_050, 44_100, 48_000]) {
      const { pcm, durationMs } = whisperPcmOf(wavOf(tone(2, rate), rate));
      expect(Math.abs(pcm.byteLength / 2 - 32_000)).toBeLessThanOrEqual(1);
      expect(durationMs).toBe(2000);
      // The tone's level survives the resampling (a 440 Hz sine at 0.3: RMS ≈ 0.212).
      const samples = new Int16Array(pcm);
      expect(loudestLevel({ samples, sampleRate: 16_000 })).toBeCloseTo(0.212, 1);
    }
    const stereo = wavOf(tone(1, 16_000), 16_000, 2);
    expect(whisperPcmOf(stereo).pcm.byteLength).toBe(16_000);
  });

  it('reads the format from the bytes and tells silence from speech', () => {
    const read = readRecording(wavOf(tone(1.25)));
    expect(read.ok && read.recording.durationMs).toBe(1250);
    expect(readRecording(Buffer.from('RIFF0000AVI LIST'))).toEqual({
      ok: false,
      problem: 'notAudio',
    });
    expect(isSilent({ samples: new Int16Array(16_000), sampleRate: 16_000 })).toBe(true);
    expect(isSilent({ samples: tone(1, 16_000, 0.003), sampleRate: 16_000 })).toBe(true);
    expect(isSilent({ samples: tone(1, 16_000, 0.02), sampleRate: 16_000 })).toBe(false);
  });

  it('keeps whisper.cpp’s non-speech marks out of the words', () => {
    expect(cleanWhisperText(' [BLANK_AUDIO]')).toBe('');
    expect(cleanWhisperText(' Xin chào.  Bạn khỏe không? [MUSIC]')).toBe(
      'Xin chào. Bạn khỏe không?',
    );
  });
});

describe('the engine TRANSCRIPTION_ENGINE decides', () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'studio-dictation-config-'));
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });
  const config = (env: Record<string, string>) =>
    loadConfig({ ...testEnv(scratch), ...env }).dictation;

  it('auto: a provider, else an installed Whisper model, else the sandbox (none in production)', async () => {
    // Nothing configured: the sandbox shows the flow, as the chat's sandbox model does…
    expect(config({}).engine).toEqual({ kind: 'sandbox' });
    // …but never in production, unless a test rig allows it.
    const production = (allowSandboxInProduction: boolean) =>
      parseDictationConfig({}, { production: true, allowSandboxInProduction, dataDir: scratch });
    expect(production(false).config.engine).toEqual({ kind: 'none' });
    expect(production(false).warnings.join(' ')).toMatch(/Dictation is unavailable/);
    expect(production(true).config.engine).toEqual({ kind: 'sandbox' });
    expect(config({ OPENAI_API_KEY: 'sk-test' }).engine).toMatchObject({
      kind: 'openai',
      settings: { baseUrl: 'https://api.openai.com/v1', model: 'whisper-1' },
    });
    const models = path.join(scratch, 'data', 'models');
    await import('node:fs/promises').then((fs) => fs.mkdir(models, { recursive: true }));
    await writeFile(path.join(models, 'ggml-base.bin'), ggmlHeaded());
    expect(config({}).engine).toEqual({
      kind: 'whisper',
      modelPath: path.join(models, 'ggml-base.bin'),
    });
    // The bigger model when both are there; a provider still comes first.
    await writeFile(path.join(models, 'ggml-small.bin'), ggmlHeaded());
    expect(config({}).engine).toMatchObject({ modelPath: path.join(models, 'ggml-small.bin') });
    expect(config({ TRANSCRIPTION_BASE_URL: 'http://127.0.0.1:9/v1' }).engine.kind).toBe('openai');
    expect(config({ TRANSCRIPTION_ENGINE: 'none', OPENAI_API_KEY: 'sk' }).engine.kind).toBe('none');
  });

  it('refuses an explicit engine it cannot have, and the sandbox in production', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ ...testEnv(scratch), ...env });
        return [];
      } catch (error) {
        return (error as { problems: string[] }).problems;
      }
    };
    expect(problems({ TRANSCRIPTION_ENGINE: 'openai' })).toEqual([
      'TRANSCRIPTION_ENGINE: openai needs TRANSCRIPTION_BASE_URL, TRANSCRIPTION_API_KEY or OPENAI_API_KEY to be set',
    ]);
    expect(
      problems({ TRANSCRIPTION_ENGINE: 'whisper', LOCAL_MODELS_DIR: path.join(scratch, 'empty') }),
    ).toEqual([expect.stringMatching(/^TRANSCRIPTION_ENGINE: whisper needs a model/)]);
    expect(problems({ WHISPER_MODEL_PATH: '/nowhere/ggml-base.bin' })).toEqual([
      expect.stringMatching(/^WHISPER_MODEL_PATH: no Whisper model at \/nowhere\/ggml-base.bin/),
    ]);
    expect(problems({ TRANSCRIPTION_ENGINE: 'bogus' })).toEqual([
      'TRANSCRIPTION_ENGINE: must be one of auto, openai, whisper, sandbox, none',
    ]);
    expect(
      problems({
        NODE_ENV: 'production',
        TRANSCRIPTION_ENGINE: 'sandbox',
      }).filter((problem) => problem.startsWith('TRANSCRIPTION_ENGINE')),
    ).toEqual([expect.stringMatching(/sandbox is refused when NODE_ENV=production/)]);
  });
});

describe('npm run models:pull -- --whisper', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'studio-whisper-pull-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('names the multilingual whisper.cpp models with their published SHA-256', () => {
    expect(parsePullArgs(['--whisper'], '/')).toMatchObject({
      kind: 'pull',
      source: {
        use: 'dictation',
        file: 'ggml-base.bin',
        url: 'https://huggingface.co/ggerganov/whisper.cpp/resolve/main/ggml-base.bin',
        publishedSha256: '60ed5bc3dd14eea856493d334349b405782ddcaf0028d4b5df4088345fba2efe',
      },
    });
    expect(parsePullArgs(['--whisper-model', 'small'], '/')).toMatchObject({
      source: { file: 'ggml-small.bin', publishedSha256: whisperModels[1]?.sha256 },
    });
    expect(() => parsePullArgs(['--whisper-model', 'tiny.en'], '/')).toThrow(
      '--whisper-model must be one of base, small',
    );
    expect(() => parsePullArgs(['--whisper', '--file', 'model.gguf'], '/')).toThrow(
      /must end in \.bin with --whisper/,
    );
  });

  /** whisper.cpp's model repository, answering with `body` for any file. */
  const hub =
    (body: Buffer): typeof fetch =>
    async () =>
      new Response(new Uint8Array(body), {
        status: 200,
        headers: { 'content-length': String(body.length) },
      });
  const io = (fetch: typeof globalThis.fetch, out: string[], errors: string[]) => ({
    out: { write: (text: string) => void out.push(text), isTTY: false },
    error: (text: string) => void errors.push(text),
    cwd: dir,
    modelsDir: () => dir,
    fetch,
  });

  it('refuses a download that does not match the published SHA-256, keeping nothing', async () => {
    const out: string[] = [];
    const errors: string[] = [];
    const status = await runPullCommand(['--whisper'], io(hub(ggmlHeaded()), out, errors));
    expect(status).toBe(1);
    expect(out.join('')).toContain('The SHA-256 to check comes from whisper-models.ts.');
    expect(errors.join('')).toContain(
      'does not match its SHA-256 (expected 60ed5bc3dd14eea856493d334349b405782ddcaf0028d4b5df4088345fba2efe from whisper-models.ts',
    );
    expect(existsSync(path.join(dir, 'ggml-base.bin'))).toBe(false);
    expect(existsSync(path.join(dir, 'ggml-base.bin.part'))).toBe(false);
  });

  it('installs a model whose hash matches, and says dictation now uses it', async () => {
    const body = ggmlHeaded();
    const sha256 = createHash('sha256').update(body).digest('hex');
    const out: string[] = [];
    const errors: string[] = [];
    const status = await runPullCommand(
      ['--whisper', '--sha256', sha256],
      io(hub(body), out, errors),
    );
    expect(errors).toEqual([]);
    expect(status).toBe(0);
    const text = out.join('');
    expect(text).toContain('Licence: MIT (OpenAI Whisper');
    expect(text).toContain('dictation now hears recordings on this computer with ggml-base.bin');
    expect(existsSync(path.join(dir, 'ggml-base.bin'))).toBe(true);
  });
});

/** Polls until `ready` (the engine hands work over across a few microtasks). */
async function vi_waitFor(ready: () => boolean): Promise<void> {
  for (let round = 0; round < 200 && !ready(); round += 1) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  expect(ready()).toBe(true);
}
