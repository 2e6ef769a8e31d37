import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpeechConfig } from '../src/domains/speech/speech-config.ts';
import { createSpeechService } from '../src/domains/speech/create-speech-service.ts';
import {
  createEspeakEngine,
  espeakPitch,
  wordsPerMinute,
} from '../src/domains/providers/speech/espeak-engine.ts';
import {
  type SpeechEngine,
  SpeechError,
  type SpeechRequest,
} from '../src/domains/providers/speech/speech-engine.ts';
import { medianPitchHz, readMp3, readWavFile } from './support/audio-checks.ts';

const espeakConfig: SpeechConfig = {
  engine: 'espeak',
  baseUrl: 'https://api.openai.com/v1',
  apiKey: null,
  model: 'unused',
  timeoutMs: 30_000,
  maxCharacters: 2000,
};

function request(overrides: Partial<SpeechRequest>): SpeechRequest {
  return {
    text: 'Hello there.',
    language: null,
    voice: null,
    format: 'wav',
    speed: 1,
    pitch: 1,
    ...overrides,
  };
}

describe('eSpeak NG engine', () => {
  const speech = createSpeechService(espeakConfig);
  afterAll(() => speech.close());

  it('lists English and Vietnamese voices with a default for each', () => {
    const voices = speech.voices();
    expect(voices.filter((voice) => voice.language === 'en').length).toBeGreaterThanOrEqual(2);
    expect(voices.filter((voice) => voice.language === 'vi').length).toBeGreaterThanOrEqual(1);
    expect(
      voices.every(
        (voice) =>
          voice.engine === 'eSpeak NG' &&
          voice.provider === 'espeak' &&
          voice.quality === 'offline-robotic' &&
          voice.id.startsWith('espeak:'),
      ),
    ).toBe(true);
    const ids = voices.map((voice) => voice.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(speech.defaultVoices()).toEqual({ en: 'espeak:en-us+f3', vi: 'espeak:vi+f3' });
    expect(ids).toEqual(
      expect.arrayContaining([
        'espeak:vi',
        'espeak:vi+f3',
        'espeak:vi-vn-x-central',
        'espeak:vi-vn-x-south',
      ]),
    );
  });

  describe.each([
    [
      'English',
      'Hello! I can help you plan a trip, write a letter, or explain an idea.',
      'espeak:en-us+f3',
    ],
    [
      'Vietnamese',
      'Xin chào! Tôi có thể giúp bạn lên kế hoạch du lịch hoặc viết thư.',
      'espeak:vi+f3',
    ],
  ])('in %s', (_language, text, defaultVoice) => {
    let wavSeconds = 0;

    it('speaks a valid WAV in the language’s default voice', async () => {
      const result = await speech.synthesize(request({ text, format: 'wav' }));
      expect(result).toMatchObject({ format: 'wav', mimeType: 'audio/wav', voice: defaultVoice });
      const wav = readWavFile(result.audio);
      expect(wav).toMatchObject({ sampleRate: 22_050, channels: 1 });
      expect(wav.seconds).toBeGreaterThan(2);
      expect(wav.seconds).toBeLessThan(12);
      wavSeconds = wav.seconds;
    });

    it('speaks a valid MP3 of the same length', async () => {
      const result = await speech.synthesize(request({ text, format: 'mp3' }));
      expect(result).toMatchObject({ format: 'mp3', mimeType: 'audio/mpeg', voice: defaultVoice });
      const mp3 = readMp3(result.audio);
      expect(mp3.sampleRate).toBe(22_050);
      expect(mp3.frames).toBeGreaterThan(50);
      expect(Math.abs(mp3.seconds - wavSeconds)).toBeLessThan(0.15);
    });
  });

  it('speaks faster at a higher speed', async () => {
    const text = 'The quick brown fox jumps over the lazy dog, and then it runs away.';
    const [slow, fast] = await Promise.all([
      speech.synthesize(request({ text, speed: 0.5 })),
      speech.synthesize(request({ text, speed: 2 })),
    ]);
    expect(readWavFile(fast.audio).seconds).toBeLessThan(readWavFile(slow.audio).seconds * 0.5);
  });

  it('speaks higher at a higher pitch', async () => {
    const text = 'Hello there, how are you doing today? I am fine, thank you.';
    const [low, high] = await Promise.all([
      speech.synthesize(request({ text, voice: 'en-us+m3', pitch: 0.5 })),
      speech.synthesize(request({ text, voice: 'en-us+m3', pitch: 2 })),
    ]);
    const lowHz = medianPitchHz(readWavFile(low.audio));
    const highHz = medianPitchHz(readWavFile(high.audio));
    expect(highHz).toBeGreaterThan(lowHz * 1.4);
  });

  it('uses the voice asked for (a saved id without its prefix too), and refuses one it does not have', async () => {
    const result = await speech.synthesize(request({ voice: 'espeak:en-gb+f4' }));
    expect(result.voice).toBe('espeak:en-gb+f4');
    expect((await speech.synthesize(request({ voice: 'en-gb+f4' }))).voice).toBe('espeak:en-gb+f4');
    await expect(speech.synthesize(request({ voice: 'klingon' }))).rejects.toThrow(
      new SpeechError('There is no voice "klingon"; choose one of the listed voices.'),
    );
  });

  it('refuses a reply with nothing to say (only an image and a rule)', async () => {
    await expect(
      speech.synthesize(request({ text: '![a chart](chart.png)\n\n---' })),
    ).rejects.toThrow('There is nothing to say');
  });

  it('announces a reply of only code rather than reading it', async () => {
    const result = await speech.synthesize(request({ text: '```\ncode();\n```' }));
    expect(readWavFile(result.audio).seconds).toBeGreaterThan(0.5);
  });

  it('maps speed and pitch onto eSpeak NG’s ranges', () => {
    expect([0.5, 1, 2].map(wordsPerMinute)).toEqual([88, 175, 350]);
    expect(wordsPerMinute(0.1)).toBe(80);
    expect(wordsPerMinute(5)).toBe(450);
    expect([0.5, 1, 2].map(espeakPitch)).toEqual([25, 50, 99]);
    expect(espeakPitch(0)).toBe(0);
  });
});

describe('eSpeak NG engine with a misbehaving worker', () => {
  let scratch = '';
  const engines: SpeechEngine[] = [];

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'studio-speech-'));
  });
  afterAll(async () => {
    await Promise.all(engines.map((engine) => engine.close()));
    await rm(scratch, { recursive: true, force: true });
  });

  /** A stand-in worker program; `pidFile` receives its process id once it runs. */
  async function worker(name: string, body: string) {
    const file = path.join(scratch, `${name}.mjs`);
    const pidFile = path.join(scratch, `${name}.pid`);
    await writeFile(
      file,
      `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(pidFile)}, String(process.pid));\n${body}\n`,
    );
    return { file, pid: async () => Number(await readFile(pidFile, 'utf8')) };
  }

  function engine(
    workerPath: string,
    options: { timeoutMs?: number; concurrency?: number; maxQueue?: number } = {},
  ) {
    const created = createEspeakEngine({
      workerPath,
      timeoutMs: options.timeoutMs ?? 10_000,
      concurrency: options.concurrency ?? 2,
      maxQueue: options.maxQueue ?? 4,
    });
    engines.push(created);
    return created;
  }

  function isRunning(pid: number) {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }

  const hang = 'setInterval(() => {}, 1000);';

  it('kills a worker that takes longer than the timeout', async () => {
    const hanging = await worker('hang', hang);
    const started = Date.now();
    await expect(engine(hanging.file, { timeoutMs: 500 }).synthesize(request({}))).rejects.toThrow(
      new SpeechError('Speaking took longer than 0.5 s and was stopped.'),
    );
    expect(Date.now() - started).toBeLessThan(5000);
    // On a loaded machine the worker may be killed before its first line ran (Node's start-up
    // alone can take longer than the timeout): then it never wrote its pid, and never will.
    const pid = await hanging.pid().catch(() => null);
    if (pid !== null) expect(isRunning(pid)).toBe(false);
    else {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await hanging.pid().catch(() => null)).toBeNull();
    }
  });

  it('kills the worker when the caller gives up', async () => {
    const hanging = await worker('abandoned', hang);
    const controller = new AbortController();
    const pending = engine(hanging.file).synthesize(request({}), controller.signal);
    await expect
      .poll(() => readFile(path.join(scratch, 'abandoned.pid'), 'utf8').catch(() => ''))
      .not.toBe('');
    controller.abort();
    await expect(pending).rejects.toThrow(new SpeechError('Speaking was cancelled.'));
    expect(isRunning(await hanging.pid())).toBe(false);
  });

  it('passes on the worker’s own message when it fails', async () => {
    const failing = await worker(
      'fail',
      "process.stderr.write('speech-espeak: The specified espeak-ng voice does not exist.\\n'); process.exitCode = 1;",
    );
    await expect(engine(failing.file).synthesize(request({}))).rejects.toThrow(
      new SpeechError('The speech engine failed: The specified espeak-ng voice does not exist.'),
    );
  });

  it('says so when a worker dies without a word', async () => {
    const crashing = await worker('crash', 'process.kill(process.pid, "SIGKILL");');
    await expect(engine(crashing.file).synthesize(request({}))).rejects.toThrow(
      new SpeechError('The speech engine failed (SIGKILL).'),
    );
  });

  it('refuses output that is not a WAV file', async () => {
    const garbage = await worker('garbage', "process.stdout.write('<html>oops</html>');");
    await expect(engine(garbage.file).synthesize(request({ format: 'mp3' }))).rejects.toThrow(
      new SpeechError(
        'The speech engine returned audio that cannot be read (not a RIFF/WAVE file).',
      ),
    );
  });

  it('runs at most `concurrency` workers, queues `maxQueue` more, refuses the rest, and closes', async () => {
    const hanging = await worker('busy', hang);
    const busy = engine(hanging.file, { concurrency: 1, maxQueue: 1 });
    const running = busy.synthesize(request({}));
    const queued = busy.synthesize(request({}));
    await expect(busy.synthesize(request({}))).rejects.toThrow(
      new SpeechError('The speech engine is busy; try again in a moment.'),
    );
    await expect
      .poll(() => readFile(path.join(scratch, 'busy.pid'), 'utf8').catch(() => ''))
      .not.toBe('');
    const pid = await hanging.pid();
    await busy.close();
    await expect(queued).rejects.toThrow(new SpeechError('The speech engine is shutting down.'));
    await expect(running).rejects.toThrow(new SpeechError('The speech engine is shutting down.'));
    expect(isRunning(pid)).toBe(false);
    await expect(busy.synthesize(request({}))).rejects.toThrow('shutting down');
  });
});
