import type { ChatStreamEvent } from '@studio/contracts';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiSettings, type ApiSettings } from '../../../lib/api/settings';
import type { StreamOutcome } from '../../../lib/stream/useEventStream';
import { chatHandlers } from '../../../mocks/handlers/chat';
import { server } from '../../../test/server';
import { ChatHttpError, ChatQuotaError } from '../api/errors';
import { streamChat } from '../api/streamChat';
import { useReplyStream, type ChatReply } from './useReplyStream';

/** The app's API settings, on a page that is not public, with the redirect to login watched. */
function settings(): ApiSettings {
  return { ...apiSettings, currentPath: () => '/home', redirectToLogin: vi.fn() };
}

/** The chat's reply stream against the MSW chat handlers, started with one question. */
function startReply(api: ApiSettings = settings()) {
  const view = renderHook(() =>
    useReplyStream(() => (request, signal) => streamChat(request, signal, api)),
  );
  const events: ChatStreamEvent['type'][] = [];
  let ending: Promise<StreamOutcome<ChatReply>> = Promise.resolve({ status: 'busy' });
  act(() => {
    ending = view.result.current.start({ Message: 'Hi there', ModelId: 'gpt-4o-mini' }, (event) =>
      events.push(event.type),
    );
  });
  return { ...view, events, ending: () => ending };
}

describe('useReplyStream', () => {
  it('is sending until the server starts the reply, streaming while it is written, then idle', async () => {
    server.use(chatHandlers.streamSlow);
    const { result, events, ending } = startReply();
    expect(result.current.chatStatus).toBe('sending');
    expect(result.current.streamingId).toBeNull();

    await waitFor(() => expect(result.current.chatStatus).toBe('streaming'));
    const assistantId = result.current.result?.assistantId;
    expect(assistantId).toMatch(/^msg-assistant/);
    expect(result.current.streamingId).toBe(assistantId);
    expect(result.current.writingId()).toBe(assistantId);

    const outcome = await act(() => ending());
    expect(outcome).toEqual({
      status: 'done',
      result: { assistantId, queuePosition: null, end: { type: 'done' } },
    });
    expect(events[0]).toBe('start');
    expect(events.at(-1)).toBe('done');
    expect(events.filter((type) => type === 'delta').length).toBeGreaterThan(1);
    expect(result.current.chatStatus).toBe('idle');
    expect(result.current.streamingId).toBeNull();
    expect(result.current.writingId()).toBeNull();
  });

  it('shows the place in the local model’s line; a stop closes the stream and forgets it', async () => {
    server.use(chatHandlers.streamQueued);
    const { result, ending } = startReply();
    await waitFor(() => expect(result.current.queuePosition).toBe(2));
    expect(result.current.chatStatus).toBe('streaming');

    act(() => result.current.stop());
    const outcome = await act(() => ending());
    expect(outcome).toMatchObject({ status: 'stopped', result: { queuePosition: 2, end: null } });
    expect(result.current.status).toBe('stopped');
    expect(result.current.queuePosition).toBeNull();
    expect(result.current.chatStatus).toBe('idle');
  });

  it('fails with the error event the server sent, after the words written so far', async () => {
    server.use(chatHandlers.streamError);
    const { result, events, ending } = startReply();
    const outcome = await act(() => ending());
    expect(events).toEqual(['start', 'delta', 'delta', 'error']);
    expect(outcome.status).toBe('failed');
    const end = outcome.status === 'failed' ? outcome.result.end : null;
    expect(end).toMatchObject({
      type: 'error',
      error: { message: 'The model provider failed. Please try again.', code: 'provider' },
    });
    expect(outcome.status === 'failed' && outcome.error).toBe(end?.type === 'error' && end.error);
    expect(result.current.streamingId).toBeNull();
  });

  it('fails before any event with the quota the server refused with (429)', async () => {
    server.use(chatHandlers.streamQuota);
    const { result, events, ending } = startReply();
    const outcome = await act(() => ending());
    expect(events).toEqual([]);
    expect(outcome).toMatchObject({ status: 'failed', result: { assistantId: null } });
    const failure = outcome.status === 'failed' ? outcome.error : null;
    expect(failure).toBeInstanceOf(ChatQuotaError);
    expect(failure).toMatchObject({
      quota: { message: 'You have used all 20 free messages for today.' },
    });
    expect(result.current.error).toBe(failure);
  });

  it('ends the session on a 401, as the API clients do, and fails with the server’s words', async () => {
    server.use(
      http.post('*/api/chat/stream', () =>
        HttpResponse.json({ message: 'Unauthorized' }, { status: 401 }),
      ),
    );
    const api = settings();
    const { ending } = startReply(api);
    const outcome = await act(() => ending());
    const failure = outcome.status === 'failed' ? outcome.error : null;
    expect(failure).toBeInstanceOf(ChatHttpError);
    expect(failure).toMatchObject({ status: 401 });
    expect(api.redirectToLogin).toHaveBeenCalledWith('/home');
  });
});
