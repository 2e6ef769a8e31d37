import type { VoiceFormat } from '@studio/contracts/voiceOptions';
import { fileSlug } from '../fileSlug';

/**
 * A clip's file name: its text's first words in plain ASCII, then its format
 * (`xin-chao-cac-ban.mp3`); a text with no letters or digits is `voice.<format>`.
 */
export function clipFileName(text: string, format: VoiceFormat): string {
  return `${fileSlug(text, 'voice')}.${format}`;
}
