/**
 * The music creator's choices and limits as plain data (no zod): the music page, the API and the
 * offline composer read them; music.ts builds its schemas from them.
 */

/** Styles the composer writes in (each sets its rhythm, drum pattern and default instruments). */
export const musicGenres = [
  'pop',
  'rock',
  'jazz',
  'classical',
  'electronic',
  'lofi',
  'ambient',
  'folk',
  'cinematic',
  'hip-hop',
] as const;
export type MusicGenre = (typeof musicGenres)[number];

/** Moods (each leans the progression, register and dynamics one way). */
export const musicMoods = [
  'happy',
  'calm',
  'sad',
  'energetic',
  'dreamy',
  'tense',
  'romantic',
  'epic',
] as const;
export type MusicMood = (typeof musicMoods)[number];

/** Key tonics, spelled as a key signature spells them. */
export const musicTonics = [
  'C',
  'C#',
  'D',
  'Eb',
  'E',
  'F',
  'F#',
  'G',
  'Ab',
  'A',
  'Bb',
  'B',
] as const;
export type MusicTonic = (typeof musicTonics)[number];
export const musicModes = ['major', 'minor'] as const;
export type MusicMode = (typeof musicModes)[number];

/**
 * Instruments a piece may use: General MIDI programs the offline composer renders with its sound
 * font (drums on channel 10), and words a provider's prompt can carry.
 */
export const musicInstruments = [
  'piano',
  'electric-piano',
  'organ',
  'acoustic-guitar',
  'electric-guitar',
  'bass',
  'strings',
  'choir',
  'brass',
  'saxophone',
  'flute',
  'synth-lead',
  'synth-pad',
  'drums',
] as const;
export type MusicInstrument = (typeof musicInstruments)[number];

/** General MIDI program (0-based) of each pitched instrument; drums play on channel 10. */
export const musicInstrumentPrograms: Record<Exclude<MusicInstrument, 'drums'>, number> = {
  piano: 0,
  'electric-piano': 4,
  organ: 16,
  'acoustic-guitar': 24,
  'electric-guitar': 27,
  bass: 33,
  strings: 48,
  choir: 52,
  brass: 61,
  saxophone: 65,
  flute: 73,
  'synth-lead': 80,
  'synth-pad': 88,
};

/** Sections a structure is built from, in the order a song usually meets them. */
export const musicSections = ['intro', 'verse', 'pre-chorus', 'chorus', 'bridge', 'outro'] as const;
export type MusicSection = (typeof musicSections)[number];

/**
 * Where a piece comes from: the offline composer (MIDI rendered with a General MIDI sound font:
 * not AI audio, and the page says so) or a provider's AI music model in the cloud.
 */
export const musicQualities = ['offline-composer', 'cloud-ai'] as const;
export type MusicQuality = (typeof musicQualities)[number];

/** The providers a music model may come from (the page shows which). */
export const musicProviders = ['composer', 'elevenlabs', 'stability', 'fal'] as const;
export type MusicProvider = (typeof musicProviders)[number];

/**
 * What a model can do beyond a prompt and a length; the page greys out the rest.
 * - `settings`: follows genre, mood, tempo, key, instruments and structure exactly (the composer);
 *   a cloud model gets them as words in its prompt.
 * - `lyrics`: sings the lyrics field. `instrumental`: can be told to stay instrumental.
 * - `extend`: continues a piece it made. `section`: writes one section of a piece again.
 * - `seed`: the same seed gives the same piece. `midi`, `stems`: those downloads exist.
 */
export const musicCapabilities = [
  'settings',
  'lyrics',
  'instrumental',
  'extend',
  'section',
  'seed',
  'midi',
  'stems',
] as const;
export type MusicCapability = (typeof musicCapabilities)[number];

/** How a piece came from another (its family, as an image's). */
export const musicOperations = ['extend', 'section', 'vary'] as const;
export type MusicOperation = (typeof musicOperations)[number];

/** What a piece can be downloaded as. `stems`: every instrument alone, one file each or a zip. */
export const musicDownloadFormats = ['mp3', 'wav', 'midi'] as const;
export type MusicDownloadFormat = (typeof musicDownloadFormats)[number];
export const musicDownloadMimeTypes: Record<MusicDownloadFormat, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  midi: 'audio/midi',
};

export const MUSIC_TEMPO_MIN = 50;
export const MUSIC_TEMPO_MAX = 200;
/** The shortest piece; the longest any plan may ask (each plan's own limit is lower or equal). */
export const MUSIC_DURATION_MIN_SECONDS = 15;
export const MUSIC_DURATION_MAX_SECONDS = 360;
/** Extend: how much to add in one go. */
export const MUSIC_EXTEND_MIN_SECONDS = 5;
export const MUSIC_EXTEND_MAX_SECONDS = 120;
export const MUSIC_PROMPT_MAX_LENGTH = 1_000;
export const MUSIC_LYRICS_MAX_LENGTH = 3_000;
export const MUSIC_INSTRUMENTS_MAX = 6;
export const MUSIC_STRUCTURE_MAX = 16;
export const MUSIC_SEED_MAX = 2_147_483_647;

/** The stages a music job reports (the page translates each). */
export const musicJobStages = [
  'planning',
  'composing',
  'generating',
  'rendering',
  'stems',
  'encoding',
  'storing',
] as const;
export type MusicJobStage = (typeof musicJobStages)[number];

/**
 * Why a music job failed, in the API's own words (the job's `error`; the page shows each in the
 * reader's language, `failures` in music.json). A provider's own words never reach the user, except
 * a refusal's suggested prompt, which is returned as data (musicRefusal).
 */
export const musicJobFailureTexts = {
  engineFailed: 'The music could not be made. Please try again, or change the settings.',
  engineBusy: 'The composer is busy. Please try again in a moment.',
  unavailable: 'The music service could not be reached. Please try again in a moment.',
  rateLimited: 'The music service is receiving too many requests. Please try again in a moment.',
  timeout: 'Making the music took too long and was stopped. Please try again, or ask for less.',
  refused: 'The music service refused this request.',
  unreadableAudio: 'The music service sent audio that could not be read. Please try again.',
  modelGone: 'This music model is no longer available. Choose another one.',
  musicOff: 'Music is turned off on this server.',
} as const;
export type MusicJobFailure = keyof typeof musicJobFailureTexts;

/** Which failure a music job's error text is, if it is one of ours. */
export function musicFailureOf(text: string | null): MusicJobFailure | null {
  if (text === null) return null;
  const entry = Object.entries(musicJobFailureTexts).find(([, known]) => known === text);
  return entry ? (entry[0] as MusicJobFailure) : null;
}
