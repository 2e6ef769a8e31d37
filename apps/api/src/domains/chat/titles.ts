import { plainLine, shortLine } from '@studio/contracts';
import { generateText, type LanguageModel } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { describeProviderFailure, logProviderFailure } from '../providers/index.ts';
import { titleFromText } from './chat-messages.ts';

/** The sandbox model answers prompts that mention a "title" with a short title. */
export const titleSystemPrompt =
  'Write a short title (at most six words) for the conversation below. Answer with the title only, without quotes or punctuation at the end, in the language of the conversation.';

const titleTimeoutMs = 15_000;
const titleMaxLength = 80;

/** The model's answer as a one-line title, or null when it gave nothing usable. */
export function cleanTitle(answer: string): string | null {
  const firstLine = answer.trim().split('\n', 1)[0] ?? '';
  // Models like to answer "**Trip to Hanoi**" or "# Trip to Hanoi": the title is plain text.
  const cleaned = plainLine(firstLine)
    .replace(/^\s*(title|tiêu đề)\s*:\s*/i, '')
    .replace(/^["'“”‘’*#\s]+|["'“”‘’*\s]+$/g, '')
    .replace(/[.。]+$/, '')
    .trim();
  if (cleaned.length === 0) return null;
  return shortLine(cleaned, titleMaxLength);
}

/**
 * A title for a conversation from its first exchange, written by the model that answered; the
 * start of the first message when the model fails, is slow or says nothing usable.
 */
export async function generateTitle(input: {
  model: LanguageModel;
  firstMessage: string;
  reply: string;
  signal: AbortSignal;
  log: FastifyBaseLogger;
  modelId: string;
  now: Date;
}): Promise<string> {
  const fallback = titleFromText(input.firstMessage);
  try {
    const result = await generateText({
      model: input.model,
      system: titleSystemPrompt,
      prompt: `User: ${input.firstMessage.slice(0, 2_000)}\n\nAssistant: ${input.reply.slice(0, 2_000)}`,
      maxRetries: 0,
      // A title is a few words; a cap keeps a one-at-a-time local model from being held by it.
      maxOutputTokens: 32,
      abortSignal: AbortSignal.any([input.signal, AbortSignal.timeout(titleTimeoutMs)]),
    });
    return cleanTitle(result.text) ?? fallback;
  } catch (error) {
    // The first message stands in as the title.
    logProviderFailure(input.log, {
      tool: 'chat-title',
      model: input.modelId,
      failure: describeProviderFailure(error, null, input.now),
    });
    return fallback;
  }
}
