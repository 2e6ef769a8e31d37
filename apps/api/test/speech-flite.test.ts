import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFliteEngine,
  durationStretch,
  f0Shift,
} from '../src/domains/providers/speech/flite-engine.ts';
import {
  type SpeechEngine,
  SpeechError,
  type SpeechRequest,
} from '../src/domains/providers/speech/speech-engine.ts';
import { medianPitchHz, readMp3, readWavFile } from './support/audio-checks.ts';

function request(overrides: Partial<SpeechRequest>): SpeechRequest {
  return {
    text: 'Hello there, how are you doing today?',
    language: 'en',
    voice: null,
    format: 'wav',
    speed: 1,
    pitch: 1,
    ...overrides,
  };
}

describe('Flite engine', () => {
  const flite = createFliteEngine({ timeoutMs: 60_000, concurrency: 2, maxQueue: 8 });
  afterAll(() => flite.close());

  it('lists its three English voices, natural and offline, rms the default', () => {
    expect(flite.voices().map((voice) => voice.id)).toEqual([
      'flite:rms',
      'flite:slt',
      'flite:awb',
    ]);
    expect(
      flite
        .voices()
        .every(
          (voice) =>
            voice.language === 'en' &&
            voice.engine === 'Flite' &&
            voice.provider === 'flite' &&
            voice.quality === 'offline-natural' &&
            voice.plan === 'free' &&
            !voice.sandbox,
        ),
    ).toBe(true);
    expect(flite.defaultVoices()).toEqual({ en: 'flite:rms' });
  });

  it.each(['flite:rms', 'flite:slt', 'flite:awb'])(
    'speaks a sentence in %s as a 16 kHz WAV of plausible length',
    async (voice) => {
      const result = await flite.synthesize(request({ voice }));
      expect(result).toMatchObject({ format: 'wav', mimeType: 'audio/wav', voice });
      const wav = readWavFile(result.audio);
      expect(wav).toMatchObject({ sampleRate: 16_000, channels: 1 });
      // Seven words: about two and a half seconds.
      expect(wav.seconds).toBeGreaterThan(1.5);
      expect(wav.seconds).toBeLessThan(5);
    },
  );

  it('speaks MP3 of the same length', async () => {
    const [wav, mp3] = await Promise.all([
      flite.synthesize(request({})),
      flite.synthesize(request({ format: 'mp3' })),
    ]);
    expect(mp3).toMatchObject({ format: 'mp3', mimeType: 'audio/mpeg', voice: 'flite:rms' });
    const summary = readMp3(mp3.audio);
    expect(summary.sampleRate).toBe(16_000);
    expect(Math.abs(summary.seconds - readWavFile(wav.audio).seconds)).toBeLessThan(0.15);
  });

  it('speaks faster at speed 2', async () => {
    const text = 'The quick brown fox jumps over the lazy dog, and then it runs away.';
    const [normal, fast] = await Promise.all([
      flite.synthesize(request({ text, speed: 1 })),
      flite.synthesize(request({ text, speed: 2 })),
    ]);
    expect(readWavFile(fast.audio).seconds).toBeLessThan(readWavFile(normal.audio).seconds * 0.65);
  });

  it('speaks higher at a higher pitch with the voices that take it (slt, awb)', async () => {
    const text = 'Hello there, how are you doing today? I am fine, thank you.';
    for (const voice of ['flite:slt', 'flite:awb']) {
      const [low, high] = await Promise.all([
        flite.synthesize(request({ text, voice, pitch: 0.7 })),
        flite.synthesize(request({ text, voice, pitch: 1.5 })),
      ]);
      const lowHz = medianPitchHz(readWavFile(low.audio));
      const highHz = medianPitchHz(readWavFile(high.audio));
      expect(highHz, voice).toBeGreaterThan(lowHz * 1.6);
    }
    // rms keeps its own intonation model, so it does not claim pitch.
    const rms = flite.voices().find((voice) => voice.id === 'flite:rms');
    expect(rms?.capabilities).toEqual(['speed']);
  });

  it('speaks a text of 1,000 characters', async () => {
    const text = 'The quick brown fox jumps over the lazy dog, then rests. '
      .repeat(18)
      .slice(0, 1000);
    const wav = readWavFile((await flite.synthesize(request({ text }))).audio);
    expect(wav.seconds).toBeGreaterThan(40);
    expect(wav.seconds).toBeLessThan(120);
  });

  it('speaks a longer text in parts and joins them into one file', async () => {
    const sentence = 'This sentence is spoken again and again to make a long text. ';
    const one = readWavFile((await flite.synthesize(request({ text: sentence }))).audio);
    const long = readWavFile(
      (await flite.synthesize(request({ text: sentence.repeat(40), speed: 2 }))).audio,
    );
    // 2,440 characters: three parts at speed 2, about forty sentences' worth at half length.
    expect(long.seconds).toBeGreaterThan(one.seconds * 40 * 0.4);
    expect(long.seconds).toBeLessThan(one.seconds * 40 * 0.6);
  });

  it('speaks a text that looks like options', async () => {
    const result = await flite.synthesize(request({ text: '-voice kal -o /out/x.wav --help' }));
    expect(readWavFile(result.audio).seconds).toBeGreaterThan(1);
  });

  it('refuses a voice it does not have', async () => {
    await expect(flite.synthesize(request({ voice: 'flite:kal' }))).rejects.toThrow(
      new SpeechError('There is no voice "flite:kal"; choose one of the listed voices.'),
    );
  });

  it('maps speed and pitch onto Flite’s settings', () => {
    expect([0.5, 1, 2].map(durationStretch)).toEqual([2, 1, 0.5]);
    expect(durationStretch(10)).toBe(0.25);
    expect([0.1, 1, 1.5, 3].map(f0Shift)).toEqual([0.5, 1, 1.5, 2]);
  });
});

