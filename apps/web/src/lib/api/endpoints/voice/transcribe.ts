import {
  type TranscriptionLanguage,
  type TranscriptionResponse,
  transcriptionResponse,
} from '@studio/contracts';
import { cookieClient } from '../../clients';
import { visitorHeaders } from '../../../visitor/visitorHeaders';

/**
 * POST /api/voice/transcriptions: the recording (16 kHz mono WAV) and the language to hear.
 * Refusals reject with the server's words (400 silent or unreadable, 413 too long, 429 the day's
 * minutes are spent, 503 no engine).
 */
export async function transcribe(
  recording: Blob,
  language: TranscriptionLanguage,
  signal?: AbortSignal,
): Promise<TranscriptionResponse> {
  const form = new FormData();
  form.append('language', language);
  form.append('audio', recording, 'dictation.wav');
  const { data } = await cookieClient.post<unknown>('/api/voice/transcriptions', form, {
    signal,
    headers: visitorHeaders(),
  });
  return transcriptionResponse.parse(data);
}
