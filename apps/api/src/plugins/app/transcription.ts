import fp from 'fastify-plugin';
import {
  createDictationEngine,
  type DictationEngineHandle,
} from '../../domains/dictation/dictation-engine.ts';
import { createDictationQuota } from '../../domains/dictation/dictation-quota.ts';
import {
  createDictationService,
  type DictationService,
} from '../../domains/dictation/dictation.service.ts';
import type { WhisperLoader } from '../../domains/providers/index.ts';
import { createQuotaCounter } from '../../domains/usage/create-quota-counter.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The engine that hears recordings (TRANSCRIPTION_ENGINE), or none. */
    transcription: DictationEngineHandle;
    /** Dictation: its status for a caller, and hearing one recording within the allowance. */
    dictation: DictationService;
  }
}

/** Tests hand the offline Whisper engine a stand-in for whisper.node's context. */
export interface TranscriptionPluginOptions {
  whisperLoader?: WhisperLoader;
}

/**
 * `app.transcription`: the speech-to-text engine TRANSCRIPTION_ENGINE decided (a configured
 * provider, else the offline Whisper engine when its model is installed, else none), its model
 * added to the provider layer's catalogue. With `sandbox`, packages/sandbox's speech server is
 * imported (only then) and answers in process through its fetch: no socket, nothing mounted.
 * The engine stops (Whisper's model is released) when the app closes.
 */
export const transcriptionPlugin = fp<TranscriptionPluginOptions>(
  async (app, options) => {
    const config = app.config.dictation;
    let sandboxFetch: typeof fetch | undefined;
    if (config.engine.kind === 'sandbox') {
      const { sandboxSpeechFetch } = await import('@studio/sandbox');
      sandboxFetch = sandboxSpeechFetch() as typeof fetch;
    }
    const handle = createDictationEngine(config, {
      ...(sandboxFetch ? { sandboxFetch } : {}),
      ...(options.whisperLoader ? { whisperLoader: options.whisperLoader } : {}),
    });
    app.decorate('transcription', handle);
    app.providers.catalogue.add(handle.catalogue);
    app.addHook('onClose', async () => handle.engine?.close());
    if (handle.label) {
      app.log.info(
        { engine: handle.label, offline: handle.offline, sandbox: handle.sandbox },
        `Dictation: ${handle.label}`,
      );
    }
  },
  { name: 'transcription', dependencies: ['config', 'providers'] },
);

/** `app.dictation`: the dictation service over the engine and the `transcription` meter. */
export const dictationPlugin = fp(
  async (app) => {
    const { dictation } = app.config;
    const quota = createDictationQuota({
      counter: createQuotaCounter(app),
      limits: dictation.limits.dailySeconds,
      addressCeiling: dictation.visitorAddressCeiling,
      now: () => app.now(),
    });
    app.decorate(
      'dictation',
      createDictationService({
        engine: app.transcription,
        quota,
        limits: dictation.limits,
        log: app.log,
        now: () => app.now(),
      }),
    );
  },
  { name: 'dictation', dependencies: ['config', 'database', 'redis', 'auth', 'transcription'] },
);