describe('Flite engine with a misbehaving worker', () => {
  let scratch = '';
  const engines: SpeechEngine[] = [];

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'studio-flite-'));
  });
  afterAll(async () => {
    await Promise.all(engines.map((engine) => engine.close()));
    await rm(scratch, { recursive: true, force: true });
  });

  /** A 16 kHz WAV of 0.1 s of silence, as a stand-in's answer. */
  const silentWav = `(() => {
    const samples = 1600, wav = Buffer.alloc(44 + samples * 2);
    wav.write('RIFF', 0); wav.writeUInt32LE(36 + samples * 2, 4); wav.write('WAVEfmt ', 8);
    wav.writeUInt32LE(16, 16); wav.writeUInt16LE(1, 20); wav.writeUInt16LE(1, 22);
    wav.writeUInt32LE(16000, 24); wav.writeUInt32LE(32000, 28); wav.writeUInt16LE(2, 32);
    wav.writeUInt16LE(16, 34); wav.write('data', 36); wav.writeUInt32LE(samples * 2, 40);
    return new Uint8Array(wav);
  })()`;

  /**
   * A stand-in worker thread. `onMessage` is the body of its message handler (`message` is the
   * request); it beats a heartbeat file every 20 ms, so a test can tell whether it still runs.
   */
  async function worker(name: string, onMessage: string) {
    const file = path.join(scratch, `${name}.mjs`);
    const heartbeat = path.join(scratch, `${name}.beat`);
    await writeFile(
      file,
      [
        "import { appendFileSync } from 'node:fs';",
        "import { parentPort, workerData } from 'node:worker_threads';",
        "if (workerData !== 'studio-flite-speech') throw new Error('not started by the engine');",
        `setInterval(() => appendFileSync(${JSON.stringify(heartbeat)}, '.'), 20);`,
        `const silentWav = ${silentWav};`,
        `parentPort.on('message', (message) => { ${onMessage} });`,
      ].join('\n'),
    );
    return {
      file,
      beats: () =>
        stat(heartbeat).then(
          (info) => info.size,
          () => 0,
        ),
    };
  }

  function engine(
    workerPath: string,
    options: { timeoutMs?: number; concurrency?: number; maxQueue?: number } = {},
  ) {
    const created = createFliteEngine({
      workerPath,
      timeoutMs: options.timeoutMs ?? 10_000,
      concurrency: options.concurrency ?? 1,
      maxQueue: options.maxQueue ?? 4,
    });
    engines.push(created);
    return created;
  }

  /**
   * Never answers "hang" (its heartbeat goes on), spins on "spin" (a busy loop, as a stuck
   * WebAssembly call would: nothing else runs in that thread); answers anything else.
   */
  const hangOnRequest = `if (message.text === 'hang') return;
    if (message.text === 'spin') { for (;;) {} }
    const wav = silentWav.slice(); parentPort.postMessage({ ok: true, wav }, [wav.buffer]);`;

  async function stopsBeating(beats: () => Promise<number>) {
    const before = await beats();
    await new Promise((resolve) => setTimeout(resolve, 300));
    return (await beats()) === before;
  }

  it('stops a worker that takes longer than the timeout, and the next request gets a new one', async () => {
    const stuck = await worker('stuck', hangOnRequest);
    // Long enough for a real first sentence on a loaded 2-core machine (a new worker compiles
    // the module first: 1–2 s measured under load), far shorter than the hang.
    const flite = engine(stuck.file, { timeoutMs: 4000 });
    await expect(flite.synthesize(request({}))).resolves.toMatchObject({ voice: 'flite:rms' });
    const started = Date.now();
    await expect(flite.synthesize(request({ text: 'hang' }))).rejects.toThrow(
      new SpeechError('Speaking took longer than 4 s and was stopped.'),
    );
    expect(Date.now() - started).toBeLessThan(9000);
    // Its thread no longer runs: its heartbeat has stopped.
    expect(await stuck.beats()).toBeGreaterThan(0);
    expect(await stopsBeating(stuck.beats)).toBe(true);
    // One worker at most: the stopped one was replaced.
    await expect(flite.synthesize(request({}))).resolves.toMatchObject({ voice: 'flite:rms' });
  });

  it('stops a worker stuck in a loop (as WebAssembly would be) at the timeout', async () => {
    const spinning = await worker('spinning', hangOnRequest);
    const flite = engine(spinning.file, { timeoutMs: 4000 });
    await expect(flite.synthesize(request({ text: 'spin' }))).rejects.toThrow(
      new SpeechError('Speaking took longer than 4 s and was stopped.'),
    );
    await expect(flite.synthesize(request({}))).resolves.toMatchObject({ voice: 'flite:rms' });
  });

  it('stops the worker when the caller gives up', async () => {
    const abandoned = await worker('abandoned', hangOnRequest);
    const flite = engine(abandoned.file);
    const controller = new AbortController();
    const pending = flite.synthesize(request({ text: 'hang' }), controller.signal);
    await expect.poll(abandoned.beats).toBeGreaterThan(0);
    controller.abort();
    await expect(pending).rejects.toThrow(new SpeechError('Speaking was cancelled.'));
    expect(await stopsBeating(abandoned.beats)).toBe(true);
  });

  it('replaces a worker that ended while it was idle', async () => {
    const shortLived = await worker(
      'short-lived',
      `const wav = silentWav.slice(); parentPort.postMessage({ ok: true, wav }, [wav.buffer]);
      setTimeout(() => process.exit(0), 20);`,
    );
    const flite = engine(shortLived.file);
    await expect(flite.synthesize(request({}))).resolves.toMatchObject({ voice: 'flite:rms' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(flite.synthesize(request({}))).resolves.toMatchObject({ voice: 'flite:rms' });
  });

  it('passes on the worker’s own message when it fails', async () => {
    const failing = await worker(
      'fail',
      "parentPort.postMessage({ ok: false, message: 'voice is not valid' });",
    );
    await expect(engine(failing.file).synthesize(request({}))).rejects.toThrow(
      new SpeechError('The speech engine failed: voice is not valid.'),
    );
  });

  it('says so when a worker ends without a word', async () => {
    const exiting = await worker('exit', 'process.exit(3);');
    await expect(engine(exiting.file).synthesize(request({}))).rejects.toThrow(
      new SpeechError('The speech engine stopped (exit code 3).'),
    );
  });

  it('refuses output that is not a WAV file', async () => {
    const garbage = await worker(
      'garbage',
      "parentPort.postMessage({ ok: true, wav: new TextEncoder().encode('<html>oops</html>') });",
    );
    await expect(engine(garbage.file).synthesize(request({ format: 'mp3' }))).rejects.toThrow(
      new SpeechError(
        'The speech engine returned audio that cannot be read (not a RIFF/WAVE file).',
      ),
    );
  });

  it('runs at most `concurrency` workers, queues `maxQueue` more, refuses the rest, and closes', async () => {
    const busyWorker = await worker('busy', hangOnRequest);
    const busy = engine(busyWorker.file, { concurrency: 1, maxQueue: 1 });
    const running = busy.synthesize(request({ text: 'hang' }));
    const queued = busy.synthesize(request({ text: 'hang' }));
    await expect(busy.synthesize(request({}))).rejects.toThrow(
      new SpeechError('The speech engine is busy; try again in a moment.'),
    );
    await expect.poll(busyWorker.beats).toBeGreaterThan(0);
    await busy.close();
    await expect(queued).rejects.toThrow(new SpeechError('The speech engine is shutting down.'));
    await expect(running).rejects.toThrow(new SpeechError('The speech engine is shutting down.'));
    expect(await stopsBeating(busyWorker.beats)).toBe(true);
    await expect(busy.synthesize(request({}))).rejects.toThrow('shutting down');
  });
});
