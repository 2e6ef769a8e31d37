import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import {
  type VisionAnswer,
  type VisionAnswerRequest,
  type VisionLanguage,
  visionTexts,
} from '@studio/contracts';
import { detectTextLanguage } from '@studio/contracts/textLanguage';
import type { LanguageModel, ModelMessage } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import { type Caller, callerPlan } from '../callers/caller.ts';
import { resolveModel } from '../models/model-access.ts';
import { streamAnswer } from '../models/stream-answer.ts';
import type { Quota } from '../usage/message-quota.ts';
import { noModelAvailable, rewritePrompts } from '../models/rewrite-prompts.ts';
import type { ModelRegistry } from '../models/model-registry.ts';
import type { StoredVisionRead, VisionRepository } from './vision.repository.ts';

/**
 * Answers about a read picture, on the chat's models: `describe` and `ask` send the picture (an
 * image part) with the text read from it as context, to a model that can see; `translate` sends
 * the text alone, with the chat's own translation prompt, to any model. Each answer counts one
 * chat message (the chat's quota, as its rewrite does: given back when nothing came), streams,
 * and is kept when it ends: complete, stopped (the client went away: what came is kept) or failed.
 */

const describeInstruction =
  'Describe this picture for someone who cannot see it: what it shows, how it is laid out, and what any text in it says.';

const systemPrompt =
  'You answer about a picture the user sends. The text read from it by OCR comes with it; it may have reading errors, so trust the picture where they differ. Answer in the language the user writes in, or in the language of the text in the picture.';

/** The text read from the picture, as the user message's context. */
const withOcrText = (instruction: string, text: string) =>
  text.trim()
    ? `${instruction}\n\nText read from the picture (OCR):\n"""\n${text.trim()}\n"""`
    : `${instruction}\n\n(No text was read from the picture.)`;

/** The other language than the text's: Vietnamese text goes to English, anything else to Vietnamese. */
const otherLanguageThan = (text: string): VisionLanguage =>
  detectTextLanguage(text) === 'vi' ? 'en' : 'vi';

const newAnswerId = () => randomBytes(16).toString('base64url');

export interface PreparedVisionAnswer {
  /** Chosen first: the stream's `start` names it. */
  answerId: string;
  read: StoredVisionRead;
  request: VisionAnswerRequest;
  targetLanguage: VisionLanguage | null;
  modelId: string;
  modelName: string;
  model: LanguageModel;
}

export interface VisionAnswerOutcome {
  answer: VisionAnswer;
  /** The user-facing words of a failure (the answer's state is then `failed`). */
  error: string | null;
}

