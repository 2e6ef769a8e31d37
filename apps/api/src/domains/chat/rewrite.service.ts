import type { RewriteInstruction, RewriteRequest, RewriteResponse } from '@studio/contracts';
import { generateText } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import { ChatProviderError } from './chat-errors.ts';
import { withDeadline } from './deadline.ts';
import { type ChatCaller, planOf, resolveModel } from './model-access.ts';
import type { Quota } from './quota.ts';
import type { ChatDependencies } from './chat-dependencies.ts';

const keepMeaning =
  'Keep the meaning and the language of the text unless told otherwise. Answer with the rewritten text only: no preface, no quotes, no explanation.';

/** One system prompt per instruction: the text to rewrite is the whole user message. */
export const rewritePrompts: Record<RewriteInstruction, string> = {
  shorter: `Rewrite the text to be noticeably shorter and more concise. ${keepMeaning}`,
  longer: `Rewrite the text to be longer and more detailed, without inventing facts. ${keepMeaning}`,
  formal: `Rewrite the text in a more formal, professional tone. ${keepMeaning}`,
  casual: `Rewrite the text in a more casual, friendly tone. ${keepMeaning}`,
  grammar: `Fix the grammar, spelling and punctuation of the text, changing nothing else. ${keepMeaning}`,
  'translate-en': `Translate the text into English. Answer with the translation only: no preface, no quotes, no explanation.`,
  'translate-vi': `Translate the text into Vietnamese. Answer with the translation only: no preface, no quotes, no explanation.`,
};

export const noModelAvailable = 'No model is available to rewrite with.';

/** POST /api/chat/rewrite: rewrites a text by an instruction, counted against the daily quota. */
export function createRewriteService(deps: {
  quota: Quota;
  services: ChatDependencies;
  timeoutMs: number;
  log: FastifyBaseLogger;
}) {
  return {
    async rewrite(
      caller: ChatCaller,
      request: RewriteRequest,
      signal: AbortSignal,
    ): Promise<RewriteResponse> {
      const registry = deps.services.models();
      const modelId = request.modelId?.trim() || registry.defaultModelId(planOf(caller));
      if (!modelId) throw new HttpError(400, noModelAvailable);
      const { model } = resolveModel(registry, caller, modelId);
      await deps.quota.take(caller);

      const deadline = withDeadline(signal, deps.timeoutMs);
      try {
        const result = await generateText({
          model,
          system: rewritePrompts[request.instruction],
          prompt: request.text,
          maxRetries: 0,
          abortSignal: deadline.signal,
        });
        const text = result.text.trim();
        if (!text) throw new Error('the model returned an empty rewrite');
        return { text, modelId };
      } catch (error) {
        deps.log.warn({ err: error, modelId }, 'chat rewrite failed');
        throw new ChatProviderError(deadline.timedOut() ? 'timeout' : 'provider', {
          cause: error,
        });
      } finally {
        deadline.dispose();
      }
    },
  };
}
