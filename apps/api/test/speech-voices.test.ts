import { voicesResponse } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

describe.each(databaseKinds)('GET /api/chat/voices on %s', (kind) => {
  describe('with the embedded offline engines (the default)', () => {
    const t = useTestApp(kind);

    it('lists English and Vietnamese voices and a default per language, to visitors too', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/chat/voices' });
      expect(response.statusCode).toBe(200);
      const body = voicesResponse.parse(response.json());
      expect(new Set(body.voices.map((voice) => voice.language))).toEqual(new Set(['en', 'vi']));
      // Flite speaks English by default, eSpeak NG Vietnamese (the only offline Vietnamese voice).
      expect(body.defaultVoice).toEqual({ en: 'flite:rms', vi: 'espeak:vi+f3' });
      expect(body.voices.map((voice) => voice.id)).toEqual(
        expect.arrayContaining(Object.values(body.defaultVoice)),
      );
    });

    it('decorates the app with a service that speaks', async () => {
      const result = await t.app.speech.synthesize({
        text: 'Hi.',
        language: 'en',
        voice: null,
        format: 'wav',
        speed: 1,
        pitch: 1,
      });
      expect(result.audio.toString('ascii', 0, 4)).toBe('RIFF');
      expect(result.voice).toBe('flite:rms');
    });

    it('tags every voice with its engine, provider, quality and plan', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/chat/voices' });
      const { voices } = voicesResponse.parse(response.json());
      expect(voices.find((voice) => voice.id === 'flite:rms')).toMatchObject({
        engine: 'Flite',
        provider: 'flite',
        quality: 'offline-natural',
        plan: 'free',
        sandbox: false,
      });
      expect(voices.find((voice) => voice.id === 'espeak:vi-vn-x-south')).toMatchObject({
        language: 'vi',
        engine: 'eSpeak NG',
        provider: 'espeak',
        quality: 'offline-robotic',
      });
      expect(voices.every((voice) => voice.id.startsWith(`${voice.provider}:`))).toBe(true);
    });

    it('still speaks a voice saved before voices had a provider prefix (eSpeak NG’s)', async () => {
      const result = await t.app.speech.synthesize({
        text: 'Xin chào.',
        language: null,
        voice: 'vi+f3',
        format: 'wav',
        speed: 1,
        pitch: 1,
      });
      expect(result.voice).toBe('espeak:vi+f3');
      expect(result.audio.readUInt32LE(24)).toBe(22_050);
    });
  });

  describe('with SPEECH_ENGINE=espeak (eSpeak NG alone, as before)', () => {
    const t = useTestApp(kind, { SPEECH_ENGINE: 'espeak' });

    it('lists only eSpeak NG voices, its defaults for both languages', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/chat/voices' });
      const body = voicesResponse.parse(response.json());
      expect(body.defaultVoice).toEqual({ en: 'espeak:en-us+f3', vi: 'espeak:vi+f3' });
      expect(body.voices.every((voice) => voice.provider === 'espeak')).toBe(true);
    });
  });

  describe('with SPEECH_ENGINE=none', () => {
    const t = useTestApp(kind, { SPEECH_ENGINE: 'none' });

    it('lists no voices', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/chat/voices' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ voices: [], defaultVoice: {} });
    });
  });

  describe('with an OpenAI-compatible service', () => {
    const t = useTestApp(kind, {
      SPEECH_ENGINE: 'openai',
      SPEECH_BASE_URL: 'http://127.0.0.1:9/v1',
      SPEECH_API_KEY: 'sk-never-shown',
    });

    it('lists its voices and never the key or address', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/chat/voices' });
      expect(response.statusCode).toBe(200);
      const body = voicesResponse.parse(response.json());
      // Its voices say what speaks them: the provider, and its model as the engine.
      expect(body.voices[0]).toMatchObject({
        provider: 'openai',
        engine: 'gpt-4o-mini-tts',
        quality: 'cloud-neural',
      });
      // Its voices are the defaults; the offline engines stay beside it.
      // Listed once per language, each with an id of its own.
      expect(body.defaultVoice).toEqual({ en: 'openai:alloy@en', vi: 'openai:alloy@vi' });
      expect(body.voices.map((voice) => voice.provider)).toEqual(
        expect.arrayContaining(['openai', 'flite', 'espeak']),
      );
      expect(response.body).not.toContain('sk-never-shown');
      expect(response.body).not.toContain('127.0.0.1');
    });
  });
});

describe('speech configuration', () => {
  const base = { NODE_ENV: 'test' };

  it('defaults to the offline engines, 30 s and 2000 characters', () => {
    expect(loadConfig(base).speech).toEqual({
      engine: 'offline',
      baseUrl: 'https://api.openai.com/v1',
      apiKey: null,
      model: 'gpt-4o-mini-tts',
      timeoutMs: 30_000,
      maxCharacters: 2000,
    });
  });

  it('reads every SPEECH_ variable', () => {
    const speech = loadConfig({
      ...base,
      SPEECH_ENGINE: 'openai',
      SPEECH_BASE_URL: 'http://localhost:8880/v1',
      SPEECH_API_KEY: 'sk-local',
      SPEECH_MODEL: 'kokoro',
      SPEECH_TIMEOUT_SECONDS: '10',
      SPEECH_MAX_CHARACTERS: '500',
    }).speech;
    expect(speech).toEqual({
      engine: 'openai',
      baseUrl: 'http://localhost:8880/v1',
      apiKey: 'sk-local',
      model: 'kokoro',
      timeoutMs: 10_000,
      maxCharacters: 500,
    });
  });

  it.each([
    [{ SPEECH_ENGINE: 'festival' }, 'SPEECH_ENGINE: must be one of offline, espeak, openai, none'],
    [{ SPEECH_ENGINE: 'openai' }, 'SPEECH_API_KEY: is required when SPEECH_ENGINE=openai'],
    [{ SPEECH_BASE_URL: 'ftp://example.com' }, 'SPEECH_BASE_URL:'],
    [
      { SPEECH_TIMEOUT_SECONDS: '0' },
      'SPEECH_TIMEOUT_SECONDS: must be a whole number from 1 to 600',
    ],
    [
      { SPEECH_MAX_CHARACTERS: '50' },
      'SPEECH_MAX_CHARACTERS: must be a whole number from 100 to 20000',
    ],
  ])('refuses %j', (env, problem) => {
    try {
      loadConfig({ ...base, ...env });
      expect.unreachable('the configuration should be refused');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.join('\n')).toContain(problem);
    }
  });
});
