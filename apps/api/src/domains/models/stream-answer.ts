import type { LanguageModel, ModelMessage } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import {
  describeProviderFailure,
  logProviderFailure,
  type ProviderFailure,
  type ProviderTool,
} from '../providers/index.ts';
import { withDeadline } from './deadline.ts';
import { streamReply } from './model-stream.ts';
import { toChatProviderError } from './reply-failure.ts';

export interface AnswerStreamInput {
  model: LanguageModel;
  system?: string;
  messages: ModelMessage[];
  /** The client's: a stop, or the connection gone. */
  signal: AbortSignal;
  /** The tool's limits: longest silence between two pieces, and longest answer. */
  idleMs: number | null;
  totalMs: number;
  /** Hears each piece as it comes (the route writes it to the event stream). */
  onDelta: (text: string) => void;
  /** For the log line of a failure: which tool, which model (never the prompt or the text). */
  log: FastifyBaseLogger;
  tool: ProviderTool;
  modelId: string;
  now: () => Date;
  /** An answer of only white space is a failure too (logged as `empty`), not a blank result. */
  emptyIsFailure?: boolean;
}

export interface StreamedAnswer {
  /** What came, whole or as far as it got. */
  text: string;
  /** Ended by the client (a stop, or gone): not a failure, whatever came is the answer. */
  stopped: boolean;
  /**
   * Why there is no whole answer (the model failed, went silent or took too long; with
   * `emptyIsFailure`, said nothing), already logged; null when it answered or was stopped.
   */
  failure: ProviderFailure | null;
  /** What the user is told of the failure (the chat's words: timeout, rate limit, provider). */
  failureText: string | null;
}

/**
 * One answer streamed from a chat model for a studio tool (vision, office, the writer): the
 * client's stop and the tool's clocks, each piece passed on, and how it ended told apart
 * (stopped, failed, answered), a failure logged the chat's way. What is kept, and whether a unit
 * of the allowance goes back, stays each tool's.
 */
export async function streamAnswer(input: AnswerStreamInput): Promise<StreamedAnswer> {
  const deadline = withDeadline(input.signal, { idleMs: input.idleMs, totalMs: input.totalMs });
  let text = '';
  let failedWith: unknown = null;
  let failed = false;
  try {
    for await (const part of streamReply({
      model: input.model,
      ...(input.system === undefined ? {} : { system: input.system }),
      messages: input.messages,
      abortSignal: deadline.signal,
      includeRawChunks: false,
    })) {
      deadline.touch();
      if (part.type === 'text-delta') {
        text += part.text;
        input.onDelta(part.text);
      } else if (part.type === 'error') {
        failed = true;
        failedWith = part.error;
        break;
      }
    }
  } catch (error) {
    failed = true;
    failedWith = error;
  } finally {
    deadline.dispose();
  }

  if (deadline.stopped()) return { text, stopped: true, failure: null, failureText: null };
  const timedOut = deadline.timedOut();
  const empty = input.emptyIsFailure === true && text.trim() === '';
  if (!failed && timedOut === null && !empty) {
    return { text, stopped: false, failure: null, failureText: null };
  }
  const failure = describeProviderFailure(failed ? failedWith : null, timedOut, input.now());
  logProviderFailure(input.log, { tool: input.tool, model: input.modelId, failure });
  return {
    text,
    stopped: false,
    failure,
    failureText: toChatProviderError(failure, failedWith).message,
  };
}
