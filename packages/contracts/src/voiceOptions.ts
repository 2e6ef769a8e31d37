/**
 * The voice tool's limits and choices as plain data (no zod): the voice page and the chat's
 * spoken replies read them; voice.ts builds its schemas from them.
 */

/** The languages voices speak (BCP 47 base language). */
export const voiceLanguages = ['en', 'vi'] as const;
export type VoiceLanguage = (typeof voiceLanguages)[number];

/**
 * How a voice sounds, said beside it so nobody is surprised: an offline engine that sounds like a
 * machine (eSpeak NG), an offline engine that sounds like a recorded person (Flite's clustergen
 * voices), or a provider's neural voice in the cloud.
 */
export const voiceQualities = ['offline-robotic', 'offline-natural', 'cloud-neural'] as const;
export type VoiceQuality = (typeof voiceQualities)[number];

/** Every clip can be had in each: the parts are joined as PCM and encoded by the API itself. */
export const voiceFormats = ['mp3', 'wav', 'ogg'] as const;
export type VoiceFormat = (typeof voiceFormats)[number];

export const voiceFormatMimeTypes: Record<VoiceFormat, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
};

/** What a voice can be asked beyond its text. */
export const voiceCapabilities = ['speed', 'pitch', 'instructions'] as const;
export type VoiceCapability = (typeof voiceCapabilities)[number];

/** The providers a voice may come from (the page shows which). */
export const voiceProviders = [
  'flite',
  'espeak',
  'openai',
  'elevenlabs',
  'azure',
  'google',
  'sandbox',
] as const;
export type VoiceProvider = (typeof voiceProviders)[number];

export const VOICE_SPEED_MIN = 0.5;
export const VOICE_SPEED_MAX = 2;
export const VOICE_PITCH_MIN = 0.5;
export const VOICE_PITCH_MAX = 2;
/** The longest text any plan may send in one request; each plan's own limit is lower or equal. */
export const VOICE_TEXT_MAX_LENGTH = 50_000;
/** OpenAI's `instructions` (how to speak: tone, accent). */
export const VOICE_INSTRUCTIONS_MAX_LENGTH = 500;

/** The stages a synthesis job reports (the page translates each). */
export const voiceJobStages = ['speaking', 'joining', 'storing'] as const;
export type VoiceJobStage = (typeof voiceJobStages)[number];

/**
 * Why a synthesis job failed, in the API's own words (the job's `error`; the page shows each in
 * the reader's language, `failures` in voice.json). A speech engine's or service's own words
 * never reach the user: they may quote the text.
 */
export const voiceJobFailureTexts = {
  engineFailed: 'The voice could not speak this text. Please try again, or choose another voice.',
  engineBusy: 'The voice engine is busy. Please try again in a moment.',
  unavailable: 'The voice service could not be reached. Please try again in a moment.',
  rateLimited: 'The voice service is receiving too many requests. Please try again in a moment.',
  timeout: 'Speaking took too long and was stopped. Please try again, or send a shorter text.',
  unreadableAudio: 'The voice engine sent audio that could not be read. Please try again.',
  voiceGone: 'This voice is no longer available. Choose another voice.',
  speechOff: 'Speech is turned off on this server.',
} as const;
export type VoiceJobFailure = keyof typeof voiceJobFailureTexts;

/** Which failure a voice job's error text is, if it is one of ours. */
export function voiceFailureOf(text: string | null): VoiceJobFailure | null {
  if (text === null) return null;
  const entry = Object.entries(voiceJobFailureTexts).find(([, known]) => known === text);
  return entry ? (entry[0] as VoiceJobFailure) : null;
}
