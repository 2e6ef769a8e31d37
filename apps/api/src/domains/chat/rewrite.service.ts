import type { RewriteRequest, RewriteResponse } from '@studio/contracts';
import { generateText } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import { noModelAvailable, rewritePrompts } from '../models/rewrite-prompts.ts';
import { withDeadline } from '../models/deadline.ts';
import type { Caller } from '../callers/caller.ts';
import { planOf, resolveModel } from '../models/model-access.ts';
import { describeProviderFailure, logProviderFailure } from '../providers/index.ts';
import { toChatProviderError } from '../models/reply-failure.ts';
import type { Quota } from '../usage/message-quota.ts';
import type { ChatDependencies } from './chat-dependencies.ts';

/** The model answered with nothing usable. */
class EmptyRewriteError extends Error {}

/** POST /api/chat/rewrite: rewrites a text by an instruction, counted against the daily quota. */
export function createRewriteService(deps: {
  quota: Quota;
  services: ChatDependencies;
  timeoutMs: number;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  return {
    async rewrite(
      caller: Caller,
      request: RewriteRequest,
      signal: AbortSignal,
    ): Promise<RewriteResponse> {
      const registry = deps.services.models();
      const modelId = request.modelId?.trim() || registry.defaultModelId(planOf(caller));
      if (!modelId) throw new HttpError(400, noModelAvailable);
      const { model } = resolveModel(registry, caller, modelId);
      const quotaUnit = await deps.quota.take(caller);

      // A rewrite arrives in one piece, so there is no silence to time: the total cap only.
      const deadline = withDeadline(signal, { idleMs: null, totalMs: deps.timeoutMs });
      try {
        const result = await generateText({
          model,
          system: rewritePrompts[request.instruction],
          prompt: request.text,
          maxRetries: 0,
          abortSignal: deadline.signal,
        });
        const text = result.text.trim();
        if (!text) throw new EmptyRewriteError();
        return { text, modelId };
      } catch (error) {
        const failure = describeProviderFailure(
          error instanceof EmptyRewriteError ? null : error,
          deadline.timedOut(),
          deps.now(),
        );
        logProviderFailure(deps.log, { tool: 'chat-rewrite', model: modelId, failure });
        // Nothing came back, so nothing is counted (docs/features/chat.md).
        await quotaUnit.release();
        throw toChatProviderError(failure, error);
      } finally {
        deadline.dispose();
      }
    },
  };
}

export type RewriteService = ReturnType<typeof createRewriteService>;
