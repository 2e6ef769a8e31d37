/**
 * The local model's refusal when its line is full (LOCAL_MODEL_QUEUE_MAX waiting behind the
 * reply generating). Kept apart from the engine so the chat can name it without loading
 * node-llama-cpp.
 */
export const localModelBusyText = 'The local model is busy. Try again shortly.';

export class LocalModelBusyError extends Error {
  constructor(options?: ErrorOptions) {
    super(localModelBusyText, options);
    this.name = 'LocalModelBusyError';
  }
}
