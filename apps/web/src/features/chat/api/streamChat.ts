import type { ChatSendRequest, ChatStreamEvent } from '@studio/contracts';
import { chatReplyEndings } from '@studio/contracts/chatOptions';
import { serverMessage } from '../../../lib/api/errorText';
import { streamEvents } from '../../../lib/api/eventStream';
import { apiSettings, type ApiSettings } from '../../../lib/api/settings';
import { pause } from '../../../lib/stream/pause';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';
import { ChatHttpError, quotaFromBody } from './errors';
import { followReply, REPLY_IDLE_MS } from './followReply';

/**
 * How long a reply whose connection broke waits before each new try to follow it again: the
 * server writes it meanwhile, so nothing is lost by waiting, and a restarting instance or a
 * network coming back gets a few seconds. After the last, the stream ends without its last word.
 */
export const RESUME_DELAYS_MS = [250, 1000, 2000, 4000] as const;

const isEnding = (event: ChatStreamEvent) =>
  (chatReplyEndings as readonly string[]).includes(event.type);

/**
 * A reply's events from after `after` to its last, through every break of the connection: each
 * time the connection ends before the last event (a lost network, an instance going away), it
 * follows again from the last event it had (GET /api/chat/replies/{id}/events, on whichever
 * instance answers), so no text is repeated or lost. Gives up (the stream ends without its last
 * word, or with the refusal) once RESUME_DELAYS_MS are spent, or at once when the reply is gone.
 */
export async function* resumeReply(
  id: string,
  after: number,
  signal?: AbortSignal,
  settings: ApiSettings = apiSettings,
  follow: typeof followReply = followReply,
): AsyncGenerator<ChatStreamEvent> {
  let last = after;
  for (let attempt = 0; ; attempt += 1) {
    let failure: unknown = null;
    try {
      for await (const event of follow(id, last, signal, (n) => (last = n), settings)) {
        yield event;
        if (isEnding(event)) return;
      }
    } catch (error) {
      // The reply is not (or no longer) there: asking again will not change that.
      if (signal?.aborted || (error instanceof ChatHttpError && error.status < 500)) throw error;
      failure = error;
    }
    const delay = RESUME_DELAYS_MS[attempt];
    if (delay === undefined) {
      if (failure !== null) throw failure;
      return;
    }
    await pause(delay, signal);
  }
}

/**
 * §7 POST /api/chat/stream: the reply as it is written, one event at a time (start, queue*,
 * delta* with speech* among them, then done, stopped or error). The server writes the reply
 * whoever is connected: if the connection breaks after `start`, the stream goes on through
 * resumeReply from the last event it had. Aborting `signal` closes the connection only; the
 * reply stops when asked to (stopReply). Before the stream starts, a failure rejects:
 * ChatQuotaError for a 429 quota body, else ChatHttpError with the server's words (§8's chat
 * text is the exception's own message, so a failed connection rejects with the browser's error
 * as it is); a 401 ends the session as the API clients do.
 */
export async function* streamChat(
  request: ChatSendRequest,
  signal?: AbortSignal,
  settings: ApiSettings = apiSettings,
): AsyncGenerator<ChatStreamEvent> {
  const { chatSendRequest, chatStreamEvents } = await import('./schemas');
  let replyId: string | null = null;
  let last = 0;
  try {
    for await (const event of streamEvents({
      path: '/api/chat/stream',
      method: 'POST',
      json: chatSendRequest.parse(request),
      headers: visitorHeaders(settings.store),
      schemas: chatStreamEvents,
      signal,
      settings,
      onEventId: (id) => (last = Number(id)),
      idleMs: REPLY_IDLE_MS,
      failures: {
        network: (error) => error,
        refused: async (status, answer) =>
          (status === 429 ? await quotaFromBody(answer) : null) ??
          new ChatHttpError(status, serverMessage(answer)),
      },
    })) {
      if (event.type === 'start') replyId = event.data.assistantMessageId;
      yield event;
      if (isEnding(event)) return;
    }
  } catch (error) {
    // Before the reply started nothing is written: the failure is the answer.
    if (signal?.aborted || replyId === null) throw error;
  }
  if (replyId === null) return;
  yield* resumeReply(replyId, last, signal, settings);
}
