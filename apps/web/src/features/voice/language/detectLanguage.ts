import type { VoiceLanguage } from '@studio/contracts/voiceOptions';

/**
 * Letters only Vietnamese uses of the two languages the voices speak: đ, the breve, circumflex and
 * horn vowels, and the vowels with a tone mark, precomposed (the text is composed first).
 */
const vietnameseLetters =
  /[đăâêôơưàáảãạằắẳẵặầấẩẫậèéẻẽẹềếểễệìíỉĩịòóỏõọồốổỗộờớởỡợùúủũụừứửữựỳýỷỹỵ]/giu;
const letters = /\p{L}/gu;

/**
 * The language a text is written in, as the API decides when none is given: Vietnamese when at
 * least a tenth of its letters are Vietnamese-only ones (Vietnamese prose runs at 20–30 %, while
 * English that borrows "phở" or "café" stays well under 10 %), else English; null when it has no
 * letters yet (the page then keeps the interface's language).
 */
export function detectTextLanguage(text: string): VoiceLanguage | null {
  const composed = text.normalize('NFC');
  const total = composed.match(letters)?.length ?? 0;
  if (total === 0) return null;
  const vietnamese = composed.match(vietnameseLetters)?.length ?? 0;
  return vietnamese / total >= 0.1 ? 'vi' : 'en';
}
