import { type DictationStatus, dictationStatus } from '@studio/contracts';
import { cookieClient } from '../../clients';
import { visitorHeaders } from '../../../visitor/visitorHeaders';

/** GET /api/voice/dictation: whether dictation works here, by what, and the caller's seconds left. */
export async function getDictationStatus(signal?: AbortSignal): Promise<DictationStatus> {
  const { data } = await cookieClient.get<unknown>('/api/voice/dictation', {
    signal,
    headers: visitorHeaders(),
  });
  return dictationStatus.parse(data);
}
