import type { ChatMessage, SpokenReply, SpokenSentencePart } from '@studio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import {
  describeProviderFailure,
  logProviderFailure,
  queuePositionOf,
  SpeechError,
} from '../providers/index.ts';
import type { ChatRepository } from './chat.repository.ts';
import type { ChatDependencies } from './chat-dependencies.ts';
import type { ChatProviderError } from '../models/reply-errors.ts';
import { toChatMessage } from './chat-messages.ts';
import { streamReply } from '../models/model-stream.ts';
import { withDeadline } from '../models/deadline.ts';
import { toChatProviderError } from '../models/reply-failure.ts';
import { createSentenceSpeaker } from '../speech/sentence-speaker.ts';
import type { Quota } from '../usage/message-quota.ts';
import { createReplyPreparation, type PreparedReply } from './reply-preparation.ts';
import { generateTitle } from './titles.ts';

export type ReplyOutcome =
  | { kind: 'complete'; message: ChatMessage; title: string | null; audio: SpokenReply | null }
  | { kind: 'stopped'; message: ChatMessage | null }
  /** Cut off by the server (its shutdown, or another process took it for dead). */
  | { kind: 'interrupted'; message: ChatMessage | null }
  | { kind: 'failed'; error: ChatProviderError; partial: ChatMessage | null };

/** Why a reply's signal aborted when it was not the person's stop: the server cut it off. */
const serverAbortReasons: ReadonlySet<unknown> = new Set(['shutdown', 'abandoned']);

export const interruptedText =
  'The reply was interrupted because the server restarted. What it wrote is kept; regenerate it for a whole answer.';

const isLocal = (model: PreparedReply['model']) =>
  typeof model === 'object' && model.provider === 'local';

/**
 * Sending a message, for the JSON route and the stream alike: `prepare` checks the request,
 * counts it against the quota and stores the user's side (reply-preparation.ts); `run` asks the
 * model, streaming each piece to `onDelta`, and stores the reply only once it has content
 * (complete, stopped part-way or failed part-way), so a failed reply never leaves an empty or
 * half-written row.
 */
