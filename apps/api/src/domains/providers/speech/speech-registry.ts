import type { Voice, VoiceProvider, VoiceQuality } from '@studio/contracts';
import type { CatalogueModel } from '../catalogue/model-catalogue.ts';
import { detectLanguage } from './language.ts';
import {
  type SpeechCapability,
  type SpeechEngine,
  SpeechError,
  type SpeechRequest,
  unknownVoiceError,
} from './speech-engine.ts';

export interface SpeechRegistryOptions {
  /**
   * The provider whose voices are the defaults wherever it has one (SPEECH_ENGINE=openai);
   * without it each language's default is the best free offline voice.
   */
  preferredProvider?: VoiceProvider | null;
}

/** The provider a stored voice id without a prefix (`vi+f3`, from before voices had one) meant. */
const legacyProvider = 'espeak';

/** Better first, when no provider is preferred: a free voice that runs here, natural before robotic. */
const defaultRank: Record<VoiceQuality, number> = {
  'offline-natural': 0,
  'offline-robotic': 1,
  'cloud-neural': 2,
};

/**
 * Every engine's voices as one engine: `voices()` lists them all (the first engine's first, as
 * given), `defaultVoices()` picks one per language (the preferred provider's, else the best free
 * offline voice: Flite for English, eSpeak NG for Vietnamese), and `synthesize()` hands the
 * request to the engine whose provider prefixes the voice id (`flite:rms` → Flite), or to the
 * language's default. A stored id without a prefix (`en-us+f3`, `vi+f3`: users' saved chat
 * preferences) is eSpeak NG's, or else the one voice whose name it is.
 */
export function createSpeechRegistry(
  engines: readonly SpeechEngine[],
  options: SpeechRegistryOptions = {},
): SpeechEngine {
  const owners = new Map<string, { engine: SpeechEngine; voice: Voice }>();
  for (const engine of engines) {
    for (const voice of engine.voices()) {
      if (!owners.has(voice.id)) owners.set(voice.id, { engine, voice });
    }
  }
  const voices = [...owners.values()].map(({ voice }) => voice);
  const defaults = chooseDefaults(engines, owners, options.preferredProvider ?? null);

  function resolve(id: string) {
    const exact = owners.get(id);
    if (exact) return exact;
    if (!id.includes(':')) {
      const legacy =
        owners.get(`${legacyProvider}:${id}`) ??
        [...owners.values()].find(({ voice }) => voice.id.endsWith(`:${id}`));
      if (legacy) return legacy;
    }
    throw unknownVoiceError(id);
  }

  function voiceFor(request: Pick<SpeechRequest, 'voice' | 'language' | 'text'>) {
    if (request.voice) return resolve(request.voice);
    const language = request.language ?? detectLanguage(request.text);
    const id = defaults[language] ?? defaults.mul;
    if (!id) {
      throw new SpeechError(
        engines.length === 0
          ? 'No speech engine is configured on this server.'
          : `No voice on this server speaks ${languageNames[language] ?? language}.`,
      );
    }
    return resolve(id);
  }

  return {
    model: engines.map((engine) => engine.model).join(', '),
    voices: () => voices,
    defaultVoices: () => ({ ...defaults }),
    async synthesize(request, signal) {
      const { engine, voice } = voiceFor(request);
      const instructions = voice.capabilities.includes('instructions')
        ? (request.instructions ?? null)
        : null;
      try {
        return await engine.synthesize({ ...request, voice: voice.id, instructions }, signal);
      } catch (error) {
        if (error instanceof SpeechError) error.model ??= engine.model;
        throw error;
      }
    },
    async close() {
      await Promise.all(engines.map((engine) => engine.close()));
    },
  };
}

const languageNames: Record<string, string> = { en: 'English', vi: 'Vietnamese' };

/** Per language: each engine's own default for it, the preferred provider's or the best ranked. */
function chooseDefaults(
  engines: readonly SpeechEngine[],
  owners: Map<string, { voice: Voice }>,
  preferred: VoiceProvider | null,
): Record<string, string> {
  const candidates = new Map<string, Voice[]>();
  for (const engine of engines) {
    for (const [language, id] of Object.entries(engine.defaultVoices())) {
      const voice = owners.get(id)?.voice;
      if (voice) candidates.set(language, [...(candidates.get(language) ?? []), voice]);
    }
  }
  const rank = (voice: Voice) =>
    (voice.provider === preferred ? 0 : 10) +
    (voice.plan === 'free' && !voice.sandbox ? 0 : 5) +
    defaultRank[voice.quality];
  const defaults: Record<string, string> = {};
  for (const [language, voices] of candidates) {
    // Stable: among equals, the engine listed first.
    const best = voices.reduce((chosen, voice) => (rank(voice) < rank(chosen) ? voice : chosen));
    defaults[language] = best.id;
  }
  return defaults;
}

/**
 * The engines as the catalogue lists them (one entry each, `speech` modality): what it can do
 * is what any of its voices can, and the plan is the lowest any of its voices needs. An engine
 * with no voices is left out.
 */
export function speechModels(
  engines: readonly SpeechEngine[],
): CatalogueModel<VoiceProvider, SpeechCapability>[] {
  const planRank = { free: 0, pro: 1, godmode: 2 } as const;
  return engines.flatMap((engine) => {
    const voices = engine.voices();
    const [first] = voices;
    if (!first) return [];
    const capabilities = (['speed', 'pitch', 'instructions'] as const).filter((capability) =>
      voices.some((voice) => voice.capabilities.includes(capability)),
    );
    const plan = voices.reduce(
      (lowest, voice) => (planRank[voice.plan] < planRank[lowest] ? voice.plan : lowest),
      first.plan,
    );
    return [
      {
        id: engine.model,
        name: engine.name ?? engine.model,
        provider: first.provider,
        capabilities,
        plan,
      },
    ];
  });
}