export function createVisionAnswers(deps: {
  repository: VisionRepository;
  storage: ObjectStore;
  models: () => ModelRegistry;
  chatQuota: Quota;
  timeoutMs: number;
  idleTimeoutMs: number;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  /** The model for describe and ask: the one asked (theirs and able to see), or their first that can. */
  function seeingModel(caller: Caller, asked: string | null) {
    const registry = deps.models();
    if (asked !== null) {
      const resolved = resolveModel(registry, caller, asked);
      if (!resolved.registered.capabilities.includes('vision')) {
        throw new HttpError(400, visionTexts.noVisionModel);
      }
      return resolved;
    }
    const first = registry
      .forPlan(callerPlan(caller, deps.now()))
      .find((model) => model.available && model.capabilities.includes('vision'));
    if (!first) throw new HttpError(400, visionTexts.noVisionModel);
    return resolveModel(registry, caller, first.id);
  }

  /** The model for translate: the one asked (theirs), or their default text model. */
  function textModel(caller: Caller, asked: string | null) {
    const registry = deps.models();
    const id = asked ?? registry.defaultModelId(callerPlan(caller, deps.now()));
    if (!id) throw new HttpError(400, noModelAvailable);
    return resolveModel(registry, caller, id);
  }

  async function messagesOf(prepared: PreparedVisionAnswer): Promise<{
    system: string;
    messages: ModelMessage[];
  }> {
    const { read, request } = prepared;
    if (request.task === 'translate') {
      const target = prepared.targetLanguage ?? 'vi';
      return {
        system: rewritePrompts[`translate-${target}`],
        messages: [{ role: 'user', content: read.text }],
      };
    }
    const object = await deps.storage.get(read.storageKey);
    if (!object) throw new HttpError(404, visionTexts.expired);
    const picture = await buffer(object.body);
    const instruction =
      request.task === 'ask' ? (request.question ?? describeInstruction) : describeInstruction;
    return {
      system: systemPrompt,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', image: picture, mediaType: object.contentType },
            { type: 'text', text: withOcrText(instruction, read.text) },
          ],
        },
      ],
    };
  }

  return {
    /**
     * The model and the target language an answer will use, checked before anything is counted
     * or streamed: 400 (no model that can see, an unknown model, nothing to translate), 403
     * (a model above the caller's plan).
     */
    prepare(
      caller: Caller,
      read: StoredVisionRead,
      request: VisionAnswerRequest,
    ): PreparedVisionAnswer {
      if (request.task === 'translate') {
        if (!read.text.trim()) throw new HttpError(409, visionTexts.noText);
        const { registered, model } = textModel(caller, request.model);
        return {
          answerId: newAnswerId(),
          read,
          request,
          targetLanguage: request.targetLanguage ?? otherLanguageThan(read.text),
          modelId: registered.id,
          modelName: registered.name,
          model,
        };
      }
      const { registered, model } = seeingModel(caller, request.model);
      return {
        answerId: newAnswerId(),
        read,
        request,
        targetLanguage: null,
        modelId: registered.id,
        modelName: registered.name,
        model,
      };
    },

    /** Counts one chat message (throws QuotaExceededError when today's are used up). */
    take: (caller: Caller) => deps.chatQuota.take(caller),

    /**
     * Streams the answer (`onDelta` hears each piece) until it ends, then keeps it. The unit
     * taken for it is given back when the model failed before saying anything.
     */
    async run(
      prepared: PreparedVisionAnswer,
      unit: { release(): Promise<void> },
      onDelta: (text: string) => void,
      signal: AbortSignal,
    ): Promise<VisionAnswerOutcome> {
      // The picture not found or not readable is not the model's failure: the unit goes back
      // and the route says why.
      const { system, messages } = await messagesOf(prepared).catch(async (error: unknown) => {
        await unit.release();
        throw error;
      });
      const streamed = await streamAnswer({
        model: prepared.model,
        system,
        messages,
        signal,
        idleMs: deps.idleTimeoutMs,
        totalMs: deps.timeoutMs,
        onDelta,
        log: deps.log,
        tool: 'vision',
        modelId: prepared.modelId,
        now: deps.now,
        emptyIsFailure: true,
      });
      const { text } = streamed;
      const state: VisionAnswer['state'] = streamed.stopped
        ? 'stopped'
        : streamed.failure
          ? 'failed'
          : 'complete';
      // Nothing came back, so nothing is counted (as the chat's rewrite).
      if (streamed.failure && !text.trim()) await unit.release();
      const message = streamed.failureText;

      const answer: VisionAnswer = {
        id: prepared.answerId,
        task: prepared.request.task,
        question: prepared.request.task === 'ask' ? prepared.request.question : null,
        targetLanguage: prepared.targetLanguage,
        text,
        state,
        modelId: prepared.modelId,
        modelName: prepared.modelName,
        createdAt: deps.now().toISOString(),
      };
      try {
        await deps.repository.insertAnswer(prepared.read.id, answer);
      } catch (error) {
        // The read was deleted while it answered: nothing to keep it with.
        // Not the error itself: a driver's message may quote the values (the user's question).
        deps.log.warn(
          {
            event: 'vision_answer_not_kept',
            reason: error instanceof Error ? error.name : 'unknown',
          },
          'an answer was not kept',
        );
      }
      return { answer, error: message };
    },
  };
}

export type VisionAnswers = ReturnType<typeof createVisionAnswers>;
