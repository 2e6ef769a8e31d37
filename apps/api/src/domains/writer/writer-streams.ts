import { randomBytes } from 'node:crypto';
import type {
  WriterGenerationRequest,
  WriterLanguage,
  WriterSelection,
  WriterTemplateId,
  WriterTransform,
  WriterTransformRequest,
  WriterVersion,
} from '@studio/contracts';
import type { LanguageModel } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { errorTexts, HttpError } from '../../http/errors.ts';
import { type Caller, callerPlan } from '../callers/caller.ts';
import { resolveModel } from '../models/model-access.ts';
import type { ModelRegistry } from '../models/model-registry.ts';
import { streamAnswer } from '../models/stream-answer.ts';
import { noModelAvailable } from '../models/rewrite-prompts.ts';
import {
  generationPrompt,
  splicePassage,
  titleOf,
  transformPrompt,
  type WriterPrompt,
} from './writer-prompts.ts';
import type { WriterQuota } from './writer-quota.ts';
import { untitled, writerServiceTexts } from './writer-texts.ts';
import type { NewWriterVersion, WriterRepository } from './writer.repository.ts';

export const newWriterId = () => randomBytes(16).toString('base64url');

/**
 * A generation or a transform, checked before anything is counted or streamed: the model the
 * caller may use, the document theirs (a user's) or none (a visitor's), the prompts.
 */
export interface PreparedWriting {
  /** The signed-in user it is kept for; null for a visitor (nothing kept). */
  userId: string | null;
  /** The document the result is kept in: an existing one, or the id a new one will take. */
  documentId: string | null;
  existing: boolean;
  /** The id the kept version will take (the stream's `start` names it). */
  versionId: string | null;
  kind: 'generate' | 'transform';
  template: WriterTemplateId | null;
  transform: WriterTransform | null;
  language: WriterLanguage;
  /** For a passage transform: the whole text and the passage the answer replaces. */
  passage: { text: string; selection: WriterSelection } | null;
  /** What the document holds if nothing new is kept (the error event's content). */
  unchanged: string;
  modelId: string;
  modelName: string;
  model: LanguageModel;
  prompt: WriterPrompt;
}

export interface WritingOutcome {
  state: 'complete' | 'stopped' | 'failed';
  /** The whole text: the piece, or the text with the transformed passage in its place. */
  content: string;
  /** The version kept (a signed-in user's, complete or stopped); null otherwise. */
  version: WriterVersion | null;
  /** The user's words for a failure. */
  error: string | null;
}

/**
 * The content writer's streams on the chat's models: a template's piece or a transformed text
 * (or passage), each counted as one `writing` unit (given back when the model produced
 * nothing), and for a signed-in user kept as a version of their document (a new document when
 * none was named): complete, or stopped with what came when the client went away. A failure
 * keeps nothing new. Prompts and texts are never logged.
 */
