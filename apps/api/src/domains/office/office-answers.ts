import { randomUUID } from 'node:crypto';
import type {
  OfficeAnswer,
  OfficeAnswerRequest,
  OfficeLanguage,
  OfficeSource,
} from '@studio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { errorTexts, HttpError } from '../../http/errors.ts';
import type { Caller } from '../callers/caller.ts';
import type { ModelRegistry } from '../models/model-registry.ts';
import { planOf, resolveModel } from '../models/model-access.ts';
import { streamAnswer } from '../models/stream-answer.ts';
import type { Quota } from '../usage/message-quota.ts';
import type { OfficeKeeper } from './office-keeper.ts';
import {
  type NumberedPassage,
  passageLines,
  passagesForQuestion,
  passagesForSummary,
  passagesOf,
  sourcesOf,
} from './office-retrieval.ts';
import { officeServiceTexts } from './office-texts.ts';
import type { OfficeRepository } from './office.repository.ts';

const languageNames: Record<OfficeLanguage, string> = { en: 'English', vi: 'Vietnamese' };

/**
 * The system prompt: what to do, then the chosen passages as `[n] (page 3): text` lines (the
 * format the sandbox model answers from, and a plain one for any model). Only a summary's prompt
 * says "summarise": a question's does not, so a model never mistakes one for the other.
 */
export function answerSystemPrompt(
  task: OfficeAnswerRequest['task'],
  passages: readonly NumberedPassage[],
  language: OfficeLanguage | null,
): string {
  const answerIn = language
    ? `Write in ${languageNames[language]}.`
    : task === 'ask'
      ? 'Answer in the language of the question.'
      : "Write in the document's language.";
  const lead =
    task === 'summary'
      ? 'Summarise the document from the numbered passages below, which are taken from across it: its purpose, its main points and any conclusions, in a few short paragraphs or bullet points.'
      : 'Answer the question using only the numbered passages from the document below. If they do not answer it, say that the document does not say.';
  return [
    lead,
    'After each statement, cite the passages it comes from as [n], with their numbers. Do not cite anything else.',
    answerIn,
    '',
    'Passages:',
    passageLines(passages),
  ].join('\n');
}

const summaryRequest: Record<OfficeLanguage, string> = {
  en: 'Summarise the document.',
  vi: 'Tóm tắt tài liệu.',
};

/** A prepared answer: checked, counted, its passages chosen; the stream comes next. */
export interface PreparedAnswer {
  answerId: string;
  documentId: string;
  task: OfficeAnswerRequest['task'];
  question: string | null;
  modelId: string;
  modelName: string;
  sources: OfficeSource[];
  system: string;
  prompt: string;
  release: () => Promise<void>;
}

/**
 * Summaries and answers about a document: its passages chosen by retrieval (office-retrieval),
 * the chat's model streaming an answer that cites them, counted against the chat's daily
 * messages as a rewrite is (one each; given back when nothing came back), and kept with its
 * sources and how it ended (complete, stopped when the client went away, failed).
 */
export function createOfficeAnswers(deps: {
  keeper: OfficeKeeper;
  repository: OfficeRepository;
  chatQuota: Quota;
  services: { models: () => ModelRegistry };
  contextCharacters: number;
  timeoutMs: number;
  idleTimeoutMs: number;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  return {
    async prepare(
      caller: Caller,
      owner: string,
      documentId: string,
      request: OfficeAnswerRequest,
    ): Promise<PreparedAnswer> {
      const found = await deps.keeper.withParts(owner, documentId);
      if (!found) throw new HttpError(404, errorTexts[404]);
      const registry = deps.services.models();
      const modelId = request.model?.trim() || registry.defaultModelId(planOf(caller));
      if (!modelId) throw new HttpError(400, officeServiceTexts.noModel);
      const { registered } = resolveModel(registry, caller, modelId);
      const passages = passagesOf(found.parts);
      const chosen =
        request.task === 'summary'
          ? passagesForSummary(passages, deps.contextCharacters)
          : passagesForQuestion(passages, request.question ?? '', deps.contextCharacters);
      const unit = await deps.chatQuota.take(caller);
      return {
        answerId: randomUUID(),
        documentId,
        task: request.task,
        question: request.task === 'ask' ? request.question : null,
        modelId,
        modelName: registered.name,
        sources: sourcesOf(chosen),
        system: answerSystemPrompt(request.task, chosen, request.language),
        prompt:
          request.task === 'summary'
            ? summaryRequest[request.language ?? 'en']
            : (request.question ?? ''),
        release: () => unit.release(),
      };
    },

    /** Streams the answer (each piece to `onDelta`) and keeps it, however it ends. */
    async run(
      prepared: PreparedAnswer,
      onDelta: (text: string) => void,
      signal: AbortSignal,
    ): Promise<{ answer: OfficeAnswer; error: string | null }> {
      const model = deps.services.models().languageModel(prepared.modelId);
      const streamed = await streamAnswer({
        model,
        system: prepared.system,
        messages: [{ role: 'user', content: prepared.prompt }],
        signal,
        idleMs: deps.idleTimeoutMs,
        totalMs: deps.timeoutMs,
        onDelta,
        log: deps.log,
        tool: 'office',
        modelId: prepared.modelId,
        now: deps.now,
      });
      const { text, stopped } = streamed;
      const failed = streamed.failure !== null;
      // Nothing came back, so nothing is counted (as the chat's rewrite).
      if (failed && !text) await prepared.release();
      const error = streamed.failureText;
      const answer: OfficeAnswer = {
        id: prepared.answerId,
        task: prepared.task,
        question: prepared.question,
        text,
        sources: prepared.sources,
        state: stopped ? 'stopped' : failed ? 'failed' : 'complete',
        modelId: prepared.modelId,
        modelName: prepared.modelName,
        createdAt: deps.now().toISOString(),
      };
      await deps.repository.insertAnswer(prepared.documentId, answer);
      return { answer, error };
    },
  };
}

export type OfficeAnswers = ReturnType<typeof createOfficeAnswers>;
