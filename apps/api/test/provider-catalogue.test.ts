import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createImageModelRegistry } from '../src/domains/images/image-registry.ts';
import { createModelRegistry } from '../src/domains/models/registry.ts';
import { createModelCatalogue } from '../src/domains/providers/catalogue/model-catalogue.ts';
import { createProviderCatalogue } from '../src/domains/providers/catalogue/provider-catalogue.ts';
import { createSpeechService } from '../src/domains/speech/create-speech-service.ts';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

/**
 * The provider layer's one catalogue: every configured model of every modality, with what it
 * can do, the plan it needs and whether it is a sandbox stand-in, asked in one way.
 */

describe('the provider catalogue', () => {
  it('joins the modalities, and says which are only sandbox stand-ins', () => {
    const catalogue = createProviderCatalogue();
    catalogue.add(
      createModelCatalogue('text', [
        { id: 'gpt', name: 'GPT', provider: 'openai', capabilities: ['text'], plan: 'pro' },
        { id: 'sandbox', name: 'S', provider: 'sandbox', capabilities: ['text'], plan: 'free' },
      ]),
    );
    catalogue.add(
      createModelCatalogue('image', [
        { id: 'sandbox', name: 'S', provider: 'sandbox', capabilities: ['seed'], plan: 'free' },
      ]),
    );
    expect(catalogue.all().map((entry) => [entry.modality, entry.id, entry.sandbox])).toEqual([
      ['text', 'gpt', false],
      ['text', 'sandbox', true],
      ['image', 'sandbox', true],
    ]);
    expect(catalogue.of('text')[0]).toEqual({
      id: 'gpt',
      name: 'GPT',
      provider: 'openai',
      modality: 'text',
      capabilities: ['text'],
      plan: 'pro',
      sandbox: false,
    });
    expect(catalogue.sandboxOnly('text')).toBe(false);
    expect(catalogue.sandboxOnly('image')).toBe(true);
    // Nothing configured is not "only sandbox".
    expect(catalogue.sandboxOnly('speech')).toBe(false);
    expect(catalogue.of('speech')).toEqual([]);
  });

  it('lists each registry’s models as the registry does, with its modality', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      CHAT_MODELS: JSON.stringify([
        { id: 'gpt', name: 'GPT', provider: 'openai', model: 'gpt-4o-mini', plan: 'godmode' },
      ]),
      OPENAI_API_KEY: 'sk-test',
      SPEECH_ENGINE: 'openai',
      SPEECH_API_KEY: 'sk-test',
      SPEECH_MODEL: 'kokoro',
    });
    const text = createModelRegistry(config.models).catalogue;
    expect(text.entries()).toEqual([
      {
        id: 'gpt',
        name: 'GPT',
        provider: 'openai',
        modality: 'text',
        capabilities: ['text'],
        plan: 'godmode',
        sandbox: false,
      },
    ]);
    const images = createImageModelRegistry(config.images, { sandboxFetch: fetch }).catalogue;
    expect(images.entries().map((entry) => [entry.modality, entry.id, entry.sandbox])).toEqual([
      ['image', 'sandbox', true],
      ['image', 'sandbox-imagen', true],
    ]);
    const speech = createSpeechService(config.speech, {}, config.speechProviders.voices).catalogue;
    // The service first, then the offline engines that stay beside it.
    expect(speech.entries()).toEqual([
      {
        id: 'kokoro',
        name: 'kokoro',
        provider: 'openai',
        modality: 'speech',
        capabilities: ['speed'],
        // A cloud service's voices are Pro's unless SPEECH_VOICES_PLAN says otherwise.
        plan: 'pro',
        sandbox: false,
      },
      {
        id: 'flite',
        name: 'Flite',
        provider: 'flite',
        modality: 'speech',
        capabilities: ['speed', 'pitch'],
        plan: 'free',
        sandbox: false,
      },
      {
        id: 'espeak-ng',
        name: 'eSpeak NG',
        provider: 'espeak',
        modality: 'speech',
        capabilities: ['speed', 'pitch'],
        plan: 'free',
        sandbox: false,
      },
    ]);
    const silent = createSpeechService(loadConfig({ SPEECH_ENGINE: 'none' }).speech).catalogue;
    expect(silent.entries()).toEqual([]);
  });
});

describe.each(databaseKinds)('app.providers on %s', (kind) => {
  const t = useTestApp(kind);

  it('holds every configured model, as the registries see them', () => {
    const { catalogue } = t.app.providers;
    expect(catalogue.all().map((entry) => [entry.modality, entry.id, entry.sandbox])).toEqual([
      ['text', 'sandbox', true],
      ['image', 'sandbox', true],
      ['image', 'sandbox-imagen', true],
      ['speech', 'flite', false],
      ['speech', 'espeak-ng', false],
      // Dictation's sandbox: nothing configured, outside production.
      ['transcription', 'sandbox', true],
      // The offline composer: real music, needing nothing configured.
      ['music', 'composer:arranger', false],
    ]);
    expect(catalogue.of('speech')).toMatchObject([
      { provider: 'flite', capabilities: ['speed', 'pitch'], plan: 'free' },
      { provider: 'espeak', capabilities: ['speed', 'pitch'], plan: 'free' },
    ]);
    expect(catalogue.sandboxOnly('text')).toBe(t.app.models.sandboxOnly);
    expect(catalogue.sandboxOnly('image')).toBe(t.app.imageModels.sandboxOnly);
    expect(catalogue.sandboxOnly('speech')).toBe(false);
    expect(catalogue.sandboxOnly('transcription')).toBe(true);
    expect(catalogue.sandboxOnly('music')).toBe(false);
  });
});
