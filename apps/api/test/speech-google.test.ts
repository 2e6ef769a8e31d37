import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createGoogleSpeechEngine,
  type GoogleSpeechOptions,
  semitones,
} from '../src/domains/providers/speech/google-speech-engine.ts';
import { encodeMp3 } from '../src/domains/providers/speech/mp3.ts';
import { writeWav } from '../src/domains/providers/speech/wav.ts';
import {
  answerWith,
  expectCloudVoices,
  expectFailuresMapped,
  type SpeechUpstream,
  speechRequest,
  startSpeechUpstream,
} from './support/speech-upstream.ts';

const silence = { sampleRate: 24_000, channels: 1, samples: new Int16Array(2400) };
const wavFile = writeWav(silence);
const mp3File = await encodeMp3(silence);
const audioContent = (audio: Buffer) => JSON.stringify({ audioContent: audio.toString('base64') });

/** Google Cloud Text-to-Speech's text:synthesize against a stand-in on 127.0.0.1. */
describe('Google Cloud TTS engine', () => {
  let upstream: SpeechUpstream;

  beforeAll(async () => {
    upstream = await startSpeechUpstream();
  });
  afterAll(() => upstream.close());
  beforeEach(() => {
    upstream.requests.length = 0;
  });

  function engine(overrides: Partial<GoogleSpeechOptions> = {}) {
    return createGoogleSpeechEngine({
      baseUrl: upstream.origin,
      apiKey: 'AIza-test-key',
      voices: [
        { name: 'vi-VN-Wavenet-A', label: 'WaveNet A', languages: ['vi'] },
        { name: 'en-US-Neural2-F', label: 'Neural2 F', languages: ['en'] },
      ],
      plan: 'pro',
      timeoutMs: 5000,
      ...overrides,
    });
  }

  const jsonBody = () =>
    JSON.parse(upstream.requests[0]?.body.toString('utf8') ?? 'null') as unknown;

  it('posts input, voice and audio config with the key in a header, and decodes the MP3', async () => {
    upstream.answer = answerWith(200, 'application/json', audioContent(mp3File));
    const result = await engine().synthesize(
      speechRequest({ text: `Tom & Jerry's "<show>"`, speed: 1.25, pitch: 2 }),
    );
    expect(upstream.requests[0]).toMatchObject({ method: 'POST', url: '/v1/text:synthesize' });
    expect(upstream.requests[0]?.headers).toMatchObject({
      'x-goog-api-key': 'AIza-test-key',
      'content-type': 'application/json',
    });
    expect(upstream.requests[0]?.url).not.toContain('AIza');
    expect(jsonBody()).toEqual({
      input: { text: `Tom & Jerry's "<show>"` },
      voice: { languageCode: 'en-US', name: 'en-US-Neural2-F' },
      audioConfig: { audioEncoding: 'MP3', speakingRate: 1.25, pitch: 12 },
    });
    expect(result).toEqual({
      audio: mp3File,
      mimeType: 'audio/mpeg',
      format: 'mp3',
      voice: 'google:en-US-Neural2-F',
    });
  });

  it('asks for LINEAR16 (a WAV) in Vietnamese with the Vietnamese voice', async () => {
    upstream.answer = answerWith(200, 'application/json', audioContent(wavFile));
    const result = await engine().synthesize(
      speechRequest({ format: 'wav', language: 'vi', text: 'Xin chào.', pitch: 0.5, speed: 0.5 }),
    );
    expect(jsonBody()).toEqual({
      input: { text: 'Xin chào.' },
      voice: { languageCode: 'vi-VN', name: 'vi-VN-Wavenet-A' },
      audioConfig: { audioEncoding: 'LINEAR16', speakingRate: 0.5, pitch: -12 },
    });
    expect(result).toMatchObject({ format: 'wav', voice: 'google:vi-VN-Wavenet-A' });
    expect(result.audio.equals(wavFile)).toBe(true);
    expect(semitones(1)).toBe(0);
    expect(semitones(1.5)).toBe(7.02);
  });

  it('refuses an answer without audioContent, or with something else in it', async () => {
    upstream.answer = answerWith(200, 'application/json', '{"error":"nothing"}');
    await expect(engine().synthesize(speechRequest())).rejects.toMatchObject({
      message: 'Google Cloud Text-to-Speech sent an answer that is not audio.',
      failure: { kind: 'malformed' },
    });
    upstream.answer = answerWith(200, 'text/html', '<html>sign in</html>');
    await expect(engine().synthesize(speechRequest())).rejects.toMatchObject({
      failure: { kind: 'malformed' },
    });
    upstream.answer = answerWith(200, 'application/json', audioContent(Buffer.from('<html>')));
    await expect(engine().synthesize(speechRequest())).rejects.toMatchObject({
      message: 'Google Cloud Text-to-Speech did not return mp3 audio.',
    });
  });

  it('lists its voices by their locale, tagged', () => {
    const speech = engine({ plan: 'godmode' });
    expectCloudVoices(speech, 'google', 'godmode', ['speed', 'pitch']);
    expect(speech.defaultVoices()).toEqual({
      vi: 'google:vi-VN-Wavenet-A',
      en: 'google:en-US-Neural2-F',
    });
  });

  it('maps 401, 429, 500 and error pages to its own words, and stops at the timeout', async () => {
    await expectFailuresMapped(
      upstream,
      (timeoutMs) => engine({ timeoutMs }),
      'Google Cloud Text-to-Speech',
    );
  });
});
