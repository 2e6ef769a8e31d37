import type { ChatStreamEvent } from '@studio/contracts';
import { serverMessage } from '../../../lib/api/errorText';
import { SILENT_STREAM_MS, streamEvents } from '../../../lib/api/eventStream';
import { apiSettings, type ApiSettings } from '../../../lib/api/settings';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';
import { ChatHttpError } from './errors';

/** A reply's stream silent this long is taken for dead, and the reply followed again. */
export const REPLY_IDLE_MS = SILENT_STREAM_MS;

/**
 * GET /api/chat/replies/{id}/events: a reply being written (or just written), from after the
 * event numbered `after` (0: from its start), then live to its last event, from whichever
 * instance answers. `onEventId` hears each event's number. A reply that is not the caller's, or
 * ended more than ten minutes ago, is refused (ChatHttpError 404); a failed connection rejects
 * with the browser's error.
 */
export async function* followReply(
  id: string,
  after: number,
  signal?: AbortSignal,
  onEventId?: (id: number) => void,
  settings: ApiSettings = apiSettings,
): AsyncGenerator<ChatStreamEvent> {
  const { chatStreamEvents } = await import('./schemas');
  yield* streamEvents({
    path: `/api/chat/replies/${encodeURIComponent(id)}/events`,
    headers: {
      ...visitorHeaders(settings.store),
      ...(after > 0 ? { 'Last-Event-ID': String(after) } : {}),
    },
    schemas: chatStreamEvents,
    signal,
    settings,
    idleMs: REPLY_IDLE_MS,
    ...(onEventId ? { onEventId: (value: string) => onEventId(Number(value)) } : {}),
    failures: {
      network: (error) => error,
      refused: (status, answer) => new ChatHttpError(status, serverMessage(answer)),
    },
  });
}
