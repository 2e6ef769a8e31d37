/**
 * The chat's limits and choices as plain data, with no zod: the visitor chat on the SPA's first
 * load imports these (limits, menus, hand checks of stored messages and the model list), and
 * keeping zod out of it keeps that load small. chat.ts builds its schemas from them.
 */

/** §5 */
export const MODEL_ID_REQUIRED = 'Model ID is required to send a message.';
/** The longest message the API accepts (characters). */
export const MESSAGE_MAX_LENGTH = 32_000;

/** What a model can take in or give back. */
export const modelCapabilities = ['text', 'vision', 'audio'] as const;

/** The plan a model needs. GodMode is Pro's add-on (payments issue); until then all are free. */
export const modelPlans = ['free', 'pro', 'godmode'] as const;

/** Provider kinds the registry can hold (the browser only shows them). */
export const modelProviders = [
  'openai',
  'openai-compatible',
  'anthropic',
  'google',
  'ollama',
  'sandbox',
  // A GGUF model run in-process by node-llama-cpp.
  'local',
] as const;

/**
 * The id of the app's own sandbox chat model, the demo model that answers when no real one is
 * configured. The web names it in the reader's language; every other model keeps the name its
 * operator configured.
 */
export const SANDBOX_CHAT_MODEL_ID = 'sandbox';

export const chatRoles = ['user', 'assistant'] as const;

/** complete; stopped by the user part-way; failed (the text so far, if any, is kept). */
/**
 * interrupted: the reply was cut off by the server (the instance writing it went away, or shut
 * down before it ended), saved as far as it got; the person can regenerate it.
 */
export const messageStatuses = ['complete', 'stopped', 'error', 'interrupted'] as const;

/** The events that end a streamed chat reply: nothing follows them. */
export const chatReplyEndings = ['done', 'stopped', 'error'] as const;

export const audioFormats = ['mp3', 'wav'] as const;

/** POST /api/chat/rewrite: how to rewrite. */
export const rewriteInstructions = [
  'shorter',
  'longer',
  'formal',
  'casual',
  'grammar',
  'translate-en',
  'translate-vi',
] as const;
