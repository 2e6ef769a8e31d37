import type { TFunction } from 'i18next';
import { chatErrorMessage } from './errors';

/**
 * §8's chat fallbacks, one per call: what a failure says when neither the exception nor the server
 * had words of its own. Five calls, five texts; each call gets its own, never a neighbour's.
 */
export const chatCallFallbacks = {
  /** POST /api/chat/send (and its stream). */
  send: 'chat:errors.send',
  /** GET /api/chat/models/chat: the picker's models. */
  chatModels: 'chat:errors.models',
  /** GET /api/chat/models: every configured model. */
  models: 'chat:errors.allModels',
  /** GET /api/chat/history/{id}. */
  history: 'chat:errors.history',
  /** POST /api/chat/conversation. */
  createConversation: 'conversations:errors.createFailed',
} as const;

export type ChatCall = keyof typeof chatCallFallbacks;

/** A failed chat call in the interface language: the exception's or server's words, else its §8 fallback. */
export function chatFailureText(error: unknown, call: ChatCall, t: TFunction): string {
  return chatErrorMessage(error) ?? t(chatCallFallbacks[call]);
}
