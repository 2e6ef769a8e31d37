import {
  MUSIC_DURATION_MAX_SECONDS,
  MUSIC_DURATION_MIN_SECONDS,
  MUSIC_INSTRUMENTS_MAX,
  MUSIC_TEMPO_MAX,
  MUSIC_TEMPO_MIN,
  type MusicGenre,
  type MusicInstrument,
  type MusicKey,
  type MusicMood,
  type MusicSettings,
  musicSettings,
  type MusicTonic,
} from '@studio/contracts';

/**
 * The keyword reader: words about a piece, in English or Vietnamese, turned into the composer's
 * settings when no model could (none configured, or its answer did not fit the settings). It
 * reads what a person names outright: a genre, a mood, a tempo ("120 bpm", "fast", "chậm"), a
 * key ("A minor", "Rê thứ"), instruments and a length ("90 seconds", "2 phút", "1:30"); the
 * rest is left to the composer.
 */

/** Words in a list, each matched whole (not inside a longer word), case and accents as typed. */
type Lexicon<Value> = readonly (readonly [Value, readonly string[]])[];

const genres: Lexicon<MusicGenre> = [
  ['lofi', ['lofi', 'lo-fi', 'lo fi', 'chillhop']],
  ['hip-hop', ['hip hop', 'hip-hop', 'hiphop', 'rap', 'trap', 'boom bap']],
  ['jazz', ['jazz', 'swing', 'bossa nova', 'bebop', 'blues']],
  ['classical', ['classical', 'orchestral', 'baroque', 'symphony', 'cổ điển', 'giao hưởng']],
  [
    'electronic',
    ['electronic', 'edm', 'techno', 'house', 'synthwave', 'trance', 'điện tử', 'nhạc điện tử'],
  ],
  ['ambient', ['ambient', 'meditation', 'drone', 'thiền', 'nhạc nền']],
  ['folk', ['folk', 'acoustic', 'country', 'dân gian', 'dân ca', 'nhạc dân tộc', 'mộc']],
  [
    'cinematic',
    ['cinematic', 'film score', 'soundtrack', 'trailer', 'movie', 'nhạc phim', 'điện ảnh'],
  ],
  ['rock', ['rock', 'metal', 'punk', 'grunge', 'nhạc rock']],
  ['pop', ['pop', 'nhạc pop', 'nhạc trẻ', 'ballad']],
];

const moods: Lexicon<MusicMood> = [
  ['sad', ['sad', 'melancholy', 'melancholic', 'sorrowful', 'heartbreak', 'buồn', 'u buồn', 'sầu']],
  [
    'happy',
    [
      'happy',
      'joyful',
      'cheerful',
      'upbeat',
      'bright',
      'fun',
      'vui',
      'vui vẻ',
      'tươi sáng',
      'rộn ràng',
    ],
  ],
  [
    'calm',
    [
      'calm',
      'relaxing',
      'relaxed',
      'peaceful',
      'gentle',
      'soft',
      'chill',
      'bình yên',
      'nhẹ nhàng',
      'thư giãn',
      'êm dịu',
      'yên bình',
    ],
  ],
  [
    'energetic',
    [
      'energetic',
      'powerful',
      'intense',
      'driving',
      'hype',
      'sôi động',
      'mạnh mẽ',
      'năng động',
      'cuồng nhiệt',
    ],
  ],
  ['dreamy', ['dreamy', 'ethereal', 'floaty', 'hazy', 'mơ màng', 'huyền ảo', 'mộng mơ']],
  [
    'tense',
    [
      'tense',
      'dark',
      'suspense',
      'suspenseful',
      'scary',
      'ominous',
      'căng thẳng',
      'u ám',
      'hồi hộp',
      'rùng rợn',
    ],
  ],
  ['romantic', ['romantic', 'love', 'tender', 'lãng mạn', 'tình yêu', 'ngọt ngào']],
  ['epic', ['epic', 'heroic', 'grand', 'triumphant', 'hùng tráng', 'hoành tráng', 'sử thi']],
];

