import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createElevenLabsSpeechEngine,
  type ElevenLabsSpeechOptions,
} from '../src/domains/providers/speech/elevenlabs-speech-engine.ts';
import { encodeMp3 } from '../src/domains/providers/speech/mp3.ts';
import { SpeechError } from '../src/domains/providers/speech/speech-engine.ts';
import { parseWav } from '../src/domains/providers/speech/wav.ts';
import {
  answerWith,
  expectCloudVoices,
  expectFailuresMapped,
  type SpeechUpstream,
  speechRequest,
  startSpeechUpstream,
} from './support/speech-upstream.ts';

const mp3File = await encodeMp3({
  sampleRate: 24_000,
  channels: 1,
  samples: new Int16Array(12_000),
});

/** ElevenLabs' POST /v1/text-to-speech/{voice_id} against a stand-in on 127.0.0.1. */
describe('ElevenLabs speech engine', () => {
  let upstream: SpeechUpstream;

  beforeAll(async () => {
    upstream = await startSpeechUpstream();
  });
  afterAll(() => upstream.close());
  beforeEach(() => {
    upstream.requests.length = 0;
  });

  function engine(overrides: Partial<ElevenLabsSpeechOptions> = {}) {
    return createElevenLabsSpeechEngine({
      baseUrl: upstream.origin,
      apiKey: 'xi-test-key',
      model: 'eleven_multilingual_v2',
      vietnameseModel: 'eleven_flash_v2_5',
      voices: [
        { name: 'EXAVITQu4vr4xnSDxMaL', label: 'Sarah', languages: ['en', 'vi'] },
        { name: 'ViOnly123', label: 'Mai', languages: ['vi'] },
      ],
      plan: 'pro',
      timeoutMs: 5000,
      ...overrides,
    });
  }

  const jsonBody = () =>
    JSON.parse(upstream.requests[0]?.body.toString('utf8') ?? 'null') as unknown;

  it('posts the text to the voice with the English model and xi-api-key, and returns MP3', async () => {
    upstream.answer = answerWith(200, 'audio/mpeg', mp3File);
    const result = await engine().synthesize(
      speechRequest({ voice: 'elevenlabs:EXAVITQu4vr4xnSDxMaL@en', speed: 1.1, pitch: 1.5 }),
    );
    expect(upstream.requests[0]).toMatchObject({
      method: 'POST',
      url: '/v1/text-to-speech/EXAVITQu4vr4xnSDxMaL?output_format=mp3_44100_128',
    });
    expect(upstream.requests[0]?.headers).toMatchObject({
      'xi-api-key': 'xi-test-key',
      'content-type': 'application/json',
      accept: 'audio/mpeg',
    });
    expect(upstream.requests[0]?.headers.authorization).toBeUndefined();
    // multilingual_v2 infers the language; speed is a voice setting; there is no pitch.
    expect(jsonBody()).toEqual({
      text: 'Hello there.',
      model_id: 'eleven_multilingual_v2',
      voice_settings: { speed: 1.1 },
    });
    expect(result).toEqual({
      audio: mp3File,
      mimeType: 'audio/mpeg',
      format: 'mp3',
      voice: 'elevenlabs:EXAVITQu4vr4xnSDxMaL@en',
    });
  });

  it('speaks Vietnamese with a model that can, naming the language; speed within its range', async () => {
    upstream.answer = answerWith(200, 'audio/mpeg', mp3File);
    const result = await engine().synthesize(
      speechRequest({ text: 'Xin chào, hôm nay trời đẹp quá.', speed: 2 }),
    );
    expect(result.voice).toBe('elevenlabs:EXAVITQu4vr4xnSDxMaL@vi');
    expect(jsonBody()).toEqual({
      text: 'Xin chào, hôm nay trời đẹp quá.',
      model_id: 'eleven_flash_v2_5',
      language_code: 'vi',
      voice_settings: { speed: 1.2 },
    });
  });

  it('asks for raw PCM when WAV is wanted and wraps it in a WAV header', async () => {
    const pcm = Buffer.alloc(4800);
    for (let index = 0; index < 2400; index += 1) pcm.writeInt16LE((index % 100) * 50, index * 2);
    upstream.answer = answerWith(200, 'application/octet-stream', pcm);
    const result = await engine().synthesize(speechRequest({ format: 'wav' }));
    expect(upstream.requests[0]?.url).toBe(
      '/v1/text-to-speech/EXAVITQu4vr4xnSDxMaL?output_format=pcm_24000',
    );
    expect(result).toMatchObject({ format: 'wav', mimeType: 'audio/wav' });
    const wav = parseWav(result.audio);
    expect(wav).toMatchObject({ sampleRate: 24_000, channels: 1 });
    expect(wav.samples.length).toBe(2400);
    expect(wav.samples[3]).toBe(150);

    upstream.answer = answerWith(200, 'application/json', '{"detail":"oops"}');
    await expect(engine().synthesize(speechRequest({ format: 'wav' }))).rejects.toMatchObject({
      message: 'ElevenLabs did not return wav audio.',
      failure: { kind: 'malformed' },
    });
  });

  it('lists its voices per language, tagged with the model that speaks them', () => {
    const speech = engine();
    expectCloudVoices(speech, 'elevenlabs', 'pro', ['speed']);
    expect(
      speech
        .voices()
        .map(({ id, language, engine: model, name }) => ({ id, language, model, name })),
    ).toEqual([
      {
        id: 'elevenlabs:EXAVITQu4vr4xnSDxMaL@en',
        language: 'en',
        model: 'eleven_multilingual_v2',
        name: 'Sarah',
      },
      {
        id: 'elevenlabs:EXAVITQu4vr4xnSDxMaL@vi',
        language: 'vi',
        model: 'eleven_flash_v2_5',
        name: 'Sarah',
      },
      { id: 'elevenlabs:ViOnly123', language: 'vi', model: 'eleven_flash_v2_5', name: 'Mai' },
    ]);
    expect(speech.defaultVoices()).toEqual({
      en: 'elevenlabs:EXAVITQu4vr4xnSDxMaL@en',
      vi: 'elevenlabs:EXAVITQu4vr4xnSDxMaL@vi',
    });
  });

  it('refuses an unknown voice before calling', async () => {
    await expect(
      engine().synthesize(speechRequest({ voice: 'elevenlabs:../../v1/user' })),
    ).rejects.toThrow(SpeechError);
    expect(upstream.requests).toEqual([]);
  });

  it('maps 401, 429, 500 and error pages to its own words, and stops at the timeout', async () => {
    await expectFailuresMapped(upstream, (timeoutMs) => engine({ timeoutMs }), 'ElevenLabs');
  });
});
