import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type AzureSpeechOptions,
  azureSpeechBaseUrl,
  createAzureSpeechEngine,
  escapeXml,
} from '../src/domains/providers/speech/azure-speech-engine.ts';
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

/** Azure Speech's REST text-to-speech (SSML) against a stand-in on 127.0.0.1. */
describe('Azure speech engine', () => {
  let upstream: SpeechUpstream;

  beforeAll(async () => {
    upstream = await startSpeechUpstream();
  });
  afterAll(() => upstream.close());
  beforeEach(() => {
    upstream.requests.length = 0;
  });

  function engine(overrides: Partial<AzureSpeechOptions> = {}) {
    return createAzureSpeechEngine({
      baseUrl: upstream.origin,
      apiKey: 'azure-test-key',
      voices: [
        { name: 'vi-VN-HoaiMyNeural', label: 'Hoài My', languages: ['vi'] },
        { name: 'en-US-JennyNeural', label: 'Jenny', languages: ['en'] },
      ],
      plan: 'pro',
      timeoutMs: 5000,
      ...overrides,
    });
  }

  it('posts SSML with the voice, its locale, rate and pitch, the key and the WAV format', async () => {
    upstream.answer = answerWith(200, 'audio/wav', wavFile);
    const result = await engine().synthesize(
      speechRequest({ format: 'wav', text: 'Xin chào các bạn.', speed: 1.5, pitch: 0.8 }),
    );
    expect(upstream.requests[0]).toMatchObject({ method: 'POST', url: '/cognitiveservices/v1' });
    expect(upstream.requests[0]?.headers).toMatchObject({
      'ocp-apim-subscription-key': 'azure-test-key',
      'content-type': 'application/ssml+xml',
      'x-microsoft-outputformat': 'riff-24khz-16bit-mono-pcm',
    });
    expect(upstream.requests[0]?.headers['user-agent']).toBeTruthy();
    expect(upstream.requests[0]?.body.toString('utf8')).toBe(
      '<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="vi-VN">' +
        '<voice name="vi-VN-HoaiMyNeural"><prosody rate="+50%" pitch="-20%">Xin chào các bạn.</prosody></voice></speak>',
    );
    expect(result).toMatchObject({
      format: 'wav',
      mimeType: 'audio/wav',
      voice: 'azure:vi-VN-HoaiMyNeural',
    });
    expect(result.audio.equals(wavFile)).toBe(true);
  });

  it('escapes < & " \' > in the text, so no text can break out of the SSML', async () => {
    upstream.answer = answerWith(200, 'audio/mpeg', mp3File);
    await engine().synthesize(
      speechRequest({
        voice: 'azure:en-US-JennyNeural',
        text: `Tom & Jerry's "<voice name='x'>" \u0007end`,
      }),
    );
    expect(upstream.requests[0]?.headers['x-microsoft-outputformat']).toBe(
      'audio-24khz-48kbitrate-mono-mp3',
    );
    const ssml = upstream.requests[0]?.body.toString('utf8') ?? '';
    expect(ssml).toContain(
      '<prosody rate="+0%" pitch="+0%">Tom &amp; Jerry&apos;s &quot;&lt;voice name=&apos;x&apos;&gt;&quot; end</prosody>',
    );
    expect(ssml.match(/<voice /g)).toHaveLength(1);
    expect(escapeXml('a\u0000b\u001Fc\td')).toBe('abc\td');
  });

  it('keeps rate and pitch within what Azure takes', async () => {
    upstream.answer = answerWith(200, 'audio/mpeg', mp3File);
    await engine().synthesize(speechRequest({ speed: 4, pitch: 0.1 }));
    expect(upstream.requests[0]?.body.toString('utf8')).toContain(
      '<prosody rate="+100%" pitch="-50%">',
    );
  });

  it('lists its voices by their locale, tagged, with the language defaults', () => {
    const speech = engine();
    expectCloudVoices(speech, 'azure', 'pro', ['speed', 'pitch']);
    expect(speech.voices().map(({ id, language, name }) => ({ id, language, name }))).toEqual([
      { id: 'azure:vi-VN-HoaiMyNeural', language: 'vi', name: 'Hoài My' },
      { id: 'azure:en-US-JennyNeural', language: 'en', name: 'Jenny' },
    ]);
    expect(speech.defaultVoices()).toEqual({
      vi: 'azure:vi-VN-HoaiMyNeural',
      en: 'azure:en-US-JennyNeural',
    });
    expect(azureSpeechBaseUrl('southeastasia')).toBe(
      'https://southeastasia.tts.speech.microsoft.com',
    );
  });

  it('maps 401, 429, 500 and error pages to its own words, and stops at the timeout', async () => {
    await expectFailuresMapped(upstream, (timeoutMs) => engine({ timeoutMs }), 'Azure Speech');
  });
});