const instruments: Lexicon<MusicInstrument> = [
  ['electric-piano', ['electric piano', 'rhodes', 'e-piano', 'piano điện']],
  ['piano', ['grand piano', 'đàn piano', 'dương cầm', 'piano']],
  ['organ', ['organ', 'đàn organ', 'phong cầm']],
  ['electric-guitar', ['electric guitar', 'guitar điện', 'ghi-ta điện', 'ghita điện']],
  ['bass', ['bass guitar', 'double bass', 'đàn bass', 'bass điện', 'bass']],
  ['acoustic-guitar', ['acoustic guitar', 'guitar', 'ghi-ta', 'ghita', 'tây ban cầm']],
  [
    'strings',
    ['strings', 'string', 'violin', 'violins', 'cello', 'viola', 'đàn dây', 'vĩ cầm', 'violon'],
  ],
  ['choir', ['choir', 'voices', 'hợp xướng', 'dàn hợp xướng']],
  ['brass', ['brass', 'trumpet', 'trombone', 'horns', 'horn', 'kèn đồng', 'kèn trumpet']],
  ['saxophone', ['saxophone', 'sax', 'kèn saxophone', 'kèn sax']],
  ['flute', ['flute', 'sáo trúc', 'sáo']],
  ['synth-pad', ['synth pad', 'pad synth', 'pads', 'pad']],
  ['synth-lead', ['synth lead', 'lead synth', 'synth']],
  ['drums', ['drums', 'drum', 'percussion', 'beat', 'beats', 'trống', 'bộ gõ']],
];

/** Tonic names as written in English (C, F#, Bb) and in Vietnamese solfège (Đô, Rê thăng…). */
const tonicWords: Record<string, MusicTonic> = {
  c: 'C',
  'c#': 'C#',
  db: 'C#',
  d: 'D',
  'd#': 'Eb',
  eb: 'Eb',
  e: 'E',
  f: 'F',
  'f#': 'F#',
  gb: 'F#',
  g: 'G',
  'g#': 'Ab',
  ab: 'Ab',
  a: 'A',
  'a#': 'Bb',
  bb: 'Bb',
  b: 'B',
  đô: 'C',
  'đô thăng': 'C#',
  rê: 'D',
  'rê giáng': 'C#',
  'mi giáng': 'Eb',
  'rê thăng': 'Eb',
  mi: 'E',
  fa: 'F',
  'fa thăng': 'F#',
  son: 'G',
  sol: 'G',
  'la giáng': 'Ab',
  'son thăng': 'Ab',
  'sol thăng': 'Ab',
  la: 'A',
  'si giáng': 'Bb',
  'la thăng': 'Bb',
  si: 'B',
};

/** A letter or a digit: what a matched word may not touch on either side. */
const wordEdge = '[\\p{L}\\p{N}]';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Where each value of the lexicon is first named in the text, earliest first. Values are tried
 * in the lexicon's order and the words they matched are blanked out, so a longer name listed
 * first ("electric guitar", "bass guitar") is not read again as a shorter one ("guitar").
 */
function mentions<Value>(text: string, lexicon: Lexicon<Value>): { value: Value; at: number }[] {
  let rest = text;
  const found: { value: Value; at: number }[] = [];
  for (const [value, words] of lexicon) {
    let first = Infinity;
    for (const word of words) {
      const pattern = new RegExp(`(?<!${wordEdge})${escape(word)}(?!${wordEdge})`, 'giu');
      for (const match of rest.matchAll(pattern)) first = Math.min(first, match.index);
      rest = rest.replace(pattern, (matched) => ' '.repeat(matched.length));
    }
    if (first < Infinity) found.push({ value, at: first });
  }
  return found.sort((a, b) => a.at - b.at);
}

