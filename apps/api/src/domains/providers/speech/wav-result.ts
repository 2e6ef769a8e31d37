import type { AudioFormat } from '@studio/contracts';
import { encodeMp3 } from './mp3.ts';
import { mimeTypes, SpeechError, type SpeechResult } from './speech-engine.ts';
import { parseWav, WavFormatError } from './wav.ts';

/**
 * An embedded engine's WAV as the asked format: checked either way (so a broken engine never
 * reaches a player as "audio"), encoded to MP3 here when MP3 is wanted.
 */
export async function resultFromWav(
  wav: Buffer,
  format: AudioFormat,
  voice: string,
): Promise<SpeechResult> {
  try {
    if (format === 'wav') {
      parseWav(wav);
      return { audio: wav, mimeType: mimeTypes.wav, format: 'wav', voice };
    }
    return { audio: await encodeMp3(parseWav(wav)), mimeType: mimeTypes.mp3, format: 'mp3', voice };
  } catch (error) {
    if (error instanceof WavFormatError) {
      throw new SpeechError(
        `The speech engine returned audio that cannot be read (${error.message}).`,
      );
    }
    throw error;
  }
}
