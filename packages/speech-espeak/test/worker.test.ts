import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const workerPath = fileURLToPath(new URL('../src/worker.mjs', import.meta.url));

interface WorkerRun {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

function runWorker(input: string): Promise<WorkerRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [workerPath], { stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(stdout), stderr }));
    child.stdin.end(input);
  });
}

/** The fields of a canonical 44-byte PCM WAV header, checked for consistency with the file. */
function readWav(file: Buffer) {
  expect(file.toString('ascii', 0, 4)).toBe('RIFF');
  expect(file.readUInt32LE(4)).toBe(file.length - 8);
  expect(file.toString('ascii', 8, 12)).toBe('WAVE');
  expect(file.toString('ascii', 12, 16)).toBe('fmt ');
  expect(file.readUInt16LE(20)).toBe(1);
  expect(file.toString('ascii', 36, 40)).toBe('data');
  const dataBytes = file.readUInt32LE(40);
  expect(dataBytes).toBe(file.length - 44);
  const channels = file.readUInt16LE(22);
  const sampleRate = file.readUInt32LE(24);
  const bitsPerSample = file.readUInt16LE(34);
  return { channels, sampleRate, bitsPerSample, seconds: dataBytes / (sampleRate * channels * 2) };
}

function request(text: string, voice: string, wordsPerMinute = 175, pitch = 50) {
  return JSON.stringify({ text, voice, wordsPerMinute, pitch });
}

describe('speech-espeak worker', () => {
  it('speaks English as a 22.05 kHz 16-bit mono WAV on stdout', async () => {
    const run = await runWorker(request('Hello! This is a short English sentence.', 'en-us+f3'));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const wav = readWav(run.stdout);
    expect(wav).toMatchObject({ channels: 1, sampleRate: 22050, bitsPerSample: 16 });
    expect(wav.seconds).toBeGreaterThan(1);
    expect(wav.seconds).toBeLessThan(6);
  });

  it('speaks Vietnamese', async () => {
    const run = await runWorker(request('Xin chào, tôi là trợ lý của bạn.', 'vi'));
    expect(run.code).toBe(0);
    expect(readWav(run.stdout).seconds).toBeGreaterThan(1);
  });

  it.each(['vi-vn-x-central', 'vi-vn-x-south', 'vi-vn-x-south+f3'])(
    'speaks Vietnamese in the regional voice %s, which differs from the northern one',
    async (voice) => {
      const text = 'Xin chào, hôm nay trời đẹp quá.';
      const [northern, regional] = await Promise.all([
        runWorker(request(text, 'vi')),
        runWorker(request(text, voice)),
      ]);
      expect(regional.code).toBe(0);
      expect(readWav(regional.stdout).seconds).toBeGreaterThan(1);
      expect(regional.stdout.equals(northern.stdout)).toBe(false);
    },
  );

  it('speaks text that starts with a dash instead of reading it as an option', async () => {
    const run = await runWorker(request('-w /tmp/elsewhere.wav hello', 'en-us'));
    expect(run.code).toBe(0);
    expect(readWav(run.stdout).seconds).toBeGreaterThan(0.5);
  });

  it('speaks faster with more words per minute', async () => {
    const text = 'The quick brown fox jumps over the lazy dog, twice.';
    const [slow, fast] = await Promise.all([
      runWorker(request(text, 'en-us', 120)),
      runWorker(request(text, 'en-us', 360)),
    ]);
    expect(readWav(fast.stdout).seconds).toBeLessThan(readWav(slow.stdout).seconds * 0.6);
  });

  it.each([
    ['not JSON', 'hello', 'the request is not JSON'],
    ['empty text', request('  ', 'en-us'), 'text is empty'],
    ['a voice with odd characters', request('hi', '../etc'), 'voice is not valid'],
    ['a speed out of range', request('hi', 'en-us', 1000), 'wordsPerMinute'],
    ['a pitch out of range', request('hi', 'en-us', 175, 100), 'pitch'],
  ])('refuses %s with exit code 2 and a message', async (_name, input, message) => {
    const run = await runWorker(input);
    expect(run.code).toBe(2);
    expect(run.stdout.length).toBe(0);
    expect(run.stderr).toContain(message);
  });

  it('fails with exit code 1 and eSpeak NG message for an unknown voice', async () => {
    const run = await runWorker(request('hi', 'xx-none'));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('voice does not exist');
  });
});
