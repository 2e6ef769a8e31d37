import {
  MUSIC_SEED_MAX,
  type MusicGenre,
  type MusicInstrument,
  type MusicMood,
  type MusicPieceSection,
  type MusicSection,
  type MusicSettings,
  musicTonics,
  type ResolvedMusicSettings,
} from '@studio/contracts';

/**
 * The one prompt builder of every cloud music model: a cloud model follows no settings exactly,
 * so each becomes words in its prompt (genre, mood, tempo, key, instruments, structure). What
 * the user left open is chosen here first (from the genre, the mood and the seed) and stated in
 * the words too, so the piece's resolved settings are what was asked plus these stated choices.
 */

const genreWords: Record<MusicGenre, string> = {
  pop: 'pop',
  rock: 'rock',
  jazz: 'jazz',
  classical: 'classical',
  electronic: 'electronic',
  lofi: 'lo-fi hip hop',
  ambient: 'ambient',
  folk: 'folk',
  cinematic: 'cinematic orchestral',
  'hip-hop': 'hip hop',
};

const genreMoods: Record<MusicGenre, MusicMood> = {
  pop: 'happy',
  rock: 'energetic',
  jazz: 'romantic',
  classical: 'calm',
  electronic: 'energetic',
  lofi: 'calm',
  ambient: 'dreamy',
  folk: 'calm',
  cinematic: 'epic',
  'hip-hop': 'energetic',
};

const genreTempos: Record<MusicGenre, number> = {
  pop: 112,
  rock: 128,
  jazz: 120,
  classical: 92,
  electronic: 124,
  lofi: 82,
  ambient: 70,
  folk: 100,
  cinematic: 90,
  'hip-hop': 92,
};

const moodTempoShift: Record<MusicMood, number> = {
  happy: 6,
  calm: -12,
  sad: -16,
  energetic: 12,
  dreamy: -10,
  tense: 4,
  romantic: -8,
  epic: 6,
};

const minorMoods: ReadonlySet<MusicMood> = new Set(['sad', 'tense', 'epic', 'dreamy']);

const genreBands: Record<MusicGenre, MusicInstrument[]> = {
  pop: ['piano', 'electric-guitar', 'bass', 'synth-pad', 'drums'],
  rock: ['electric-guitar', 'bass', 'organ', 'drums'],
  jazz: ['piano', 'bass', 'saxophone', 'drums'],
  classical: ['piano', 'strings', 'flute'],
  electronic: ['synth-lead', 'synth-pad', 'bass', 'drums'],
  lofi: ['electric-piano', 'bass', 'drums'],
  ambient: ['synth-pad', 'piano', 'strings'],
  folk: ['acoustic-guitar', 'bass', 'flute'],
  cinematic: ['strings', 'brass', 'choir', 'piano', 'drums'],
  'hip-hop': ['electric-piano', 'bass', 'synth-pad', 'drums'],
};

/** The structure a piece of this length gets when none is asked. */
function structureFor(seconds: number): MusicSection[] {
  if (seconds < 45) return ['intro', 'verse', 'chorus', 'outro'];
  if (seconds < 100) return ['intro', 'verse', 'chorus', 'verse', 'chorus', 'outro'];
  return [
    'intro',
    'verse',
    'pre-chorus',
    'chorus',
    'verse',
    'pre-chorus',
    'chorus',
    'bridge',
    'chorus',
    'outro',
  ];
}

const clampTempo = (tempo: number) => Math.min(200, Math.max(50, Math.round(tempo)));

/** A seed for a request that left it open (1 and up: Stability reads 0 as "pick one"). */
export function freshSeed(): number {
  return 1 + Math.floor(Math.random() * (MUSIC_SEED_MAX - 1));
}

/** Every open setting chosen; `lyrics` kept only when the model will sing them. */
export function resolveMusicSettings(
  settings: MusicSettings,
  model: { sings: boolean; alwaysInstrumental?: boolean },
  seed: number = settings.seed ?? freshSeed(),
): ResolvedMusicSettings {
  const mood = settings.mood ?? genreMoods[settings.genre];
  const instrumental = model.alwaysInstrumental === true || settings.instrumental;
  const sung = model.sings && !instrumental && settings.lyrics !== null && settings.lyrics !== '';
  return {
    ...settings,
    lyrics: sung ? settings.lyrics : null,
    instrumental,
    mood,
    tempo: settings.tempo ?? clampTempo(genreTempos[settings.genre] + moodTempoShift[mood]),
    key: settings.key ?? {
      tonic: musicTonics[seed % musicTonics.length] ?? 'C',
      mode: minorMoods.has(mood) ? 'minor' : 'major',
    },
    instruments:
      settings.instruments.length > 0 ? settings.instruments : genreBands[settings.genre],
    structure:
      settings.structure.length > 0 ? settings.structure : structureFor(settings.durationSeconds),
    seed,
  };
}

const wordOf = (name: string) => name.replace(/-/g, ' ');

function listed(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1) ?? ''}`;
}

/** The settings as short style words (a tag list, ElevenLabs' global styles). */
export function musicStyleWords(settings: ResolvedMusicSettings): string[] {
  return [
    genreWords[settings.genre],
    settings.mood,
    `${settings.tempo} BPM`,
    `${settings.key.tonic} ${settings.key.mode}`,
    ...settings.instruments.map(wordOf),
    settings.instrumental ? 'instrumental' : 'vocals',
  ];
}

/** The settings as one prompt: the user's words first, then every setting in words. */
export function musicPrompt(settings: ResolvedMusicSettings): string {
  const described = [
    `A ${settings.mood} ${genreWords[settings.genre]} piece at ${settings.tempo} BPM in ${settings.key.tonic} ${settings.key.mode}`,
    `featuring ${listed(settings.instruments.map(wordOf))}`,
  ].join(', ');
  const parts = [
    settings.prompt.replace(/[.\s]+$/, ''),
    described,
    `Structure: ${settings.structure.map(wordOf).join(', ')}`,
    settings.instrumental ? 'Instrumental only, no vocals' : '',
  ].filter((part) => part !== '');
  return `${parts.join('. ')}.`;
}

/** Sections don't all weigh the same: an intro or outro is about half a verse. */
const sectionWeight = (name: MusicSection) => (name === 'intro' || name === 'outro' ? 0.5 : 1);

/** Where each section plays in a piece of `durationMs`, by weight, end to end. */
export function sectionsOver(structure: MusicSection[], durationMs: number): MusicPieceSection[] {
  const total = structure.reduce((sum, name) => sum + sectionWeight(name), 0);
  let start = 0;
  let weight = 0;
  return structure.map((name, index) => {
    weight += sectionWeight(name);
    const end =
      index === structure.length - 1 ? durationMs : Math.round((durationMs * weight) / total);
    const section = { name, startMs: start, endMs: end };
    start = end;
    return section;
  });
}
