import type { ChatSendRequest, ChatStreamEvent } from '@studio/contracts';
import { useCallback } from 'react';
import {
  useEventStream,
  type EventStream,
  type EventStreamSource,
  type StreamSnapshot,
} from '../../../lib/stream/useEventStream';
import type { resumeReply, streamChat } from '../api/streamChat';

export type ChatStatus = 'idle' | 'sending' | 'streaming';

type ChatStreamError = Extract<ChatStreamEvent, { type: 'error' }>['data'];

/** Follow a reply already being written (after a reload, in a second tab), from its start. */
export interface ReplyFollow {
  FollowReplyId: string;
}

/** A question to send, or a reply to follow. */
export type ReplyRequest = ChatSendRequest | ReplyFollow;

export const isFollow = (request: ReplyRequest): request is ReplyFollow =>
  'FollowReplyId' in request;

/** What a reply's events said so far (its text grows in the message list, not here). */
export interface ChatReply {
  /** The assistant message the server started; null before its `start` event. */
  assistantId: string | null;
  /** The reply's place in the local model's line while it waits (1 = next). */
  queuePosition: number | null;
  /** The last word: done, stopped (from any tab), or the error the server sent; null until it came. */
  end: { type: 'done' } | { type: 'stopped' } | { type: 'error'; error: ChatStreamError } | null;
}

const noReply: ChatReply = { assistantId: null, queuePosition: null, end: null };

function reduceReply(reply: ChatReply, event: ChatStreamEvent): ChatReply {
  switch (event.type) {
    case 'start':
      return { ...reply, assistantId: event.data.assistantMessageId };
    case 'queue':
      return { ...reply, queuePosition: event.data.position };
    // The first words, or the last word: the reply left the line.
    case 'delta':
      return { ...reply, queuePosition: null };
    case 'done':
      return { ...reply, queuePosition: null, end: { type: 'done' } };
    case 'stopped':
      return { ...reply, queuePosition: null, end: { type: 'stopped' } };
    case 'error':
      return { ...reply, queuePosition: null, end: { type: 'error', error: event.data } };
    case 'speech':
      return reply;
  }
}

/** The assistant message being written: started, with no last word yet. */
function writing({ status, result }: StreamSnapshot<ChatReply>): string | null {
  return status === 'streaming' && result?.end === null ? result.assistantId : null;
}

export interface ReplyStream extends EventStream<ReplyRequest, ChatStreamEvent, ChatReply> {
  /** idle, sending (until the server starts the reply), then streaming until the stream ends. */
  chatStatus: ChatStatus;
  /** The assistant message being written, if any. */
  streamingId: string | null;
  /** The reply's place in the local model's line while it waits; null once it is written. */
  queuePosition: number | null;
  /** The assistant message being written now, for callbacks that run between renders. */
  writingId: () => string | null;
}

/**
 * The chat's reply as a followed event stream (lib/stream): §7 POST /api/chat/stream through
 * `stream`, or a reply being written followed through `follow` (the latest of each at each
 * start, so tests can swap them), with the reply's own view of its events.
 */
export function useReplyStream(
  stream: () => typeof streamChat,
  follow?: () => typeof resumeReply,
): ReplyStream {
  const source: EventStreamSource<ReplyRequest, ChatStreamEvent, ChatReply> = {
    open: (request, signal) => {
      if (!isFollow(request)) return stream()(request, signal);
      if (!follow) throw new Error('useReplyStream: no follow given');
      return follow()(request.FollowReplyId, 0, signal);
    },
    initial: noReply,
    reduce: reduceReply,
    ending: ({ end }) => {
      if (end === null) return null;
      return end.type === 'error' ? { failed: true, error: end.error } : { failed: false };
    },
  };
  const reply = useEventStream(source);
  const { current } = reply;
  const writingId = useCallback(() => writing(current()), [current]);
  const open = reply.status === 'streaming';
  return {
    ...reply,
    chatStatus: open ? (reply.result?.assistantId ? 'streaming' : 'sending') : 'idle',
    streamingId: writing(reply),
    queuePosition: open ? (reply.result?.queuePosition ?? null) : null,
    writingId,
  };
}
