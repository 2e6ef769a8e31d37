import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SpeechConfig } from '../src/domains/speech/speech-config.ts';
import { createSpeechService } from '../src/domains/speech/create-speech-service.ts';
import { encodeMp3 } from '../src/domains/providers/speech/mp3.ts';
import {
  createOpenAiSpeechEngine,
  type OpenAiSpeechOptions,
} from '../src/domains/providers/speech/openai-speech-engine.ts';
import { SpeechError } from '../src/domains/providers/speech/speech-engine.ts';
import { writeWav } from '../src/domains/providers/speech/wav.ts';
import {
  answerWith,
  expectCloudVoices,
  expectFailuresMapped,
  hang,
  type SpeechUpstream,
  speechRequest,
  startSpeechUpstream,
} from './support/speech-upstream.ts';

const silence = { sampleRate: 24_000, channels: 1, samples: new Int16Array(24_000) };
const wavFile = writeWav(silence);
const mp3File = await encodeMp3(silence);

/** OpenAI's /v1/audio/speech, and servers that speak it, against a stand-in on 127.0.0.1. */
describe('OpenAI speech engine', () => {
  let upstream: SpeechUpstream;
  let baseUrl = '';

  beforeAll(async () => {
    upstream = await startSpeechUpstream();
    baseUrl = `${upstream.origin}/v1`;
  });
  afterAll(() => upstream.close());
  beforeEach(() => {
    upstream.requests.length = 0;
  });

  function engine(overrides: Partial<OpenAiSpeechOptions> = {}) {
    return createOpenAiSpeechEngine({
      baseUrl,
      apiKey: 'sk-test-key',
      model: 'gpt-4o-mini-tts',
      timeoutMs: 5000,
      ...overrides,
    });
  }

  const jsonBody = (index = 0) =>
    JSON.parse(upstream.requests[index]?.body.toString('utf8') ?? 'null') as unknown;

  it('posts model, input, voice, format, speed and instructions with the key, and returns the MP3', async () => {
    upstream.answer = answerWith(200, 'audio/mpeg', mp3File);
    const result = await engine().synthesize(
      speechRequest({
        voice: 'openai:coral@en',
        speed: 1.5,
        pitch: 2,
        instructions: '  Speak warmly, like a radio host.  ',
      }),
    );
    expect(upstream.requests).toHaveLength(1);
    expect(upstream.requests[0]).toMatchObject({ method: 'POST', url: '/v1/audio/speech' });
    expect(upstream.requests[0]?.headers).toMatchObject({
      authorization: 'Bearer sk-test-key',
      'content-type': 'application/json',
      accept: 'audio/mpeg',
    });
    // Pitch is not part of the API: it is left out, not faked.
    expect(jsonBody()).toEqual({
      model: 'gpt-4o-mini-tts',
      input: 'Hello there.',
      voice: 'coral',
      response_format: 'mp3',
      speed: 1.5,
      instructions: 'Speak warmly, like a radio host.',
    });
    expect(result).toEqual({
      audio: mp3File,
      mimeType: 'audio/mpeg',
      format: 'mp3',
      voice: 'openai:coral@en',
    });
  });

  it('sends text with XML and quote characters as it is (JSON carries it)', async () => {
    upstream.answer = answerWith(200, 'audio/mpeg', mp3File);
    await engine().synthesize(speechRequest({ text: `Tom & Jerry's "<show>"` }));
    expect(jsonBody()).toMatchObject({ input: `Tom & Jerry's "<show>"` });
  });

  it('leaves instructions out for tts-1, which does not take them, and lists only its voices', async () => {
    upstream.answer = answerWith(200, 'audio/mpeg', mp3File);
    const tts1 = engine({ model: 'tts-1' });
    await tts1.synthesize(speechRequest({ instructions: 'Whisper.' }));
    expect(jsonBody()).not.toHaveProperty('instructions');
    expect(jsonBody()).toMatchObject({ model: 'tts-1' });
    expect(tts1.voices().map((voice) => voice.id)).not.toContain('openai:ballad@en');
    expect(tts1.voices().every((voice) => voice.capabilities.join() === 'speed')).toBe(true);
  });

  it('asks for WAV when WAV is wanted, and speaks Vietnamese with the Vietnamese default', async () => {
    upstream.answer = answerWith(200, 'audio/wav', wavFile);
    const speech = engine();
    const result = await speech.synthesize(
      speechRequest({ format: 'wav', text: 'Xin chào, hôm nay bạn thế nào?' }),
    );
    expect(upstream.requests[0]?.headers.accept).toBe('audio/wav');
    expect(jsonBody()).toMatchObject({ response_format: 'wav', voice: 'alloy' });
    expect(result).toMatchObject({
      format: 'wav',
      mimeType: 'audio/wav',
      voice: 'openai:alloy@vi',
    });
    expect(result.audio.equals(wavFile)).toBe(true);
    expect(speech.defaultVoices()).toEqual({ en: 'openai:alloy@en', vi: 'openai:alloy@vi' });
  });

  it('lists every OpenAI voice in both languages, tagged as a pro cloud voice by default', () => {
    const speech = engine();
    expectCloudVoices(speech, 'openai', 'pro', ['speed', 'instructions']);
    const names = (language: string) =>
      speech
        .voices()
        .filter((voice) => voice.language === language)
        .map((voice) => voice.id.replace(/^openai:|@\w+$/g, ''));
    const expected = [
      'alloy',
      'ash',
      'ballad',
      'coral',
      'echo',
      'fable',
      'nova',
      'onyx',
      'sage',
      'shimmer',
      'verse',
    ];
    expect(names('en')).toEqual(expected);
    expect(names('vi')).toEqual(expected);
    expect(speech.voices().find((voice) => voice.id === 'openai:sage@vi')).toMatchObject({
      name: 'Sage',
      language: 'vi',
      engine: 'gpt-4o-mini-tts',
    });
    expect(engine({ plan: 'free' }).voices()[0]?.plan).toBe('free');
  });

  it('speaks with a self-hosted server’s own voices (Kokoro-FastAPI) and no key', async () => {
    upstream.answer = answerWith(200, 'audio/mpeg', mp3File);
    const kokoro = engine({
      apiKey: null,
      model: 'kokoro',
      voices: [
        { name: 'af_bella', label: 'Bella', languages: ['en'] },
        { name: 'am_adam', label: 'Adam', languages: ['en'] },
      ],
    });
    expect(kokoro.voices().map((voice) => voice.id)).toEqual(['openai:af_bella', 'openai:am_adam']);
    expect(kokoro.defaultVoices()).toEqual({ en: 'openai:af_bella' });
    await kokoro.synthesize(speechRequest({ voice: 'openai:am_adam' }));
    expect(upstream.requests[0]?.headers.authorization).toBeUndefined();
    expect(jsonBody()).toMatchObject({ model: 'kokoro', voice: 'am_adam' });
    expect(jsonBody()).not.toHaveProperty('instructions');
    await expect(
      kokoro.synthesize(speechRequest({ text: 'Xin chào các bạn ơi, hôm nay trời đẹp.' })),
    ).rejects.toThrow(new SpeechError('This speech service has no Vietnamese voice configured.'));
  });

  it('refuses a voice it does not have, and a text longer than OpenAI takes, before calling', async () => {
    const speech = engine();
    await expect(speech.synthesize(speechRequest({ voice: 'espeak:vi+f3' }))).rejects.toThrow(
      new SpeechError('There is no voice "espeak:vi+f3"; choose one of the listed voices.'),
    );
    await expect(speech.synthesize(speechRequest({ text: 'a'.repeat(4097) }))).rejects.toThrow(
      SpeechError,
    );
    expect(upstream.requests).toEqual([]);
  });

  it('maps 401, 429, 500 and error pages to its own words, and stops at the timeout', async () => {
    await expectFailuresMapped(
      upstream,
      (timeoutMs) => engine({ timeoutMs }),
      'The speech service',
    );
  });

  it('refuses a 200 answer that is not audio of the asked format, or is empty', async () => {
    upstream.answer = answerWith(200, 'text/html', '<html>login</html>');
    await expect(engine().synthesize(speechRequest())).rejects.toMatchObject({
      name: 'SpeechError',
      message: 'The speech service did not return mp3 audio.',
      failure: { kind: 'malformed', status: null },
    });
    upstream.answer = answerWith(200, 'audio/mpeg', mp3File);
    await expect(engine().synthesize(speechRequest({ format: 'wav' }))).rejects.toMatchObject({
      message: 'The speech service did not return wav audio.',
    });
    upstream.answer = answerWith(200, 'audio/mpeg', Buffer.alloc(0));
    await expect(engine().synthesize(speechRequest())).rejects.toMatchObject({
      message: 'The speech service returned no audio.',
      failure: { kind: 'empty' },
    });
  });

  it('stops when the caller gives up, and when the engine closes', async () => {
    upstream.answer = hang;
    const speech = engine();
    const controller = new AbortController();
    const pending = speech.synthesize(speechRequest(), controller.signal);
    await expect.poll(() => upstream.requests.length).toBe(1);
    controller.abort();
    await expect(pending).rejects.toThrow(new SpeechError('Speaking was cancelled.'));

    const closing = speech.synthesize(speechRequest());
    await expect.poll(() => upstream.requests.length).toBe(2);
    await speech.close();
    await expect(closing).rejects.toThrow(new SpeechError('Speaking was cancelled.'));
  });

  it('says so when the service cannot be reached', async () => {
    const gone = await startSpeechUpstream();
    await gone.close();
    await expect(
      engine({ baseUrl: `${gone.origin}/v1` }).synthesize(speechRequest()),
    ).rejects.toMatchObject({
      name: 'SpeechError',
      message: 'The speech service could not be reached.',
      failure: { kind: 'network', status: null },
    });
  });
});

