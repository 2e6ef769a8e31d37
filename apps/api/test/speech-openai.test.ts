import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SpeechConfig } from '../src/domains/speech/speech-config.ts';
import { createSpeechService } from '../src/domains/speech/create-speech-service.ts';
import { encodeMp3 } from '../src/domains/providers/speech/mp3.ts';
import { SpeechError, type SpeechRequest } from '../src/domains/providers/speech/speech-engine.ts';
import { writeWav } from '../src/domains/providers/speech/wav.ts';

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
}

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const silence = { sampleRate: 24_000, channels: 1, samples: new Int16Array(24_000) };
const wavFile = writeWav(silence);
const mp3File = await encodeMp3(silence);

/** A tiny OpenAI-compatible /v1/audio/speech on 127.0.0.1 that records what it was sent. */
describe('OpenAI-compatible speech engine', () => {
  const received: Received[] = [];
  let handler: Handler = () => {};
  let baseUrl = '';
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization,
        body: text ? (JSON.parse(text) as unknown) : null,
      });
      handler(request, response);
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    received.length = 0;
  });

  function service(overrides: Partial<SpeechConfig> = {}) {
    return createSpeechService({
      engine: 'openai',
      baseUrl,
      apiKey: 'sk-test-key',
      model: 'tts-test',
      timeoutMs: 5000,
      maxCharacters: 2000,
      ...overrides,
    });
  }

  function request(overrides: Partial<SpeechRequest> = {}): SpeechRequest {
    return {
      text: 'Hello **there**.',
      language: null,
      voice: null,
      format: 'mp3',
      speed: 1.5,
      pitch: 2,
      ...overrides,
    };
  }

  function answer(status: number, contentType: string, body: Buffer | string): Handler {
    return (_request, response) => {
      response.writeHead(status, { 'content-type': contentType });
      response.end(body);
    };
  }

  it('posts model, input, voice, format and speed with the key, and returns the MP3', async () => {
    handler = answer(200, 'audio/mpeg', mp3File);
    const result = await service().synthesize(request({ voice: 'openai:coral' }));
    expect(received).toEqual([
      {
        method: 'POST',
        url: '/v1/audio/speech',
        authorization: 'Bearer sk-test-key',
        body: {
          model: 'tts-test',
          input: 'Hello there.',
          voice: 'coral',
          response_format: 'mp3',
          speed: 1.5,
        },
      },
    ]);
    expect(result).toEqual({
      audio: mp3File,
      mimeType: 'audio/mpeg',
      format: 'mp3',
      voice: 'openai:coral',
    });
  });

  it('takes a voice saved without its provider prefix (from before prefixes)', async () => {
    handler = answer(200, 'audio/mpeg', mp3File);
    const result = await service().synthesize(request({ voice: 'coral' }));
    expect(received[0]?.body).toMatchObject({ voice: 'coral' });
    expect(result.voice).toBe('openai:coral');
  });

  it('asks for WAV when WAV is wanted, and picks the default voice by language', async () => {
    handler = answer(200, 'audio/wav', wavFile);
    const result = await service().synthesize(
      request({ format: 'wav', text: 'Xin chào, hôm nay bạn thế nào?' }),
    );
    expect(received[0]?.body).toMatchObject({ response_format: 'wav', voice: 'nova' });
    expect(result).toMatchObject({ format: 'wav', mimeType: 'audio/wav', voice: 'openai:nova' });
    expect(result.audio.equals(wavFile)).toBe(true);
  });

  it('sends no authorization header to a service without a key', async () => {
    handler = answer(200, 'audio/mpeg', mp3File);
    await service({ apiKey: null }).synthesize(request());
    expect(received[0]?.authorization).toBeUndefined();
  });

  it('cuts a long reply at a sentence end before sending it', async () => {
    handler = answer(200, 'audio/mpeg', mp3File);
    const sentence = 'This sentence is exactly fifty characters long ok. ';
    await service({ maxCharacters: 120 }).synthesize(request({ text: sentence.repeat(10) }));
    expect(received[0]?.body).toMatchObject({ input: sentence.repeat(2).trim() });
  });

  it('says the status, never the upstream’s words (they may quote the text to speak)', async () => {
    handler = answer(
      401,
      'application/json',
      JSON.stringify({ error: { message: 'Incorrect API key provided for "Hello there"' } }),
    );
    const error = await service()
      .synthesize(request())
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SpeechError);
    expect(error).toMatchObject({
      message: 'The speech service answered 401.',
      failure: { kind: 'unauthorized', status: 401, retryAfterSeconds: null },
    });
    expect(JSON.stringify(error)).not.toContain('Incorrect API key');
  });

  it('leaves out an HTML error page', async () => {
    handler = answer(502, 'text/html', '<html><body>Bad gateway</body></html>');
    await expect(service().synthesize(request())).rejects.toMatchObject({
      name: 'SpeechError',
      message: 'The speech service answered 502.',
      failure: { kind: 'http', status: 502 },
    });
  });

  it('refuses a 200 answer that is not audio of the asked format', async () => {
    handler = answer(200, 'text/html', '<html>login</html>');
    await expect(service().synthesize(request())).rejects.toMatchObject({
      name: 'SpeechError',
      message: 'The speech service did not return mp3 audio.',
      failure: { kind: 'malformed', status: null },
    });
    handler = answer(200, 'audio/mpeg', mp3File);
    await expect(service().synthesize(request({ format: 'wav' }))).rejects.toMatchObject({
      name: 'SpeechError',
      message: 'The speech service did not return wav audio.',
      failure: { kind: 'malformed', status: null },
    });
  });

  it('gives up on a service that does not answer in time', async () => {
    handler = () => {};
    await expect(service({ timeoutMs: 300 }).synthesize(request())).rejects.toMatchObject({
      name: 'SpeechError',
      message: 'The speech service took longer than 0.3 s and was stopped.',
      failure: { kind: 'total-timeout', status: null },
    });
  });

  it('stops when the caller gives up', async () => {
    handler = () => {};
    const controller = new AbortController();
    const pending = service().synthesize(request(), controller.signal);
    await expect.poll(() => received.length).toBe(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({
      name: 'SpeechError',
      message: 'Speaking was cancelled.',
    });
  });

  it('says so when the service cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(
      service({ baseUrl: `http://127.0.0.1:${port}/v1` }).synthesize(request()),
    ).rejects.toMatchObject({
      name: 'SpeechError',
      message: 'The speech service could not be reached.',
      failure: { kind: 'network', status: null },
    });
  });

  it('lists multilingual voices first, the offline ones beside them, refuses unknown ones, and ignores pitch (not in the API)', async () => {
    const speech = service();
    const voices = speech.voices();
    expect(voices.map((voice) => voice.id)).toContain('openai:alloy');
    const own = voices.filter((voice) => voice.provider === 'openai');
    expect(own.length).toBeGreaterThan(0);
    expect(voices.slice(0, own.length)).toEqual(own);
    expect(
      own.every(
        (voice) =>
          voice.language === 'mul' &&
          voice.engine === 'openai' &&
          voice.quality === 'cloud-neural' &&
          !voice.capabilities.includes('pitch'),
      ),
    ).toBe(true);
    expect(new Set(voices.map((voice) => voice.provider))).toEqual(
      new Set(['openai', 'flite', 'espeak']),
    );
    expect(speech.defaultVoices()).toMatchObject({ en: 'openai:alloy', vi: 'openai:nova' });
    await expect(speech.synthesize(request({ voice: 'klingon' }))).rejects.toThrow(SpeechError);
    expect(received).toEqual([]);
  });
});

describe('speech turned off', () => {
  it('has no voices and says so when asked to speak', async () => {
    const speech = createSpeechService({
      engine: 'none',
      baseUrl: 'https://api.openai.com/v1',
      apiKey: null,
      model: 'unused',
      timeoutMs: 1000,
      maxCharacters: 2000,
    });
    expect(speech.voices()).toEqual([]);
    expect(speech.defaultVoices()).toEqual({});
    await expect(
      speech.synthesize({
        text: 'Hi',
        language: null,
        voice: null,
        format: 'mp3',
        speed: 1,
        pitch: 1,
      }),
    ).rejects.toThrow(
      new SpeechError('Spoken replies are turned off on this server (SPEECH_ENGINE=none).'),
    );
  });
});
