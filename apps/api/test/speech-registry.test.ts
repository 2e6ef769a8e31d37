import type { Voice } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import {
  type SpeechEngine,
  SpeechError,
  type SpeechRequest,
} from '../src/domains/providers/speech/speech-engine.ts';
import {
  createSpeechRegistry,
  speechModels,
} from '../src/domains/providers/speech/speech-registry.ts';

type VoiceSpec = Pick<Voice, 'id' | 'language'> & Partial<Voice>;

/** An engine that "speaks" by recording the request it was given, or fails when told to. */
function fakeEngine(
  model: string,
  specs: VoiceSpec[],
  defaults: Record<string, string>,
  fail: SpeechError | null = null,
) {
  const requests: SpeechRequest[] = [];
  let closed = false;
  const voices: Voice[] = specs.map((spec) => ({
    name: spec.id,
    engine: model,
    provider: 'flite',
    quality: 'offline-natural',
    plan: 'free',
    capabilities: ['speed', 'pitch'],
    sandbox: false,
    ...spec,
  }));
  const engine: SpeechEngine = {
    model,
    voices: () => voices,
    defaultVoices: () => ({ ...defaults }),
    async synthesize(request) {
      requests.push(request);
      if (fail) throw fail;
      return {
        audio: Buffer.from(model),
        mimeType: 'audio/wav',
        format: 'wav',
        voice: request.voice ?? '',
      };
    },
    async close() {
      closed = true;
    },
  };
  return { engine, requests, closed: () => closed };
}

const flite = () =>
  fakeEngine(
    'flite',
    [
      { id: 'flite:rms', language: 'en' },
      { id: 'flite:slt', language: 'en' },
    ],
    { en: 'flite:rms' },
  );
const espeak = () =>
  fakeEngine(
    'espeak-ng',
    [
      { id: 'espeak:en-us+f3', language: 'en', provider: 'espeak', quality: 'offline-robotic' },
      { id: 'espeak:vi+f3', language: 'vi', provider: 'espeak', quality: 'offline-robotic' },
      { id: 'espeak:vi', language: 'vi', provider: 'espeak', quality: 'offline-robotic' },
    ],
    { en: 'espeak:en-us+f3', vi: 'espeak:vi+f3' },
  );
const cloud = () =>
  fakeEngine(
    'gpt-4o-mini-tts',
    [
      {
        id: 'openai:alloy',
        language: 'mul',
        provider: 'openai',
        quality: 'cloud-neural',
        capabilities: ['speed', 'instructions'],
      },
    ],
    { en: 'openai:alloy', vi: 'openai:alloy', mul: 'openai:alloy' },
  );

function request(overrides: Partial<SpeechRequest> = {}): SpeechRequest {
  return {
    text: 'Hello there.',
    language: null,
    voice: null,
    format: 'wav',
    speed: 1,
    pitch: 1,
    ...overrides,
  };
}

