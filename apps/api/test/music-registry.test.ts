import { musicJobFailureTexts } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { MusicError } from '../src/domains/providers/music/music-engine.ts';
import { createMusicRegistry } from '../src/domains/providers/music/music-registry.ts';
import { databaseKinds } from './support/databases.ts';
import { newVisitorKey, send } from './support/images.ts';
import { musicCatalogueOf, musicTestEnv, toneEngines } from './support/music.ts';
import { useTestApp } from './support/test-app.ts';

const request = (model: string) => ({
  model,
  settings: {
    prompt: '',
    lyrics: null,
    instrumental: true,
    genre: 'pop' as const,
    mood: null,
    tempo: null,
    key: null,
    durationSeconds: 15,
    instruments: [],
    structure: [],
    seed: 7,
  },
  from: null,
  signal: new AbortController().signal,
  onProgress: () => undefined,
});

describe('the music registry', () => {
  it("lists every engine's models and routes a request by the model id's provider", async () => {
    const { composer, cloud, engines } = toneEngines();
    const registry = createMusicRegistry(engines, { cloudPlan: 'pro' });
    expect(registry.models().map((model) => [model.id, model.plan])).toEqual([
      ['composer:tones', 'free'],
      ['fal:cloud-tones', 'pro'],
    ]);
    expect(registry.defaultModel()).toBe('composer:tones');
    expect(registry.find('fal:cloud-tones')?.name).toBe('Test cloud tones');
    expect(registry.find('fal:nothing')).toBeNull();

    const piece = await registry.generate(request('fal:cloud-tones'));
    expect(cloud.requests.at(-1)?.model).toBe('cloud-tones');
    expect(composer.requests).toHaveLength(0);
    expect(piece.audio.samples.length).toBe(15 * 16_000 * 2);
    expect(piece.settings.seed).toBe(7);

    expect(registry.catalogue.modality).toBe('music');
    expect(registry.catalogue.entries()).toEqual([
      expect.objectContaining({ id: 'composer:tones', modality: 'music', sandbox: false }),
      expect.objectContaining({ id: 'fal:cloud-tones', plan: 'pro', provider: 'fal' }),
    ]);
  });

  it("names the model on an engine's failure, and refuses a model no engine has", async () => {
    const { composer, engines } = toneEngines();
    const registry = createMusicRegistry(engines);
    composer.failNext(new MusicError('the renderer crashed'));
    await expect(registry.generate(request('composer:tones'))).rejects.toMatchObject({
      name: 'MusicError',
      model: 'composer:tones',
    });
    await expect(registry.generate(request('composer:other'))).rejects.toThrow(
      'No music model composer:other on this server.',
    );
  });

  it('with no engine, lists nothing and says music is off', async () => {
    const registry = createMusicRegistry([]);
    expect(registry.models()).toEqual([]);
    expect(registry.defaultModel()).toBeNull();
    expect(registry.catalogue.entries()).toEqual([]);
    await expect(registry.generate(request('composer:tones'))).rejects.toThrow(/turned off/);
    expect(musicJobFailureTexts.musicOff).toMatch(/turned off/);
  });
});

describe.each(databaseKinds)("the music creator's own engines on %s", (kind) => {
  // No engine handed in: the app's own (createMusicEngines), with no provider key set.
  const t = useTestApp(kind, { ...musicTestEnv });

  it("offers the offline composer, every plan's, as the default model", async () => {
    const guest = { visitorKey: newVisitorKey() };
    const catalogue = await musicCatalogueOf(t.app, guest);
    expect(catalogue.defaultModel).toBe('composer:arranger');
    expect(catalogue.models).toEqual([
      expect.objectContaining({
        id: 'composer:arranger',
        provider: 'composer',
        quality: 'offline-composer',
        plan: 'free',
        allowed: true,
        sandbox: false,
      }),
    ]);
    expect(t.app.providers.catalogue.of('music').map((model) => model.id)).toEqual([
      'composer:arranger',
    ]);
  });
});

describe.each(databaseKinds)('the music creator without engines on %s', (kind) => {
  const t = useTestApp(kind, { ...musicTestEnv }, { music: { engines: [] } });

  it('lists no model and refuses every piece as music turned off, faking nothing', async () => {
    const guest = { visitorKey: newVisitorKey() };
    const catalogue = await musicCatalogueOf(t.app, guest);
    expect(catalogue).toMatchObject({ models: [], defaultModel: '' });
    expect(t.app.providers.catalogue.of('music')).toEqual([]);
    const refused = await send(t.app, guest, 'POST', '/api/music/pieces', {
      settings: { genre: 'jazz', durationSeconds: 20 },
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toBe(musicJobFailureTexts.musicOff);
    expect((await musicCatalogueOf(t.app, guest)).limits.remainingToday).toBe(60);
  });
});
