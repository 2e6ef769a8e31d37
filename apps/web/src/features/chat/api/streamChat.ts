import type { ChatSendRequest, ChatStreamEvent } from '@studio/contracts';
import { serverMessage } from '../../../lib/api/errorText';
import { streamEvents } from '../../../lib/api/eventStream';
import { apiSettings, type ApiSettings } from '../../../lib/api/settings';
import { ChatHttpError, quotaFromBody } from './errors';

/**
 * §7 POST /api/chat/stream: the reply as it is written, one event at a time (start, queue*, delta*,
 * audio?, done | error). Aborting `signal` closes the connection, which stops the provider.
 * Before the stream starts, a failure rejects: ChatQuotaError for a 429 quota body, else
 * ChatHttpError with the server's words (§8's chat text is the exception's own message, so a
 * failed connection rejects with the browser's error as it is); a 401 ends the session as the
 * API clients do.
 */
export async function* streamChat(
  request: ChatSendRequest,
  signal?: AbortSignal,
  settings: ApiSettings = apiSettings,
): AsyncGenerator<ChatStreamEvent> {
  const { chatSendRequest, chatStreamEvents } = await import('./schemas');
  yield* streamEvents({
    path: '/api/chat/stream',
    method: 'POST',
    json: chatSendRequest.parse(request),
    schemas: chatStreamEvents,
    signal,
    settings,
    failures: {
      network: (error) => error,
      refused: async (status, answer) =>
        (status === 429 ? await quotaFromBody(answer) : null) ??
        new ChatHttpError(status, serverMessage(answer)),
    },
  });
}
