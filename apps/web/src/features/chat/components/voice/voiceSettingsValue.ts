import { browserStore, type KeyValueStore } from '../../../../lib/storage';

/** The local storage key of the chosen spoken-reply settings (this browser only). */
export const voiceSettingsKey = 'chatVoiceSettings';

/** Speed and pitch share one range: 0.5–2, 1 is normal (as the send request allows, §3). */
export const VOICE_RANGE = { min: 0.5, max: 2, step: 0.1 } as const;

/** The longest voice name the send request takes (§3). */
const VOICE_MAX_LENGTH = 64;

export interface VoiceSettingsValue {
  enabled: boolean;
  /** null: the default voice for the reply's language. */
  voice: string | null;
  speed: number;
  pitch: number;
  /** Dictated messages are sent at once rather than put in the text box to check. */
  sendDictation: boolean;
}

const isRate = (value: unknown): value is number =>
  typeof value === 'number' && value >= VOICE_RANGE.min && value <= VOICE_RANGE.max;

/**
 * Stored settings, checked by hand rather than with a schema: the chat reads them on every first
 * load, which must not download the schema library (zod). Null when they are not settings.
 */
function readValue(stored: unknown): VoiceSettingsValue | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const { enabled, voice, speed, pitch, sendDictation = false } = stored as Record<string, unknown>;
  if (typeof enabled !== 'boolean' || !isRate(speed) || !isRate(pitch)) return null;
  if (voice !== null && (typeof voice !== 'string' || voice.length > VOICE_MAX_LENGTH)) return null;
  // Settings kept before dictation existed have no sendDictation: it is off.
  if (typeof sendDictation !== 'boolean') return null;
  return { enabled, voice, speed, pitch, sendDictation };
}

export const defaultVoiceSettings: VoiceSettingsValue = {
  enabled: false,
  voice: null,
  speed: 1,
  pitch: 1,
  sendDictation: false,
};

/** The stored settings, or the defaults when nothing (or nothing readable) is stored. */
export function readVoiceSettings(store: KeyValueStore = browserStore): VoiceSettingsValue {
  const raw = store.get(voiceSettingsKey);
  if (!raw) return defaultVoiceSettings;
  try {
    return readValue(JSON.parse(raw)) ?? defaultVoiceSettings;
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
