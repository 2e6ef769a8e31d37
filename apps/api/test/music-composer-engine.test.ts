import { arrangementSchema } from '@studio/composer';
import { type MusicJobStage, musicSettings } from '@studio/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { createComposerEngine } from '../src/domains/providers/index.ts';
import type { MusicGenerateRequest } from '../src/domains/providers/music/music-engine.ts';

const engine = createComposerEngine();
afterAll(() => engine.close?.());

function request(overrides: Partial<MusicGenerateRequest> = {}) {
  const stages: MusicJobStage[] = [];
  return {
    stages,
    request: {
      model: 'arranger',
      settings: musicSettings.parse({
        genre: 'pop',
        durationSeconds: 15,
        seed: 5,
        instruments: ['piano', 'bass', 'drums'],
      }),
      from: null,
      signal: new AbortController().signal,
      onProgress: (stage: MusicJobStage) => stages.push(stage),
      ...overrides,
    } satisfies MusicGenerateRequest,
  };
}

describe('the offline composer engine', () => {
  it('lists one free model that cannot sing', () => {
    const [model] = engine.models();
    expect(model).toMatchObject({
      id: 'composer:arranger',
      provider: 'composer',
      plan: 'free',
      sandbox: false,
    });
    expect(model?.capabilities).not.toContain('lyrics');
  });

  it('composes, renders the mix and one stem per instrument in a thread, with MIDI', async () => {
    const { request: asked, stages } = request();
    const result = await engine.generate(asked);
    expect(result.audio.sampleRate).toBe(44_100);
    expect(result.audio.channels).toBe(2);
    expect(result.stems.map((stem) => stem.instrument)).toEqual(['piano', 'bass', 'drums']);
    for (const stem of result.stems)
      expect(stem.audio.samples.length).toBe(result.audio.samples.length);
    expect(
      Buffer.from(result.midi ?? [])
        .subarray(0, 4)
        .toString(),
    ).toBe('MThd');
    expect(new Set(stages)).toEqual(new Set(['composing', 'rendering', 'stems']));
    expect(arrangementSchema.safeParse(result.composition).success).toBe(true);

    const source = {
      settings: result.settings,
      durationMs: result.sections.at(-1)?.endMs ?? 0,
      sections: result.sections,
      composition: result.composition,
      audio: () => Promise.resolve(result.audio),
    };
    const extended = await engine.generate(
      request({ from: { operation: 'extend', source, seconds: 8 } }).request,
    );
    expect(extended.audio.samples.length).toBeGreaterThan(result.audio.samples.length);
    expect(extended.settings.key).toEqual(result.settings.key);

    const rewritten = await engine.generate(
      request({
        from: { operation: 'section', source, sectionIndex: 1 },
        settings: musicSettings.parse({ genre: 'pop', seed: 77 }),
      }).request,
    );
    expect(rewritten.sections).toEqual(result.sections);

    await expect(
      engine.generate(
        request({
          from: {
            operation: 'extend',
            source: { ...source, composition: { notes: 1 } },
            seconds: 8,
          },
        }).request,
      ),
    ).rejects.toThrow(/no arrangement the composer can read/);
  }, 240_000);

  it('stops when the request is cancelled', async () => {
    const controller = new AbortController();
    const pending = engine.generate(request({ signal: controller.signal }).request);
    setTimeout(() => controller.abort(), 200);
    await expect(pending).rejects.toThrow(/cancelled/);
  }, 60_000);
});
