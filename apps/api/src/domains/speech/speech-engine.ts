import type { Voice } from '@studio/contracts';
import { detectLanguage } from './language.ts';
import { SpeechError, type SpeechRequest, type SpeechService } from './speech-service.ts';

/** One way of speaking (eSpeak NG, an OpenAI-compatible service): a SpeechService that can be shut. */
export interface SpeechEngine extends SpeechService {
  /** Stops work in progress (queued and running requests reject) and frees what the engine holds. */
  close(): Promise<void>;
}

/** The request's voice when the engine has it; else the default for the (detected) language. */
export function chooseVoice(
  voices: readonly Voice[],
  defaults: Record<string, string>,
  request: Pick<SpeechRequest, 'voice' | 'language' | 'text'>,
): string {
  if (request.voice) {
    if (!voices.some((voice) => voice.id === request.voice)) {
      throw new SpeechError(
        `There is no voice "${request.voice}"; choose one of the listed voices.`,
      );
    }
    return request.voice;
  }
  const language = request.language ?? detectLanguage(request.text);
  const voice = defaults[language] ?? Object.values(defaults)[0];
  if (!voice) throw new SpeechError('Spoken replies have no voice configured.');
  return voice;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

export const mimeTypes = { mp3: 'audio/mpeg', wav: 'audio/wav' } as const;
