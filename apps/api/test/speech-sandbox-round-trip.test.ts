import { sandboxSpeechFetch, sandboxTranscriptionPhrases } from '@studio/sandbox';
import { describe, expect, it } from 'vitest';
import { createOpenAiSpeechEngine } from '../src/domains/providers/speech/openai-speech-engine.ts';
import { durationSeconds, parseWav } from '../src/domains/providers/speech/wav.ts';
import { createOpenAiTranscriptionEngine } from '../src/domains/providers/transcription/openai-transcription-engine.ts';
import { readMp3 } from './support/audio-checks.ts';

/**
 * Text → the sandbox's /v1/audio/speech (through the API's OpenAI speech engine) → its
 * /v1/audio/transcriptions (through the API's transcription client) → the same text, in English
 * and Vietnamese, with no network.
 */
describe('sandbox speech round trip through the API’s engines', () => {
  const fetch = sandboxSpeechFetch() as typeof globalThis.fetch;
  const baseUrl = 'http://sandbox.invalid/v1';
  const speech = createOpenAiSpeechEngine({
    baseUrl,
    apiKey: null,
    model: 'sandbox',
    timeoutMs: 20_000,
    provider: 'sandbox',
    fetch,
  });
  const transcription = createOpenAiTranscriptionEngine({
    baseUrl,
    apiKey: null,
    model: 'whisper-1',
    timeoutMs: 20_000,
    fetch,
  });

  const texts = {
    en: 'Please book a table for two at seven tonight.',
    vi: 'Làm ơn đặt cho tôi một bàn hai người lúc bảy giờ tối nay.',
  } as const;

  for (const language of ['en', 'vi'] as const) {
    const text = texts[language];

    it(`gives back the same ${language} text from WAV`, async () => {
      const spoken = await speech.synthesize({
        text,
        language,
        voice: null,
        format: 'wav',
        speed: 1,
        pitch: 1,
      });
      expect(spoken.voice).toBe(`sandbox:alloy@${language}`);
      const seconds = durationSeconds(parseWav(spoken.audio));
      expect(seconds).toBeGreaterThan(1.5);
      const heard = await transcription.transcribe({
        audio: spoken.audio,
        mimeType: spoken.mimeType,
        language: null,
      });
      expect(heard).toEqual({ text, language, durationMs: Math.ceil(seconds) * 1000 });
    });

    it(`gives back the same ${language} text from MP3`, async () => {
      const spoken = await speech.synthesize({
        text,
        language,
        voice: `sandbox:nova@${language}`,
        format: 'mp3',
        speed: 1.25,
        pitch: 1,
      });
      expect(readMp3(spoken.audio).seconds).toBeGreaterThan(1);
      const heard = await transcription.transcribe({
        audio: spoken.audio,
        mimeType: 'audio/mpeg',
        language,
      });
      expect(heard.text).toBe(text);
      expect(heard.language).toBe(language);
    });
  }

  it('lists the sandbox voices as free sandbox stand-ins', () => {
    expect(speech.voices().length).toBeGreaterThan(0);
    expect(
      speech
        .voices()
        .every(
          (voice) =>
            voice.provider === 'sandbox' &&
            voice.sandbox &&
            voice.plan === 'free' &&
            voice.id.startsWith('sandbox:'),
        ),
    ).toBe(true);
  });

  it('hears the fixed phrase in a browser’s recording, in the language asked for', async () => {
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(4000, 3)]);
    await expect(
      transcription.transcribe({ audio: webm, mimeType: 'audio/webm;codecs=opus', language: 'vi' }),
    ).resolves.toEqual({ text: sandboxTranscriptionPhrases.vi, language: 'vi', durationMs: null });
  });

  it('turns the sandbox’s refusal of a non-audio file into our own words', async () => {
    await expect(
      transcription.transcribe({
        audio: Buffer.from('just text, no audio'),
        mimeType: 'audio/wav',
        language: 'en',
      }),
    ).rejects.toMatchObject({
      name: 'TranscriptionError',
      message: 'The transcription service could not read the recording (400).',
    });
  });
});
