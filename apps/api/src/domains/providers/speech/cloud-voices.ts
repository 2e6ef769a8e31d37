import type {
  ModelPlan,
  Voice,
  VoiceCapability,
  VoiceLanguage,
  VoiceProvider,
} from '@studio/contracts';
import { detectLanguage } from './language.ts';
import { SpeechError, type SpeechRequest } from './speech-engine.ts';

/**
 * The voices of a cloud engine as users see them, and the way back from a voice id to what the
 * provider calls it. Ids are `<provider>:<provider's voice name>` for a voice of one language
 * (`azure:vi-VN-HoaiMyNeural`); a voice that speaks both languages (OpenAI's, most ElevenLabs
 * voices) is listed once per language as `<provider>:<name>@<language>` (`openai:alloy@vi`), so
 * every listed voice has an id of its own and each language's list has all of them.
 */

/** A configured voice: the provider's name for it, how it is shown, which languages it speaks. */
export interface CloudVoiceSpec {
  /** What the provider calls it (OpenAI `alloy`, an ElevenLabs voice id, `vi-VN-HoaiMyNeural`). */
  name: string;
  /** Shown to users. */
  label: string;
  languages: readonly VoiceLanguage[];
}

/** One listed voice, with what the provider needs to speak it. */
export interface CloudVoice {
  voice: Voice;
  /** The provider's name for it. */
  name: string;
  language: VoiceLanguage;
}

export interface CloudVoiceTable {
  voices: Voice[];
  defaults: Record<string, string>;
  /** The voice the request names (or the language's default); SpeechError for an unknown id. */
  resolve(request: Pick<SpeechRequest, 'voice' | 'language' | 'text'>): CloudVoice;
}

export interface CloudVoiceTraits {
  provider: VoiceProvider;
  /** What speaks it, as shown (a model, or the service's name), per language. */
  engine: (language: VoiceLanguage) => string;
  plan: ModelPlan;
  capabilities: readonly VoiceCapability[];
  sandbox?: boolean;
}

/** `Alloy` from `alloy`, `Af Bella` from `af_bella`: a configured name made readable. */
export function labelOf(name: string): string {
  return name
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export function createCloudVoiceTable(
  specs: readonly CloudVoiceSpec[],
  traits: CloudVoiceTraits,
): CloudVoiceTable {
  const listed: CloudVoice[] = specs.flatMap((spec) =>
    spec.languages.map((language) => {
      const id =
        spec.languages.length > 1
          ? `${traits.provider}:${spec.name}@${language}`
          : `${traits.provider}:${spec.name}`;
      return {
        name: spec.name,
        language,
        voice: {
          id,
          name: spec.label,
          language,
          engine: traits.engine(language),
          provider: traits.provider,
          quality: 'cloud-neural' as const,
          plan: traits.plan,
          capabilities: [...traits.capabilities],
          sandbox: traits.sandbox ?? false,
        },
      };
    }),
  );
  const byId = new Map(listed.map((entry) => [entry.voice.id, entry]));
  const defaults: Record<string, string> = {};
  for (const entry of listed) defaults[entry.language] ??= entry.voice.id;

  return {
    voices: listed.map((entry) => entry.voice),
    defaults,
    resolve(request) {
      if (request.voice) {
        const entry = byId.get(request.voice);
        if (!entry) {
          throw new SpeechError(
            `There is no voice "${request.voice}"; choose one of the listed voices.`,
          );
        }
        return entry;
      }
      const language = request.language ?? detectLanguage(request.text);
      const id = defaults[language];
      const entry = id ? byId.get(id) : undefined;
      if (!entry) {
        throw new SpeechError(
          language === 'vi'
            ? 'This speech service has no Vietnamese voice configured.'
            : 'This speech service has no English voice configured.',
        );
      }
      return entry;
    },
  };
}

/** The language of a locale-named voice (`vi-VN-HoaiMyNeural` → vi), or null for another. */
export function languageOfLocaleName(name: string): VoiceLanguage | null {
  const prefix = name.slice(0, 3).toLowerCase();
  if (prefix === 'en-') return 'en';
  if (prefix === 'vi-') return 'vi';
  return null;
}
