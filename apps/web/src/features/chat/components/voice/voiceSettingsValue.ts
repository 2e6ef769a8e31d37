import { z } from 'zod';
import { browserStore, type KeyValueStore } from '../../../../lib/storage';

/** The local storage key of the chosen spoken-reply settings (this browser only). */
export const voiceSettingsKey = 'chatVoiceSettings';

/** Speed and pitch share one range: 0.5–2, 1 is normal (as the send request allows, §3). */
export const VOICE_RANGE = { min: 0.5, max: 2, step: 0.1 } as const;

const rate = z.number().min(VOICE_RANGE.min).max(VOICE_RANGE.max);

export const voiceSettingsValue = z.object({
  enabled: z.boolean(),
  /** null: the default voice for the reply's language. */
  voice: z.string().max(64).nullable(),
  speed: rate,
  pitch: rate,
});
export type VoiceSettingsValue = z.infer<typeof voiceSettingsValue>;

export const defaultVoiceSettings: VoiceSettingsValue = {
  enabled: false,
  voice: null,
  speed: 1,
  pitch: 1,
};

/** The stored settings, or the defaults when nothing (or nothing readable) is stored. */
export function readVoiceSettings(store: KeyValueStore = browserStore): VoiceSettingsValue {
  const raw = store.get(voiceSettingsKey);
  if (!raw) return defaultVoiceSettings;
  try {
    const parsed = voiceSettingsValue.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : defaultVoiceSettings;
  } catch {
    return defaultVoiceSettings;
  }
}

export function writeVoiceSettings(
  value: VoiceSettingsValue,
  store: KeyValueStore = browserStore,
): void {
  store.set(voiceSettingsKey, JSON.stringify(value));
}
