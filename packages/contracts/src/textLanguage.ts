import type { VoiceLanguage } from './voiceOptions.ts';

// Its own module, not voiceOptions: the visitor's first load carries voiceOptions (the chat's
// voice schema), and this rule is needed only on the voice page and the API.

/**
 * Letters only Vietnamese uses of the two languages the voices speak: đ, the breve, circumflex and
 * horn vowels, and the vowels with a tone mark, precomposed (the text is composed first).
 */
const vietnameseLetters =
  /[đăâêôơưàáảãạằắẳẵặầấẩẫậèéẻẽẹềếểễệìíỉĩịòóỏõọồốổỗộờớởỡợùúủũụừứửữựỳýỷỹỵ]/giu;
const letters = /\p{L}/gu;

/**
 * The language a text is written in, the same for the API and the page: Vietnamese when at least a
 * tenth of its letters are Vietnamese-only ones (Vietnamese prose runs at 20–30 %, while English
 * that borrows "phở" or "café" stays well under 10 %), else English; null when it has no letters.
 */
export function detectTextLanguage(text: string): VoiceLanguage | null {
  const composed = text.normalize('NFC');
  const total = composed.match(letters)?.length ?? 0;
  if (total === 0) return null;
  const vietnamese = composed.match(vietnameseLetters)?.length ?? 0;
  return vietnamese / total >= 0.1 ? 'vi' : 'en';
}
