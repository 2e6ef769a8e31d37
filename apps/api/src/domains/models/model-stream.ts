import { InvalidPromptError, type LanguageModel, type ModelMessage, streamText } from 'ai';
import { convertToLanguageModelPrompt } from 'ai/internal';
import type { LanguageModelV3, LanguageModelV3StreamPart } from '../providers/index.ts';

/**
 * What a chat reply needs from the model's stream: text, raw parts (asked for) and failures;
 * every other part (reasoning, metadata, the finish) only says the provider is still there.
 */
export type ReplyStreamPart =
  | { type: 'text-delta'; text: string }
  | { type: 'raw'; rawValue: unknown }
  | { type: 'error'; error: unknown }
  | { type: 'progress' };

const progress: ReplyStreamPart = { type: 'progress' };

export interface ReplyStreamInput {
  model: LanguageModel;
  /** The instructions, apart from the messages (the SDK warns of system messages among them). */
  system?: string;
  messages: ModelMessage[];
  abortSignal: AbortSignal;
  /** Pass the provider's raw chunks along (the local model reports its queue in them). */
  includeRawChunks: boolean;
}

const isV3 = (model: LanguageModel): model is LanguageModelV3 =>
  typeof model === 'object' && model.specificationVersion === 'v3';

/** The model's own stream parts, narrowed to what the chat uses. */
function replyPartOf(part: LanguageModelV3StreamPart): ReplyStreamPart {
  switch (part.type) {
    case 'text-delta':
      return { type: 'text-delta', text: part.delta };
    case 'raw':
      return { type: 'raw', rawValue: part.rawValue };
    case 'error':
      return { type: 'error', error: part.error };
    default:
      return progress;
  }
}

/**
 * Streams one reply from the model, without retries, as text deltas, raw parts and errors (a
 * call that fails before streaming arrives as an error part, like a failure mid-stream).
 *
 * It reads the model's own stream (`doStream`) instead of going through `streamText`: the chat
 * asks for plain text, with no tools, steps or structured output, and `streamText`'s machinery
 * for those pipes every piece through about a dozen more web streams (teed for each reader),
 * which made it most of the API's CPU time when many replies stream at once (measured with
 * `npm run bench:chat-load`: about 0.8 ms per piece, against 0.3 ms for the model's stream). The
 * prompt is converted by the SDK's own function, as `streamText` converts it. A model the
 * SDK would first have to adapt (an id string, an older specification) still goes through
 * `streamText`.
 */
export async function* streamReply(input: ReplyStreamInput): AsyncGenerator<ReplyStreamPart> {
  const { model, system, messages, abortSignal, includeRawChunks } = input;
  if (!isV3(model)) {
    const result = streamText({
      model,
      ...(system === undefined ? {} : { system }),
      messages,
      abortSignal,
      // A retried stream would repeat the text already sent; the user can regenerate.
      maxRetries: 0,
      // Errors arrive as stream parts; the default handler would print them.
      onError: () => {},
      includeRawChunks,
    });
    for await (const part of result.fullStream) {
      yield part.type === 'text-delta' || part.type === 'raw' || part.type === 'error'
        ? part
        : progress;
    }
    return;
  }

  let stream: ReadableStream<LanguageModelV3StreamPart>;
  try {
    if (messages.length === 0) {
      throw new InvalidPromptError({ prompt: messages, message: 'messages must not be empty' });
    }
    const prompt = await convertToLanguageModelPrompt({
      // What the SDK's standardizePrompt returns for these inputs, without its runtime check of
      // every message against the ModelMessage schema (it builds that zod schema again on each
      // call: about a twentieth of the API's busy time while 200 replies started at once). The
      // messages are built here from checked requests and stored rows, typed ModelMessage[].
      prompt: { ...(system === undefined ? {} : { system }), messages },
      supportedUrls: await model.supportedUrls,
      download: undefined,
      abortSignal,
    });
    ({ stream } = await model.doStream({ prompt, abortSignal, includeRawChunks }));
  } catch (error) {
    yield { type: 'error', error };
    return;
  }
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield replyPartOf(value);
    }
  } finally {
    // The caller stopped reading (an error part, a stop): the provider's stream is let go.
    reader.cancel().catch(() => {});
  }
}
