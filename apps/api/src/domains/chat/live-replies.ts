import type { ChatMessage, ChatStreamEvent } from '@studio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveEntry, LiveLogs, LiveMeta } from '../../live/live-logs.ts';
import type { Caller } from '../callers/caller.ts';
import type { ChatRepository } from './chat.repository.ts';
import { toChatMessage } from './chat-messages.ts';
import { createDeltaFrames } from './delta-frames.ts';
import type { PreparedReply } from './reply-preparation.ts';
import { interruptedText, type ReplyService } from './reply.service.ts';

/** Who may follow and stop a reply: the user, or the visitor by their key (else their address). */
export function replyOwnerOf(caller: Caller): string {
  if (caller.kind === 'user') return `user:${caller.user.id}`;
  return caller.visitorId ?? `address:${caller.addressKey}`;
}

/** What another process needs to save a reply whose writer died, kept on its live log. */
interface ReplyMeta extends LiveMeta {
  kind: 'chat.reply';
  owner: string;
  conversationId: string;
  assistantMessageId: string;
  modelId: string;
  replacing: string;
}

const conversationTopic = (conversationId: string) => `chat.conversation:${conversationId}`;

/** The events of a reply's log as the stream's contract names them. */
export type ReplyEvent = ChatStreamEvent;

export const liveReplyTexts = {
  failed: 'Server error. Please try again later.',
} as const;

/**
 * Chat replies written apart from the connection that asked for them (live-logs.ts): a reply is
 * started on its live log and runs to its end whoever is connected; the stream that started it,
 * a reloaded page, a second tab or a follower on another instance all read the same log. Only a
 * stop (from any instance), the model's own end, a failure or the server's shutdown ends it.
 * A reply whose writer died is saved here by whichever process notices, as far as its log got,
 * as interrupted.
 */
export function createLiveReplies(deps: {
  logs: LiveLogs;
  replies: ReplyService;
  repository: ChatRepository;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const { logs, replies, repository } = deps;

  async function saveAbandoned(id: string, meta: LiveMeta, entries: readonly LiveEntry[]) {
    const text = entries
      .filter((entry) => entry.type === 'delta')
      .map((entry) => (entry.data as { text: string }).text)
      .join('');
    const reply = meta as ReplyMeta;
    let partial: ChatMessage | null = null;
    if (text.length > 0) {
      const message = {
        id,
        role: 'assistant' as const,
        content: text,
        modelId: reply.modelId || null,
        imageUrls: [],
        status: 'interrupted' as const,
      };
      partial = { ...message, createdAt: deps.now().toISOString() };
      if (reply.conversationId) {
        try {
          partial = toChatMessage(
            await repository.storeReply(
              reply.conversationId,
              message,
              deps.now(),
              reply.replacing || null,
            ),
          );
        } catch (error) {
          // Deleted meanwhile (or stored already): the followers still get the text they saw.
          deps.log.warn({ err: error, reply: id }, 'an interrupted reply could not be saved');
        }
      }
    }
    return {
      type: 'error',
      data: { message: interruptedText, code: 'interrupted', partial },
    } satisfies { type: 'error'; data: Extract<ReplyEvent, { type: 'error' }>['data'] };
  }
  logs.onAbandoned(async (id, meta, entries) => {
    if (meta['kind'] !== 'chat.reply') {
      return {
        type: 'error',
        data: { message: interruptedText, code: 'interrupted', partial: null },
      };
    }
    return saveAbandoned(id, meta, entries);
  });

  return {
    /**
     * Starts writing a prepared reply to its live log (its id is the assistant message's) and
     * returns once the log exists, with its `start` event; the reply runs on by itself.
     * `onFirstDelta` hears the first words (the time-to-first-token metric).
     */
    async start(
      prepared: PreparedReply,
      owner: string,
      onFirstDelta: () => void = () => {},
    ): Promise<void> {
      const id = prepared.assistantMessageId;
      const conversationId = prepared.conversation?.id ?? '';
      const meta: ReplyMeta = {
        kind: 'chat.reply',
        owner,
        conversationId,
        assistantMessageId: id,
        modelId: prepared.modelId,
        replacing: prepared.replacing ?? '',
      };
      const run = await logs.start(
        id,
        meta,
        conversationId ? conversationTopic(conversationId) : null,
      );
      const append = <K extends ReplyEvent['type']>(
        type: K,
        data: Extract<ReplyEvent, { type: K }>['data'],
      ) => run.append(type, data);
      append('start', {
        conversationId: prepared.conversation?.id ?? null,
        userMessage: prepared.userMessage,
        assistantMessageId: id,
        modelId: prepared.modelId,
      });
      let first = true;
      const deltas = createDeltaFrames((text) => append('delta', { text }));
      // Any other event goes after the words written before it, never ahead of them.
      const finish = (event: Extract<ReplyEvent, { type: 'done' | 'stopped' | 'error' }>) => {
        deltas.flush();
        return run.finish(event.type, event.data);
      };
      void replies
        .run(
          prepared,
          (text) => {
            if (first) {
              first = false;
              onFirstDelta();
            }
            deltas.push(text);
          },
          run.signal,
          (position) => {
            deltas.flush();
            append('queue', { position });
          },
          (part) => {
            deltas.flush();
            append('speech', part);
          },
        )
        .then((outcome) => {
          switch (outcome.kind) {
            case 'complete':
              return finish({
                type: 'done',
                data: { message: outcome.message, title: outcome.title },
              });
            case 'stopped':
              return finish({ type: 'stopped', data: { message: outcome.message } });
            case 'interrupted':
              return finish({
                type: 'error',
                data: { message: interruptedText, code: 'interrupted', partial: outcome.message },
              });
            case 'failed':
              return finish({
                type: 'error',
                data: { ...outcome.error.body, code: outcome.error.code, partial: outcome.partial },
              });
          }
        })
        .catch((error: unknown) => {
          deps.log.error({ err: error, reply: id }, 'chat reply failed');
          return finish({ type: 'error', data: { message: liveReplyTexts.failed, partial: null } });
        });
    },

    /** The reply's owner (replyOwnerOf), or null when there is no such reply (or any longer). */
    async ownerOf(id: string): Promise<string | null> {
      const meta = await logs.meta(id);
      return meta?.['kind'] === 'chat.reply' ? (meta['owner'] ?? null) : null;
    },

    /** The reply's events after `after` (0: all), then live, to its last. */
    follow: (id: string, after: number, signal: AbortSignal) => logs.follow(id, after, signal),

    /** Stops the reply wherever it is written; false when it had ended already. */
    stop: (id: string) => logs.stop(id),

    /** The reply being written in a conversation now, if any. */
    runningIn: (conversationId: string) => logs.runningIn(conversationTopic(conversationId)),

    /** Saves the replies whose writer died (the sweep job). */
    sweep: () => logs.sweep(),
  };
}

export type LiveReplies = ReturnType<typeof createLiveReplies>;