export function createReplyService(deps: {
  repository: ChatRepository;
  quota: Quota;
  services: ChatDependencies;
  /** The total cap of one reply. */
  timeoutMs: number;
  /** The longest silence between two pieces of a reply (null: none). */
  idleTimeoutMs: number | null;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const { repository } = deps;
  const preparation = createReplyPreparation(deps);

  async function speak(prepared: PreparedReply, text: string, signal: AbortSignal) {
    if (!prepared.audio) return null;
    try {
      const spoken = await deps.services.speech().synthesize(
        {
          text,
          language: null,
          voice: prepared.audio.voice,
          format: prepared.audio.format,
          speed: prepared.audio.speed,
          pitch: prepared.audio.pitch,
        },
        signal,
      );
      return {
        format: spoken.format,
        mimeType: spoken.mimeType,
        data: spoken.audio.toString('base64'),
        voice: spoken.voice,
      };
    } catch (error) {
      // The text is the answer; a reply without its audio beats no reply (the client sees audio null).
      logSpeechFailure(error);
      return null;
    }
  }

  function logSpeechFailure(error: unknown): void {
    logProviderFailure(deps.log, {
      tool: 'speech',
      // The engine that failed, when the registry could tell which.
      model: (error instanceof SpeechError ? error.model : null) ?? deps.services.speech().model,
      failure:
        error instanceof SpeechError
          ? error.failure
          : describeProviderFailure(error, null, deps.now()),
    });
  }

  /** Stores (for users) or just describes (for visitors) the assistant's message. */
  async function keep(
    prepared: PreparedReply,
    content: string,
    status: ChatMessage['status'],
  ): Promise<ChatMessage> {
    const message = {
      id: prepared.assistantMessageId,
      role: 'assistant' as const,
      content,
      modelId: prepared.modelId,
      imageUrls: [],
      status,
    };
    if (!prepared.conversation) {
      return { ...message, createdAt: deps.now().toISOString() };
    }
    return toChatMessage(
      await repository.storeReply(
        prepared.conversation.id,
        message,
        deps.now(),
        prepared.replacing,
      ),
    );
  }

  async function titleFor(prepared: PreparedReply, reply: string, signal: AbortSignal) {
    const { conversation } = prepared;
    if (prepared.titleFrom === null) return conversation?.title ?? null;
    const title = await generateTitle({
      model: prepared.model,
      firstMessage: prepared.titleFrom,
      reply,
      signal,
      log: deps.log,
      modelId: prepared.modelId,
      now: deps.now(),
    });
    if (!conversation) return title;
    await repository.setGeneratedTitle(conversation.id, title);
    return (await repository.findOwned(conversation.userId, conversation.id))?.title ?? title;
  }

  return {
    prepare: preparation.prepare,

    /**
     * Asks the model. `signal` is the client's: aborting it (stop, disconnect) aborts the
     * provider call and keeps what was written so far as a stopped message; aborted with the
     * reason 'shutdown' or 'abandoned' (live-logs.ts), what was written is kept as interrupted. `onQueue` hears the
     * reply's place in line while the local model is busy with others (before any delta).
     */
    async run(
      prepared: PreparedReply,
      onDelta: (text: string) => void,
      signal: AbortSignal,
      onQueue: (position: number) => void = () => {},
      onSpeech?: (part: SpokenSentencePart) => void,
    ): Promise<ReplyOutcome> {
      const deadline = withDeadline(signal, {
        idleMs: deps.idleTimeoutMs,
        totalMs: deps.timeoutMs,
      });
      // A streamed reply asked to be spoken is spoken sentence by sentence as it is written; the
      // whole-reply audio (speak) is for the JSON answer only.
      const speaker =
        prepared.audio && onSpeech
          ? createSentenceSpeaker({
              speech: deps.services.speech(),
              voice: prepared.audio.voice,
              format: prepared.audio.format,
              speed: prepared.audio.speed,
              pitch: prepared.audio.pitch,
              signal: deadline.signal,
              onPart: onSpeech,
              onFailure: (error) => logSpeechFailure(error),
            })
          : null;
      let text = '';
      let failure: unknown = null;
      try {
        const parts = streamReply({
          model: prepared.model,
          messages: prepared.messages,
          abortSignal: deadline.signal,
          // The local model reports its queue as raw parts (providers/text/local/language-model.ts).
          includeRawChunks: isLocal(prepared.model),
        });
        for await (const part of parts) {
          if (part.type === 'raw') {
            const position = queuePositionOf(part.rawValue);
            if (position !== null) {
              // Waiting in line is not silence: only the total cap runs meanwhile.
              deadline.waiting();
              onQueue(position);
            }
            continue;
          }
          deadline.touch();
          if (part.type === 'text-delta' && part.text.length > 0) {
            text += part.text;
            onDelta(part.text);
            speaker?.push(part.text);
          } else if (part.type === 'error') {
            failure = part.error;
            break;
          }
        }
      } catch (error) {
        failure = error;
      } finally {
        deadline.dispose();
      }

      if (deadline.stopped() && serverAbortReasons.has(signal.reason)) {
        // Not the person's choice: a reply cut off before any text costs nothing.
        if (text.trim().length === 0) await prepared.quotaUnit.release();
        // Abandoned: another process took this one for dead and saved what the log had.
        const nothingToKeep = signal.reason === 'abandoned' || !text;
        return {
          kind: 'interrupted',
          message: nothingToKeep ? null : await keep(prepared, text, 'interrupted'),
        };
      }
      if (deadline.stopped()) {
        // Stopping is the user's choice: the message stays counted, whatever was written.
        return { kind: 'stopped', message: text ? await keep(prepared, text, 'stopped') : null };
      }
      const timedOut = deadline.timedOut();
      if (timedOut !== null || failure !== null || text.trim().length === 0) {
        const described = describeProviderFailure(
          timedOut === null ? failure : null,
          timedOut,
          deps.now(),
        );
        logProviderFailure(deps.log, {
          tool: 'chat',
          model: prepared.modelId,
          failure: described,
        });
        // A failure before any text costs nothing; one part-way costs the message, like a
        // complete reply: the partial text is kept and shown, and the provider spent it.
        if (text.trim().length === 0) await prepared.quotaUnit.release();
        return {
          kind: 'failed',
          error: toChatProviderError(described, failure),
          partial: text ? await keep(prepared, text, 'error') : null,
        };
      }

      const message = await keep(prepared, text, 'complete');
      const [title, audio] = await Promise.all([
        titleFor(prepared, text, signal),
        speaker ? speaker.finish().then(() => null) : speak(prepared, text, signal),
      ]);
      return { kind: 'complete', message, title, audio };
    },
  };
}

export type ReplyService = ReturnType<typeof createReplyService>;
