import type {
  ChatSendRequest,
  ChatStreamEvent,
  ChatStreamEventType,
  chatStreamEvents,
} from '@studio/contracts';
import { apiHeaders, handleUnauthorized } from '../../../lib/api/clients';
import { serverMessage } from '../../../lib/api/errorText';
import { apiSettings, type ApiSettings } from '../../../lib/api/settings';
import { ChatHttpError, quotaFromBody } from './errors';
import { readSseFrames, type SseFrame } from '../../../lib/stream/sse';

const STREAM_PATH = '/api/chat/stream';

function toEvent(frame: SseFrame, schemas: typeof chatStreamEvents): ChatStreamEvent | null {
  if (!(frame.event in schemas)) return null;
  const type = frame.event as ChatStreamEventType;
  const data = schemas[type].parse(JSON.parse(frame.data));
  // The schema for `type` produced `data`: the pair is one member of the union.
  return { type, data } as ChatStreamEvent;
}

/**
 * §7 POST /api/chat/stream: the reply as it is written, one event at a time (start, queue*, delta*,
 * audio?, done | error). Aborting `signal` closes the connection, which stops the provider.
 * Before the stream starts, a failure rejects: ChatQuotaError for a 429 quota body, else
 * ChatHttpError with the server's words; a 401 ends the session as the API clients do.
 */
export async function* streamChat(
  request: ChatSendRequest,
  signal?: AbortSignal,
  settings: ApiSettings = apiSettings,
): AsyncGenerator<ChatStreamEvent> {
  const { chatSendRequest, chatStreamEvents } = await import('./schemas');
  const body = chatSendRequest.parse(request);
  const url = new URL(`${await settings.baseUrl()}${STREAM_PATH}`, window.location.href);
  // What the API clients send (clients.ts), for a call they do not make: a streamed answer.
  const headers = await apiHeaders(settings, url);
  headers.set('Accept', 'text/event-stream');
  headers.set('Content-Type', 'application/json');
  const response = await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    credentials: 'include',
    signal,
  });
  if (!response.ok || !response.body) {
    const answer: unknown = await response
      .clone()
      .json()
      .catch(() => response.text().catch(() => null));
    if (response.status === 401) handleUnauthorized(settings, url.pathname);
    if (response.status === 429) {
      const quota = await quotaFromBody(answer);
      if (quota) throw quota;
    }
    throw new ChatHttpError(response.status, serverMessage(answer));
  }
  for await (const frame of readSseFrames(response.body, signal)) {
    const event = toEvent(frame, chatStreamEvents);
    if (event) yield event;
  }
}
