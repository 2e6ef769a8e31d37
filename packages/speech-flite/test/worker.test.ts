import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  compileFlite,
  fliteArguments,
  limits,
  parseRequest,
  synthesize,
  workerRole,
} from '../src/worker.mjs';

const workerPath = fileURLToPath(new URL('../src/worker.mjs', import.meta.url));

/** The fields of a canonical 44-byte PCM WAV header, checked against the file's length. */
function readWav(file: Uint8Array) {
  const data = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  expect(data.toString('ascii', 0, 4)).toBe('RIFF');
  expect(data.readUInt32LE(4)).toBe(data.length - 8);
  expect(data.toString('ascii', 8, 12)).toBe('WAVE');
  expect(data.readUInt16LE(20)).toBe(1);
  const channels = data.readUInt16LE(22);
  const sampleRate = data.readUInt32LE(24);
  const dataBytes = data.readUInt32LE(40);
  expect(dataBytes).toBe(data.length - 44);
  return { channels, sampleRate, seconds: dataBytes / (sampleRate * channels * 2) };
}

const request = (text: string, voice = 'rms') => ({ text, voice, durationStretch: 1, f0Shift: 1 });

describe('speech-flite worker', () => {
  let module: WebAssembly.Module;
  beforeAll(async () => {
    module = await compileFlite();
  });

  it.each(['rms', 'slt', 'awb'])('speaks a sentence in %s as a 16 kHz mono WAV', async (voice) => {
    const wav = readWav(
      await synthesize(module, parseRequest(request('Hello there, how are you today?', voice))),
    );
    expect(wav).toMatchObject({ channels: 1, sampleRate: 16_000 });
    expect(wav.seconds).toBeGreaterThan(1);
    expect(wav.seconds).toBeLessThan(5);
  });

  it('puts the text last, after -t, so a text that looks like an option is spoken', async () => {
    const args = fliteArguments(parseRequest(request('-voice kal --help')));
    expect(args.slice(-2)).toEqual(['-t', '-voice kal --help']);
    expect(args).toContain('rms');
    const wav = readWav(await synthesize(module, parseRequest(request('-voice kal --help'))));
    expect(wav.seconds).toBeGreaterThan(0.5);
  });

  it('speaks a text of 1,000 characters (its memory grows as it goes)', async () => {
    const text = 'The quick brown fox jumps over the lazy dog, then rests. '
      .repeat(18)
      .slice(0, 1000);
    const wav = readWav(await synthesize(module, parseRequest(request(text))));
    expect(wav.seconds).toBeGreaterThan(40);
    expect(wav.seconds).toBeLessThan(120);
  });

  it('replaces control characters (a NUL would end the text early)', () => {
    expect(parseRequest(request('one\u0000two\u0007three')).text).toBe('one two three');
  });

  it.each([
    ['empty text', request('  '), 'text is empty'],
    ['a voice it does not offer (kal)', request('hi', 'kal'), 'voice is not valid'],
    ['a voice that is a path', request('hi', '/out/voice.flitevox'), 'voice is not valid'],
    ['text that is too long', request('a'.repeat(limits.maxTextLength + 1)), 'too long'],
    ['a speed out of range', { ...request('hi'), durationStretch: 9 }, 'durationStretch'],
    ['a pitch that is not a number', { ...request('hi'), f0Shift: '2' }, 'f0Shift'],
  ])('refuses %s', (_name, value, message) => {
    expect(() => parseRequest(value)).toThrow(message);
  });

  it('answers as a worker thread, one request at a time', async () => {
    const worker = new Worker(workerPath, { workerData: workerRole });
    try {
      const ask = (value: unknown) =>
        new Promise<{ ok: boolean; wav?: Uint8Array; message?: string }>((resolve) => {
          worker.once('message', resolve);
          worker.postMessage(value);
        });
      const spoken = await ask(request('Good morning.'));
      expect(spoken.ok).toBe(true);
      expect(readWav(spoken.wav ?? new Uint8Array()).seconds).toBeGreaterThan(0.5);
      expect(await ask(request('hi', 'kal'))).toEqual({ ok: false, message: 'voice is not valid' });
    } finally {
      await worker.terminate();
    }
  });
});
