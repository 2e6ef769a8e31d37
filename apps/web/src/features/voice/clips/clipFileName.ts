import type { VoiceFormat } from '@studio/contracts/voiceOptions';

const MAX_WORDS = 6;
const MAX_SLUG_LENGTH = 40;

/**
 * A clip's file name: its text's first words in plain ASCII, then its format
 * (`xin-chao-cac-ban.mp3`). Vietnamese letters lose their marks (đ becomes d) so the name reads
 * everywhere; a text with no letters or digits is `voice.<format>`.
 */
export function clipFileName(text: string, format: VoiceFormat): string {
  const words = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > MAX_SLUG_LENGTH) {
      // A single long first word is cut; otherwise the name stops at the last whole word.
      if (!slug) slug = word.slice(0, MAX_SLUG_LENGTH);
      break;
    }
    slug = next;
  }
  return `${slug || 'voice'}.${format}`;
}
