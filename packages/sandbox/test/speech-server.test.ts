import { once } from 'node:events';
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The sandbox package does not depend on the AI SDK (the API does): these tests borrow the
// API's copies to check that OpenAI's own client reads this server's answers.
import { createOpenAI } from '@ai-sdk/openai';
import { experimental_generateSpeech, experimental_transcribe } from 'ai';
import {
  audioKindOf,
  durationOfPcm,
  pcmOfWav,
  tagMp3,
  tagWav,
  textOfMp3,
  textOfWav,
} from '../src/speech/tagged-audio.ts';
import {
  createSandboxSpeechHandler,
  createSandboxSpeechServer,
  sandboxSpeechFetch,
  sandboxTranscriptionPhrases,
} from '../src/index.ts';

const base = 'http://sandbox.invalid/v1';
const sandbox = sandboxSpeechFetch();

async function speak(body: Record<string, unknown>): Promise<Response> {
  return sandbox(`${base}/audio/speech`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-sandbox' },
    body: JSON.stringify({ model: 'tts-1', voice: 'alloy', ...body }),
  });
}

async function transcribe(
  file: Blob,
  name: string,
  fields: Record<string, string> = {},
): Promise<Response> {
  const form = new FormData();
  form.append('file', file, name);
  form.append('model', 'whisper-1');
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return sandbox(`${base}/audio/transcriptions`, { method: 'POST', body: form });
}

/** The seconds a WAV lasts; a test fails here when it is not one. */
function secondsOf(wav: Buffer): number {
  const pcm = pcmOfWav(wav);
  if (!pcm) throw new Error('not a 16-bit PCM WAV');
  return durationOfPcm(pcm);
}

/** The peak of a WAV's samples: real speech is loud somewhere, silence is 0. */
function peakOf(wav: Buffer): number {
  const pcm = pcmOfWav(wav);
  if (!pcm) return 0;
  let peak = 0;
  for (let offset = 0; offset + 1 < pcm.data.length; offset += 2) {
    peak = Math.max(peak, Math.abs(pcm.data.readInt16LE(offset)));
  }
  return peak;
}

/** A browser's recording: WebM's EBML header, then bytes. */
const webm = new Blob(
  [new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, ...new Array<number>(3000).fill(9)])],
  {
    type: 'audio/webm;codecs=opus',
  },
);

describe('sandbox speech server: text → speech → text', () => {
  const sentences = {
    en: 'The quick brown fox jumps over the lazy dog.',
    vi: 'Hôm nay trời đẹp, chúng ta đi dạo bên hồ nhé.',
  };

  for (const [language, text] of Object.entries(sentences)) {
    it(`speaks ${language} as a real WAV and gives back exactly its words`, async () => {
      const spoken = await speak({ input: text, response_format: 'wav' });
      expect(spoken.status).toBe(200);
      expect(spoken.headers.get('content-type')).toBe('audio/wav');
      const wav = Buffer.from(await spoken.arrayBuffer());
      const pcm = pcmOfWav(wav);
      expect(pcm).toMatchObject({ sampleRate: 22_050, channels: 1 });
      expect(secondsOf(wav)).toBeGreaterThan(1);
      expect(peakOf(wav)).toBeGreaterThan(3000);
      expect(textOfWav(wav)).toBe(text);

      const heard = await transcribe(new Blob([wav], { type: 'audio/wav' }), 'speech.wav');
      expect(heard.status).toBe(200);
      const answer = (await heard.json()) as { text: string; usage: { seconds: number } };
      expect(answer.text).toBe(text);
      expect(answer.usage).toEqual({ type: 'duration', seconds: Math.ceil(secondsOf(wav)) });
    });

    it(`speaks ${language} as MP3 (frames behind an ID3 tag) and gives back its words`, async () => {
      const spoken = await speak({ input: text, voice: 'onyx', response_format: 'mp3' });
      expect(spoken.headers.get('content-type')).toBe('audio/mpeg');
      const mp3 = Buffer.from(await spoken.arrayBuffer());
      expect(audioKindOf(mp3)).toBe('mp3');
      const tag = textOfMp3(mp3);
      expect(tag?.text).toBe(text);
      expect(tag?.durationMs).toBeGreaterThan(1000);
      // After the tag: an MPEG audio frame sync.
      const tagEnd =
        10 +
        ((mp3.readUInt8(6) << 21) |
          (mp3.readUInt8(7) << 14) |
          (mp3.readUInt8(8) << 7) |
          mp3.readUInt8(9));
      expect(mp3.readUInt8(tagEnd)).toBe(0xff);
      expect(mp3.readUInt8(tagEnd + 1) & 0xe0).toBe(0xe0);

      const heard = await transcribe(new Blob([mp3], { type: 'audio/mpeg' }), 'speech.mp3', {
        response_format: 'verbose_json',
      });
      expect(await heard.json()).toMatchObject({
        task: 'transcribe',
        language: language === 'vi' ? 'vietnamese' : 'english',
        text,
      });
    });
  }

  it('speaks faster at a higher speed, and as raw PCM when asked', async () => {
    const slow = Buffer.from(
      await (
        await speak({ input: 'One two three four five.', response_format: 'wav' })
      ).arrayBuffer(),
    );
    const fast = Buffer.from(
      await (
        await speak({ input: 'One two three four five.', response_format: 'wav', speed: 2 })
      ).arrayBuffer(),
    );
    expect(secondsOf(fast)).toBeLessThan(secondsOf(slow) * 0.75);
    const pcm = await speak({ input: 'One two three.', response_format: 'pcm' });
    expect(pcm.headers.get('content-type')).toBe('audio/pcm');
    expect((await pcm.arrayBuffer()).byteLength % 2).toBe(0);
  });

  it('works with OpenAI’s own client (the AI SDK) both ways, Vietnamese included', async () => {
    const openai = createOpenAI({ baseURL: base, apiKey: 'sk-sandbox', fetch: sandbox });
    const text = 'Xin chào, tôi là giọng nói của hộp cát.';
    const { audio } = await experimental_generateSpeech({
      model: openai.speech('gpt-4o-mini-tts'),
      text,
      voice: 'nova',
      outputFormat: 'wav',
      instructions: 'Speak slowly.',
    });
    expect(textOfWav(Buffer.from(audio.uint8Array))).toBe(text);
    for (const model of ['whisper-1', 'gpt-4o-transcribe']) {
      const heard = await experimental_transcribe({
        model: openai.transcription(model),
        audio: audio.uint8Array,
      });
      expect(heard.text).toBe(text);
    }
  });
});