describe('speech registry', () => {
  it('lists every engine’s voices, in the engines’ order', () => {
    const registry = createSpeechRegistry([flite().engine, espeak().engine]);
    expect(registry.voices().map((voice) => voice.id)).toEqual([
      'flite:rms',
      'flite:slt',
      'espeak:en-us+f3',
      'espeak:vi+f3',
      'espeak:vi',
    ]);
  });

  it('routes a voice to the engine its prefix names', async () => {
    const [f, e] = [flite(), espeak()];
    const registry = createSpeechRegistry([f.engine, e.engine]);
    expect(
      (await registry.synthesize(request({ voice: 'espeak:en-us+f3' }))).audio.toString(),
    ).toBe('espeak-ng');
    expect((await registry.synthesize(request({ voice: 'flite:slt' }))).audio.toString()).toBe(
      'flite',
    );
    expect(e.requests.map((sent) => sent.voice)).toEqual(['espeak:en-us+f3']);
    expect(f.requests.map((sent) => sent.voice)).toEqual(['flite:slt']);
  });

  it('picks each language’s best free offline voice: Flite for English, eSpeak NG for Vietnamese', () => {
    // Whatever the order and even with a cloud engine beside them.
    const registry = createSpeechRegistry([cloud().engine, espeak().engine, flite().engine]);
    expect(registry.defaultVoices()).toEqual({
      en: 'flite:rms',
      vi: 'espeak:vi+f3',
      mul: 'openai:alloy',
    });
  });

  it('prefers a provider’s defaults when told to (SPEECH_ENGINE=openai)', () => {
    const registry = createSpeechRegistry([cloud().engine, flite().engine, espeak().engine], {
      preferredProvider: 'openai',
    });
    expect(registry.defaultVoices()).toEqual({
      en: 'openai:alloy',
      vi: 'openai:alloy',
      mul: 'openai:alloy',
    });
  });

  it('falls back to the language’s default, told or detected from the text', async () => {
    const [f, e] = [flite(), espeak()];
    const registry = createSpeechRegistry([f.engine, e.engine]);
    await registry.synthesize(request({ text: 'Good morning.' }));
    await registry.synthesize(request({ text: 'Chào buổi sáng, bạn khỏe không?' }));
    await registry.synthesize(request({ text: 'Hi.', language: 'vi' }));
    expect(f.requests.map((sent) => sent.voice)).toEqual(['flite:rms']);
    expect(e.requests.map((sent) => sent.voice)).toEqual(['espeak:vi+f3', 'espeak:vi+f3']);
  });

  it('still speaks a stored id without a prefix: eSpeak NG’s, else the one voice of that name', async () => {
    const [f, e, c] = [flite(), espeak(), cloud()];
    const registry = createSpeechRegistry([c.engine, f.engine, e.engine]);
    expect((await registry.synthesize(request({ voice: 'vi+f3' }))).voice).toBe('espeak:vi+f3');
    expect((await registry.synthesize(request({ voice: 'en-us+f3' }))).voice).toBe(
      'espeak:en-us+f3',
    );
    expect((await registry.synthesize(request({ voice: 'alloy' }))).voice).toBe('openai:alloy');
  });

  it.each(['klingon', 'flite:kal', 'azure:vi-VN-HoaiMyNeural'])(
    'refuses a voice nobody has (%s) in plain words',
    async (voice) => {
      const registry = createSpeechRegistry([flite().engine, espeak().engine]);
      await expect(registry.synthesize(request({ voice }))).rejects.toThrow(
        new SpeechError(`There is no voice "${voice}"; choose one of the listed voices.`),
      );
    },
  );

  it('says so when no voice speaks the language', async () => {
    const registry = createSpeechRegistry([flite().engine]);
    await expect(registry.synthesize(request({ language: 'vi' }))).rejects.toThrow(
      new SpeechError('No voice on this server speaks Vietnamese.'),
    );
  });

  it('passes instructions only to a voice that takes them', async () => {
    const [f, c] = [flite(), cloud()];
    const registry = createSpeechRegistry([f.engine, c.engine]);
    await registry.synthesize(request({ voice: 'openai:alloy', instructions: 'Speak warmly.' }));
    await registry.synthesize(request({ voice: 'flite:rms', instructions: 'Speak warmly.' }));
    expect(c.requests[0]?.instructions).toBe('Speak warmly.');
    expect(f.requests[0]?.instructions).toBeNull();
  });

  it('names the engine that failed, for the log', async () => {
    const failing = fakeEngine(
      'gpt-4o-mini-tts',
      [{ id: 'openai:alloy', language: 'mul' }],
      {},
      new SpeechError('The speech service answered 500.'),
    );
    const registry = createSpeechRegistry([flite().engine, failing.engine]);
    const error = await registry
      .synthesize(request({ voice: 'openai:alloy' }))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SpeechError);
    expect(error).toMatchObject({
      message: 'The speech service answered 500.',
      model: 'gpt-4o-mini-tts',
    });
  });

  it('closes every engine', async () => {
    const [f, e] = [flite(), espeak()];
    await createSpeechRegistry([f.engine, e.engine]).close();
    expect([f.closed(), e.closed()]).toEqual([true, true]);
  });

  it('lists each engine once in the catalogue, with what any of its voices can do', () => {
    const c = cloud();
    expect(speechModels([flite().engine, c.engine])).toEqual([
      {
        id: 'flite',
        name: 'flite',
        provider: 'flite',
        capabilities: ['speed', 'pitch'],
        plan: 'free',
      },
      {
        id: 'gpt-4o-mini-tts',
        name: 'gpt-4o-mini-tts',
        provider: 'openai',
        capabilities: ['speed', 'instructions'],
        plan: 'free',
      },
    ]);
    expect(speechModels([fakeEngine('empty', [], {}).engine])).toEqual([]);
  });
});
