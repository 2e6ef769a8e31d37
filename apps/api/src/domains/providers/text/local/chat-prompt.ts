import { UnsupportedFunctionalityError } from 'ai';
import type { ChatHistoryItem } from 'node-llama-cpp';
import type { LanguageModelV3Prompt } from '../language-model-types.ts';

/**
 * An AI SDK prompt as node-llama-cpp's chat session wants it: the conversation before the last
 * user turn as history, and that turn as the prompt. The model's own chat template (from its
 * GGUF metadata) turns both into tokens; nothing here knows any template.
 */
export interface LocalChatPrompt {
  history: ChatHistoryItem[];
  prompt: string;
}

type Message = LanguageModelV3Prompt[number];

function textOf(message: Message): string {
  if (message.role === 'system') return message.content;
  return message.content
    .map((part) => {
      if (part.type === 'text') return part.text;
      // The registry lists local models as text-only, so the chat refuses images before this.
      throw new UnsupportedFunctionalityError({
        functionality: `${part.type} parts (the local model reads text only)`,
      });
    })
    .join('');
}

export function toLocalChatPrompt(prompt: LanguageModelV3Prompt): LocalChatPrompt {
  const system = prompt
    .filter((message) => message.role === 'system')
    .map(textOf)
    .join('\n\n');
  const turns = prompt.filter((message) => message.role === 'user' || message.role === 'assistant');
  const last = turns.at(-1);
  const asked = last?.role === 'user' ? last : null;
  const history: ChatHistoryItem[] = system ? [{ type: 'system', text: system }] : [];
  for (const message of asked ? turns.slice(0, -1) : turns) {
    history.push(
      message.role === 'user'
        ? { type: 'user', text: textOf(message) }
        : { type: 'model', response: [textOf(message)] },
    );
  }
  return { history, prompt: asked ? textOf(asked) : '' };
}