describe('sandbox speech server: recordings that are not its own', () => {
  it('gives a fixed phrase in the language asked for, English without one', async () => {
    const vi = await transcribe(webm, 'recording.webm', { language: 'vi' });
    expect(await vi.json()).toEqual({ text: sandboxTranscriptionPhrases.vi });
    const en = await transcribe(webm, 'recording.webm', { response_format: 'text' });
    expect(en.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await en.text()).toBe(sandboxTranscriptionPhrases.en);
    const ogg = new Blob([new Uint8Array([0x4f, 0x67, 0x67, 0x53, 0, 2, 0, 0])], {
      type: 'audio/ogg',
    });
    expect(((await (await transcribe(ogg, 'a.ogg')).json()) as { text: string }).text).toBe(
      sandboxTranscriptionPhrases.en,
    );
  });

  it('refuses what is not audio, empty files and missing fields in OpenAI’s error shape', async () => {
    const notAudio = await transcribe(new Blob(['hello'], { type: 'text/plain' }), 'notes.txt');
    expect(notAudio.status).toBe(400);
    expect(await notAudio.json()).toEqual({
      error: {
        message:
          "Invalid file format. Supported formats: ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm']",
        type: 'invalid_request_error',
        param: 'file',
        code: 'invalid_value',
      },
    });
    // Audio bytes declared as something else are refused too.
    const declaredText = await transcribe(
      new Blob([await webm.arrayBuffer()], { type: 'text/html' }),
      'x.html',
    );
    expect(declaredText.status).toBe(400);
    const empty = await transcribe(new Blob([], { type: 'audio/webm' }), 'empty.webm');
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: { code: string } }).error.code).toBe(
      'audio_too_short',
    );

    const noFile = new FormData();
    noFile.append('model', 'whisper-1');
    const missing = await sandbox(`${base}/audio/transcriptions`, { method: 'POST', body: noFile });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { param: string } }).error.param).toBe('file');

    const json = await sandbox(`${base}/audio/transcriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(400);
    const srt = await transcribe(webm, 'r.webm', { response_format: 'srt' });
    expect(srt.status).toBe(400);
  });

  it('refuses a recording over 25 MB with 413', async () => {
    const big = new Uint8Array(25 * 1024 * 1024 + 1);
    big.set([0x1a, 0x45, 0xdf, 0xa3]);
    const answer = await transcribe(new Blob([big], { type: 'audio/webm' }), 'big.webm');
    expect(answer.status).toBe(413);
  });
});

describe('sandbox speech server: speech requests it refuses', () => {
  const refusals: [Record<string, unknown>, string][] = [
    [{ input: '' }, 'input'],
    [{ input: 'x'.repeat(4097) }, 'input'],
    [{ input: 'Hi', voice: 'marvin' }, 'voice'],
    [{ input: 'Hi', response_format: 'opus' }, 'response_format'],
    [{ input: 'Hi', speed: 5 }, 'speed'],
    [{ input: 'Hi', model: undefined }, 'model'],
    [{ input: 'Hi', language: 'fr' }, 'language'],
  ];
  for (const [body, param] of refusals) {
    it(`refuses a bad ${param} with 400 in OpenAI's shape`, async () => {
      const answer = await speak(body);
      expect(answer.status).toBe(400);
      expect(
        ((await answer.json()) as { error: { param: string; type: string } }).error,
      ).toMatchObject({
        param,
        type: 'invalid_request_error',
      });
    });
  }

  it('answers 401 for an Authorization header without a key, 404 and 405 elsewhere', async () => {
    const noKey = await sandbox(`${base}/audio/speech`, {
      method: 'POST',
      headers: { authorization: 'Bearer', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'tts-1', input: 'Hi', voice: 'alloy' }),
    });
    expect(noKey.status).toBe(401);
    expect((await sandbox(`${base}/audio/translations`, { method: 'POST' })).status).toBe(404);
    expect((await sandbox(`${base}/audio/speech`)).status).toBe(405);
  });

  it('answers 500 in its own words when the engine fails, and stops a hung one when the client goes', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'sandbox-speech-'));
    try {
      const failing = path.join(folder, 'failing.mjs');
      writeFileSync(failing, "process.stderr.write('broken\\n'); process.exit(1);\n");
      const hanging = path.join(folder, 'hanging.mjs');
      writeFileSync(hanging, 'setInterval(() => {}, 1000);\n');
      const broken = sandboxSpeechFetch({ workerPath: failing });
      const answer = await broken(`${base}/audio/speech`, {
        method: 'POST',
        body: JSON.stringify({ model: 'tts-1', input: 'Hi', voice: 'alloy' }),
      });
      expect(answer.status).toBe(500);
      expect(await answer.json()).toMatchObject({
        error: {
          message: 'The sandbox speech server could not speak this text.',
          type: 'server_error',
        },
      });

      const serve = createSandboxSpeechServer({ workerPath: hanging });
      const controller = new AbortController();
      const pending = serve({
        method: 'POST',
        url: '/v1/audio/speech',
        headers: new Headers(),
        body: Buffer.from(JSON.stringify({ model: 'tts-1', input: 'Hi', voice: 'alloy' })),
        signal: controller.signal,
      });
      setTimeout(() => controller.abort(), 200);
      expect((await pending).status).toBe(499);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('sandbox speech server over HTTP', () => {
  let server: Server;
  let origin = '';
  beforeAll(async () => {
    server = createServer(createSandboxSpeechHandler({ basePath: '/sandbox/speech' }));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox/speech`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('speaks and transcribes under its mount', async () => {
    const spoken = await fetch(`${origin}/v1/audio/speech`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'tts-1',
        input: 'Over the wire.',
        voice: 'echo',
        response_format: 'wav',
      }),
    });
    expect(spoken.status).toBe(200);
    const wav = await spoken.blob();
    const form = new FormData();
    form.append('file', wav, 'speech.wav');
    form.append('model', 'whisper-1');
    const heard = await fetch(`${origin}/v1/audio/transcriptions`, { method: 'POST', body: form });
    expect(await heard.json()).toMatchObject({ text: 'Over the wire.' });
  });
});

describe('audio that carries its words', () => {
  it('tags a WAV before its data and an MP3 with ID3, and reads only its own tags', () => {
    const header = Buffer.alloc(44);
    header.write('RIFF', 0, 'ascii');
    header.writeUInt32LE(36 + 4, 4);
    header.write('WAVEfmt ', 8, 'ascii');
    header.writeUInt32LE(16, 16);
    header.writeUInt16LE(1, 20);
    header.writeUInt16LE(1, 22);
    header.writeUInt32LE(8000, 24);
    header.writeUInt32LE(16000, 28);
    header.writeUInt16LE(2, 32);
    header.writeUInt16LE(16, 34);
    header.write('data', 36, 'ascii');
    header.writeUInt32LE(4, 40);
    const wav = Buffer.concat([header, Buffer.from([1, 0, 2, 0])]);
    expect(textOfWav(wav)).toBeNull();
    const tagged = tagWav(wav, 'Tiếng Việt & <xml>');
    expect(textOfWav(tagged)).toBe('Tiếng Việt & <xml>');
    expect(tagged.readUInt32LE(4)).toBe(tagged.length - 8);
    expect(pcmOfWav(tagged)?.data).toEqual(Buffer.from([1, 0, 2, 0]));
    const frame = Buffer.from([0xff, 0xf3, 0x44, 0xc4]);
    expect(textOfMp3(frame)).toBeNull();
    expect(textOfMp3(tagMp3(frame, 'Ôi', 1234))).toEqual({ text: 'Ôi', durationMs: 1234 });
  });
});