/** Spoken replies through SPEECH_ENGINE=openai: the reply is made speakable and cut first. */
describe('spoken replies through an OpenAI-compatible service', () => {
  let upstream: SpeechUpstream;
  beforeAll(async () => {
    upstream = await startSpeechUpstream();
  });
  afterAll(() => upstream.close());

  function service(overrides: Partial<SpeechConfig> = {}) {
    return createSpeechService({
      engine: 'openai',
      baseUrl: `${upstream.origin}/v1`,
      apiKey: 'sk-test-key',
      model: 'tts-test',
      timeoutMs: 5000,
      maxCharacters: 2000,
      ...overrides,
    });
  }

  it('sends the speakable text, cut at a sentence end', async () => {
    upstream.answer = answerWith(200, 'audio/mpeg', mp3File);
    await service().synthesize(speechRequest({ text: 'Hello **there**.' }));
    const sentence = 'This sentence is exactly fifty characters long ok. ';
    await service({ maxCharacters: 120 }).synthesize(speechRequest({ text: sentence.repeat(10) }));
    const inputs = upstream.requests.map(
      (request) => (JSON.parse(request.body.toString('utf8')) as { input: string }).input,
    );
    expect(inputs).toEqual(['Hello there.', sentence.repeat(2).trim()]);
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
