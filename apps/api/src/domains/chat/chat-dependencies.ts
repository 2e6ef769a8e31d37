import type { ModelRegistry } from '../models/model-registry.ts';
import type { SpeechService } from '../speech/speech-service.ts';
import type { UploadService } from '../uploads/upload-service.ts';

/** The other services chat talks to, looked up when needed (their plugins decorate the app). */
export interface ChatDependencies {
  models: () => ModelRegistry;
  speech: () => SpeechService;
  uploads: () => UploadService;
}
