export type SpeechLanguage = 'en' | 'vi';

/**
 * Letters only Vietnamese uses among the two languages we speak: đ, the horn and breve vowels,
 * and vowels with the tone marks (acute, grave, hook above, tilde, dot below) in precomposed form.
 */
const vietnameseLetters =
  /[đĐăĂâÂêÊôÔơƠưƯàáảãạằắẳẵặầấẩẫậèéẻẽẹềếểễệìíỉĩịòóỏõọồốổỗộờớởỡợùúủũụừứửữựỳýỷỹỵÀÁẢÃẠẰẮẲẴẶẦẤẨẪẬÈÉẺẼẸỀẾỂỄỆÌÍỈĨỊÒÓỎÕỌỒỐỔỖỘỜỚỞỠỢÙÚỦŨỤỪỨỬỮỰỲÝỶỸỴ]/gu;

/**
 * Vietnamese when at least a tenth of the letters are Vietnamese-only letters, else English.
 * Vietnamese prose runs at 20–30 % (nearly every word carries a mark), while an English reply
 * that borrows a word or two ("phở", "café") stays well under 10 %.
 */
export function detectLanguage(text: string): SpeechLanguage {
  // Decomposed input (e + combining marks) is composed first so the letter class sees it.
  const normalized = text.normalize('NFC');
  const vietnamese = normalized.match(vietnameseLetters)?.length ?? 0;
  if (vietnamese === 0) return 'en';
  const letters = normalized.match(/\p{L}/gu)?.length ?? 0;
  return vietnamese / letters >= 0.1 ? 'vi' : 'en';
}