function readTempo(text: string): number | null {
  const bpm = /(\d{2,3})\s*(?:bpm|nhịp\s*\/\s*phút|nhịp mỗi phút|beats per minute)/iu.exec(text);
  if (bpm) {
    const tempo = Number(bpm[1]);
    return Math.min(MUSIC_TEMPO_MAX, Math.max(MUSIC_TEMPO_MIN, tempo));
  }
  const words: Lexicon<number> = [
    [160, ['very fast', 'rất nhanh', 'dồn dập']],
    [130, ['fast', 'quick', 'uptempo', 'nhanh']],
    [70, ['slow', 'slowly', 'chậm', 'chậm rãi', 'khoan thai']],
  ];
  return mentions(text, words)[0]?.value ?? null;
}

function readKey(text: string): MusicKey | null {
  const english =
    /(?<![\p{L}\p{N}])([A-G])\s*(#|♯|b|♭|sharp|flat)?\s*(major|minor|maj|min)(?![\p{L}])/iu.exec(
      text,
    );
  if (english) {
    const [, letter = '', accidental = '', mode = ''] = english;
    const sign = /^(#|♯|sharp)$/i.test(accidental)
      ? '#'
      : /^(b|♭|flat)$/i.test(accidental)
        ? 'b'
        : '';
    const tonic = tonicWords[`${letter.toLowerCase()}${sign}`];
    if (tonic) return { tonic, mode: /^min/i.test(mode) ? 'minor' : 'major' };
  }
  const vietnamese =
    /(?<![\p{L}\p{N}])(đô|rê|mi|fa|son|sol|la|si)(\s+(?:thăng|giáng))?\s+(trưởng|thứ)(?![\p{L}])/iu.exec(
      text,
    );
  if (vietnamese) {
    const [, name = '', accidental = '', mode = ''] = vietnamese;
    const tonic =
      tonicWords[`${name.toLowerCase()}${accidental.toLowerCase().replace(/\s+/g, ' ')}`];
    if (tonic) return { tonic, mode: mode.toLowerCase() === 'thứ' ? 'minor' : 'major' };
  }
  return null;
}

function readDuration(text: string): number | null {
  const clock = /(?<![\p{N}:])(\d{1,2}):([0-5]\d)(?![\p{N}:])/u.exec(text);
  let seconds: number | null = null;
  if (clock) seconds = Number(clock[1]) * 60 + Number(clock[2]);
  const minutes = /(\d+(?:[.,]\d+)?)\s*(?:minutes?|mins?|phút)(?![\p{L}])/iu.exec(text);
  const plainSeconds = /(\d+)\s*(?:seconds?|secs?|giây)(?![\p{L}])/iu.exec(text);
  if (seconds === null && minutes) {
    seconds = Math.round(Number(minutes[1]?.replace(',', '.')) * 60);
    const extra =
      /(?:minutes?|mins?|phút)\s*(?:and\s+|và\s+)?(\d+)\s*(?:seconds?|secs?|giây)/iu.exec(text);
    if (extra) seconds += Number(extra[1]);
  }
  if (seconds === null && plainSeconds) seconds = Number(plainSeconds[1]);
  if (seconds === null || !Number.isFinite(seconds)) return null;
  return Math.min(MUSIC_DURATION_MAX_SECONDS, Math.max(MUSIC_DURATION_MIN_SECONDS, seconds));
}

/** The settings the words name outright; the words themselves are the prompt. */
export function readMusicKeywords(words: string): MusicSettings {
  const text = words.normalize('NFC');
  const instrumentsNamed = mentions(text, instruments)
    .map((mention) => mention.value)
    .slice(0, MUSIC_INSTRUMENTS_MAX);
  const duration = readDuration(text);
  return musicSettings.parse({
    prompt: text.trim(),
    genre: mentions(text, genres)[0]?.value ?? 'pop',
    mood: mentions(text, moods)[0]?.value ?? null,
    tempo: readTempo(text),
    key: readKey(text),
    instruments: instrumentsNamed,
    ...(duration === null ? {} : { durationSeconds: duration }),
  });
}
