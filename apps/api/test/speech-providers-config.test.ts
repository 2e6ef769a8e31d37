import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { cloudSpeechEngines } from '../src/domains/providers/speech/cloud-speech-engines.ts';
import { transcriptionEngine } from '../src/domains/providers/transcription/transcription-engines.ts';
import { problemsOf } from './support/config-problems.ts';

const providers = (env: Record<string, string>) => loadConfig(env).speechProviders;
const providersOf = (env: Record<string, string>) =>
  cloudSpeechEngines(providers(env).voices).map((engine) => engine.voices()[0]?.provider);

describe('cloud voices and speech to text: configuration', () => {
  it('configures no cloud engine and no transcription without keys', () => {
    expect(providers({})).toEqual({
      voices: { timeoutMs: 30_000, openai: null, elevenlabs: null, azure: null, google: null },
      transcription: null,
    });
    expect(cloudSpeechEngines(providers({}).voices)).toEqual([]);
    expect(transcriptionEngine(null)).toBeNull();
  });

  it('makes each engine whose key is set, in a fixed order, as pro voices by default', () => {
    const env = {
      GOOGLE_TTS_API_KEY: 'g-key',
      AZURE_SPEECH_KEY: 'a-key',
      AZURE_SPEECH_REGION: 'southeastasia',
      ELEVENLABS_API_KEY: 'e-key',
      OPENAI_API_KEY: 'sk-openai',
    };
    expect(providersOf(env)).toEqual(['openai', 'elevenlabs', 'azure', 'google']);
    const settings = providers(env).voices;
    expect(settings.azure).toMatchObject({
      baseUrl: 'https://southeastasia.tts.speech.microsoft.com',
      apiKey: 'a-key',
      plan: 'pro',
    });
    expect(settings.azure?.voices.map((voice) => voice.name)).toContain('vi-VN-NamMinhNeural');
    expect(settings.google).toMatchObject({
      baseUrl: 'https://texttospeech.googleapis.com',
      plan: 'pro',
    });
    expect(settings.elevenlabs).toMatchObject({
      baseUrl: 'https://api.elevenlabs.io',
      model: 'eleven_multilingual_v2',
      vietnameseModel: 'eleven_flash_v2_5',
      plan: 'pro',
    });
    expect(settings.openai).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-openai',
      model: 'gpt-4o-mini-tts',
      voices: null,
      plan: 'pro',
    });
    for (const engine of cloudSpeechEngines(settings)) {
      expect(engine.voices().every((voice) => voice.plan === 'pro')).toBe(true);
    }
  });

  it('takes each provider’s plan, voices, models and addresses from its variables', () => {
    const settings = providers({
      ELEVENLABS_API_KEY: 'e-key',
      ELEVENLABS_BASE_URL: 'http://127.0.0.1:9001',
      ELEVENLABS_VOICES: 'abc123:Linh:vi, def456:Sam',
      ELEVENLABS_MODEL: 'eleven_turbo_v2_5',
      ELEVENLABS_MODEL_VI: 'eleven_v3',
      ELEVENLABS_PLAN: 'godmode',
      AZURE_SPEECH_KEY: 'a-key',
      AZURE_SPEECH_BASE_URL: 'http://127.0.0.1:9002',
      AZURE_SPEECH_VOICES: 'vi-VN-HoaiMyNeural,en-AU-NatashaNeural',
      AZURE_SPEECH_PLAN: 'free',
      GOOGLE_TTS_API_KEY: 'g-key',
      GOOGLE_TTS_VOICES: 'vi-VN-Neural2-A',
      CLOUD_SPEECH_TIMEOUT_SECONDS: '12',
    }).voices;
    expect(settings.timeoutMs).toBe(12_000);
    expect(settings.elevenlabs).toMatchObject({
      baseUrl: 'http://127.0.0.1:9001',
      model: 'eleven_turbo_v2_5',
      vietnameseModel: 'eleven_v3',
      plan: 'godmode',
      voices: [
        { name: 'abc123', label: 'Linh', languages: ['vi'] },
        { name: 'def456', label: 'Sam', languages: ['en', 'vi'] },
      ],
    });
    expect(settings.azure).toMatchObject({
      baseUrl: 'http://127.0.0.1:9002',
      plan: 'free',
      voices: [
        { name: 'vi-VN-HoaiMyNeural', label: 'Hoài My', languages: ['vi'] },
        { name: 'en-AU-NatashaNeural', label: 'Natasha', languages: ['en'] },
      ],
    });
    expect(settings.google?.voices).toEqual([
      { name: 'vi-VN-Neural2-A', label: 'Neural2 A', languages: ['vi'] },
    ]);
  });

  it('gives a server of one’s own (SPEECH_BASE_URL) its own key and voices, never OpenAI’s key', () => {
    const settings = providers({
      OPENAI_API_KEY: 'sk-openai',
      SPEECH_BASE_URL: 'http://kokoro.local:8880/v1',
      SPEECH_MODEL: 'kokoro',
      SPEECH_VOICES: 'af_bella:en,am_adam:en,alloy',
      SPEECH_VOICES_PLAN: 'free',
    }).voices;
    expect(settings.openai).toEqual({
      baseUrl: 'http://kokoro.local:8880/v1',
      apiKey: null,
      model: 'kokoro',
      voices: [
        { name: 'af_bella', label: 'Af Bella', languages: ['en'] },
        { name: 'am_adam', label: 'Am Adam', languages: ['en'] },
        { name: 'alloy', label: 'Alloy', languages: ['en', 'vi'] },
      ],
      plan: 'free',
    });
    const [engine] = cloudSpeechEngines(settings);
    expect(engine?.voices().map((voice) => voice.id)).toEqual([
      'openai:af_bella',
      'openai:am_adam',
      'openai:alloy@en',
      'openai:alloy@vi',
    ]);
    expect(
      providers({ SPEECH_API_KEY: 'sk-speech', OPENAI_BASE_URL: 'http://proxy.local/v1' }).voices
        .openai,
    ).toMatchObject({ baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-speech' });
  });

  it('transcribes with TRANSCRIPTION_* or OpenAI’s account, never sending OpenAI’s key elsewhere', () => {
    expect(
      providers({
        OPENAI_API_KEY: 'sk-openai',
        TRANSCRIPTION_BASE_URL: 'http://speaches.local:8000/v1',
        TRANSCRIPTION_MODEL: 'Systran/faster-whisper-small',
      }).transcription,
    ).toEqual({
      baseUrl: 'http://speaches.local:8000/v1',
      apiKey: null,
      model: 'Systran/faster-whisper-small',
      timeoutMs: 60_000,
    });
    expect(
      providers({ OPENAI_API_KEY: 'sk-openai', TRANSCRIPTION_TIMEOUT_SECONDS: '20' }).transcription,
    ).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-openai',
      model: 'whisper-1',
      timeoutMs: 20_000,
    });
    const engine = transcriptionEngine(
      providers({ TRANSCRIPTION_API_KEY: 'sk-t', TRANSCRIPTION_MODEL: 'gpt-4o-transcribe' })
        .transcription,
    );
    expect(engine?.model).toBe('gpt-4o-transcribe');
  });

  it('reports every bad variable at once, in plain words', () => {
    expect(
      problemsOf({
        AZURE_SPEECH_KEY: 'a-key',
        ELEVENLABS_API_KEY: 'e-key',
        ELEVENLABS_VOICES: 'abc123:Linh:fr,bad id:Name',
        SPEECH_VOICES: 'alloy:de',
        GOOGLE_TTS_API_KEY: 'g-key',
        GOOGLE_TTS_VOICES: 'fr-FR-Wavenet-A',
      }),
    ).toEqual([
      'AZURE_SPEECH_REGION: is required with AZURE_SPEECH_KEY (the region of the Speech resource, e.g. southeastasia), unless AZURE_SPEECH_BASE_URL is set',
      'SPEECH_VOICES: "alloy:de" must be a voice name (letters, digits, _ . + -), optionally followed by :en or :vi',
      'ELEVENLABS_VOICES: "abc123:Linh:fr" must be voice_id:Name, optionally followed by :en or :vi',
      'ELEVENLABS_VOICES: "bad id:Name" must be voice_id:Name, optionally followed by :en or :vi',
      'GOOGLE_TTS_VOICES: "fr-FR-Wavenet-A" must be a voice name starting with an English or Vietnamese locale (en-US-…, vi-VN-…)',
    ]);
    expect(
      problemsOf({ ELEVENLABS_MODEL_VI: 'eleven_multilingual_v2', SPEECH_VOICES_PLAN: 'gold' }),
    ).toEqual([
      'SPEECH_VOICES_PLAN: must be one of free, pro, godmode',
      'ELEVENLABS_MODEL_VI: must be a model that speaks Vietnamese: eleven_flash_v2_5, eleven_turbo_v2_5, eleven_v3',
    ]);
  });
});