export function createWriterStreams(deps: {
  repository: WriterRepository;
  quota: WriterQuota;
  models: () => ModelRegistry;
  timeoutMs: number;
  idleTimeoutMs: number;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  function modelFor(caller: Caller, asked: string | null) {
    const registry = deps.models();
    const id = asked?.trim() || registry.defaultModelId(callerPlan(caller, deps.now()));
    if (!id) throw new HttpError(400, noModelAvailable);
    return resolveModel(registry, caller, id);
  }

  /** Who keeps the result, and what their document holds now (404 for one not theirs). */
  async function keeper(caller: Caller, documentId: string | null) {
    if (caller.kind !== 'user') {
      if (documentId !== null) throw new HttpError(400, writerServiceTexts.visitorDocument);
      return { userId: null, documentId: null, existing: false, content: '' };
    }
    if (documentId === null) {
      return { userId: caller.user.id, documentId: newWriterId(), existing: false, content: '' };
    }
    const document = await deps.repository.findDocument(caller.user.id, documentId);
    if (!document) throw new HttpError(404, errorTexts[404]);
    return { userId: caller.user.id, documentId, existing: true, content: document.content };
  }

  async function prepare(
    caller: Caller,
    request: { documentId: string | null; model: string | null },
    rest: Omit<
      PreparedWriting,
      | 'userId'
      | 'documentId'
      | 'existing'
      | 'versionId'
      | 'modelId'
      | 'modelName'
      | 'model'
      | 'unchanged'
    > & { unchanged: string | null },
  ): Promise<PreparedWriting> {
    const { registered, model } = modelFor(caller, request.model);
    const kept = await keeper(caller, request.documentId);
    return {
      ...rest,
      userId: kept.userId,
      documentId: kept.documentId,
      existing: kept.existing,
      versionId: kept.userId === null ? null : newWriterId(),
      unchanged: rest.unchanged ?? kept.content,
      modelId: registered.id,
      modelName: registered.name,
      model,
    };
  }

  /** Keeps the result as a version (a new document's first when none was named). */
  async function keep(prepared: PreparedWriting, state: 'complete' | 'stopped', content: string) {
    if (prepared.userId === null || prepared.documentId === null || !prepared.versionId) {
      return null;
    }
    const version: NewWriterVersion = {
      id: prepared.versionId,
      kind: prepared.kind,
      template: prepared.template,
      transform: prepared.transform,
      restoredFrom: null,
      state,
      content,
      modelName: prepared.modelName,
    };
    const now = deps.now();
    if (!prepared.existing) {
      const started = await deps.repository.startDocument(
        {
          id: prepared.documentId,
          userId: prepared.userId,
          title: titleOf(content, untitled[prepared.language]),
          template: prepared.template,
          language: prepared.language,
        },
        version,
        now,
      );
      return started.version;
    }
    const added = await deps.repository.addVersion(
      prepared.userId,
      prepared.documentId,
      version,
      now,
    );
    return added?.version ?? null;
  }

  return {
    prepareGeneration: (caller: Caller, request: WriterGenerationRequest) =>
      prepare(caller, request, {
        kind: 'generate',
        template: request.template,
        transform: null,
        language: request.language,
        passage: null,
        unchanged: null,
        prompt: generationPrompt(request),
      }),

    prepareTransform: (caller: Caller, request: WriterTransformRequest) =>
      prepare(caller, request, {
        kind: 'transform',
        template: null,
        transform: request.transform,
        language: request.language,
        passage: request.selection ? { text: request.text, selection: request.selection } : null,
        // The text as sent (with any edits not saved yet) is what the editor still holds.
        unchanged: request.text,
        prompt: transformPrompt(request),
      }),

    /** Counts one `writing` unit (throws QuotaExceededError when today's are used up). */
    take: (caller: Caller) => deps.quota.take(caller),

    /**
     * Streams the answer (`onDelta` hears each piece) until it ends, then keeps it as it ended.
     * The unit is given back when the model produced nothing.
     */
    async run(
      prepared: PreparedWriting,
      unit: { release(): Promise<void> },
      onDelta: (text: string) => void,
      signal: AbortSignal,
    ): Promise<WritingOutcome> {
      const streamed = await streamAnswer({
        model: prepared.model,
        system: prepared.prompt.system,
        messages: [{ role: 'user', content: prepared.prompt.prompt }],
        signal,
        idleMs: deps.idleTimeoutMs,
        totalMs: deps.timeoutMs,
        onDelta,
        log: deps.log,
        tool: 'writer',
        modelId: prepared.modelId,
        now: deps.now,
      });
      const { text } = streamed;
      const produced = text.trim() !== '';
      const content = prepared.passage
        ? splicePassage(prepared.passage.text, prepared.passage.selection, text)
        : text;
      if (streamed.stopped) {
        if (!produced) {
          await unit.release();
          return { state: 'stopped', content: prepared.unchanged, version: null, error: null };
        }
        return {
          state: 'stopped',
          content,
          version: await keep(prepared, 'stopped', content),
          error: null,
        };
      }
      if (streamed.failure || !produced) {
        // Nothing came back, so nothing is counted (as the chat's rewrite).
        if (!produced) await unit.release();
        return {
          state: 'failed',
          content: prepared.unchanged,
          version: null,
          error: streamed.failureText ?? writerServiceTexts.empty,
        };
      }
      return {
        state: 'complete',
        content,
        version: await keep(prepared, 'complete', content),
        error: null,
      };
    },
  };
}

export type WriterStreams = ReturnType<typeof createWriterStreams>;
