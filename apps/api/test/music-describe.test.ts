import { type MusicDescribeResponse, musicSettings, musicTexts } from '@studio/contracts';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { describeSystemPrompt } from '../src/domains/music/music-describe.ts';
import { readMusicKeywords } from '../src/domains/music/music-keywords.ts';
import { relaxedAuthLimits } from './support/auth.ts';
import { databaseKinds } from './support/databases.ts';
import { newVisitorKey, send } from './support/images.ts';
import { musicTestEnv, toneEngines } from './support/music.ts';
import { useTestApp } from './support/test-app.ts';

describe('the keyword reader', () => {
  it('reads English: genre, mood, tempo, key, instruments and length', () => {
    const settings = readMusicKeywords(
      'A sad jazz piece in D minor at 120 bpm with piano, upright double bass and brushed drums, 2 minutes',
    );
    expect(settings).toMatchObject({
      genre: 'jazz',
      mood: 'sad',
      tempo: 120,
      key: { tonic: 'D', mode: 'minor' },
      instruments: ['piano', 'bass', 'drums'],
      durationSeconds: 120,
    });
    expect(settings.prompt).toContain('sad jazz piece');
    expect(
      readMusicKeywords('fast epic cinematic trailer, electric guitar, 90 seconds'),
    ).toMatchObject({
      genre: 'cinematic',
      mood: 'epic',
      tempo: 130,
      instruments: ['electric-guitar'],
      durationSeconds: 90,
    });
    expect(readMusicKeywords('something in F# major, 1:30')).toMatchObject({
      key: { tonic: 'F#', mode: 'major' },
      durationSeconds: 90,
    });
  });

  it('reads Vietnamese the same way', () => {
    expect(
      readMusicKeywords('Một bản nhạc jazz buồn, chậm rãi, có đàn piano và sáo trúc, dài 2 phút'),
    ).toMatchObject({
      genre: 'jazz',
      mood: 'sad',
      tempo: 70,
      instruments: ['piano', 'flute'],
      durationSeconds: 120,
    });
    expect(
      readMusicKeywords(
        'nhạc điện tử sôi động 128 bpm, giọng La thứ, có trống và guitar điện, 45 giây',
      ),
    ).toMatchObject({
      genre: 'electronic',
      mood: 'energetic',
      tempo: 128,
      key: { tonic: 'A', mode: 'minor' },
      // In the order the words name them.
      instruments: ['drums', 'electric-guitar'],
      durationSeconds: 45,
    });
    expect(readMusicKeywords('nhạc cổ điển nhẹ nhàng, Rê trưởng')).toMatchObject({
      genre: 'classical',
      mood: 'calm',
      key: { tonic: 'D', mode: 'major' },
    });
  });

  it('leaves to the composer what the words do not name, and stays within the limits', () => {
    const settings = readMusicKeywords('something nice');
    expect(settings).toEqual(musicSettings.parse({ prompt: 'something nice' }));
    expect(readMusicKeywords('a 30 minute drone at 400 bpm')).toMatchObject({
      durationSeconds: 360,
      tempo: 200,
      genre: 'ambient',
    });
    // A word inside a longer one is not read ("rapid" is not rap, "popular" is not pop).
    expect(readMusicKeywords('a rapid popular tune').genre).toBe('pop');
    expect(readMusicKeywords('a rapid popular tune').tempo).toBeNull();
  });
});

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

/** A chat model that answers each describe call with the next of `answers` (text, or a throw). */
/** The describer's provider as the registry names it (a test sets the sandbox). */
const provider: { current: 'openai' | 'sandbox' } = { current: 'openai' };

function answering(answers: (string | Error)[]) {
  const model = new MockLanguageModelV3({
    modelId: 'describer',
    doGenerate: async () => {
      const answer = answers.shift() ?? 'I would love to help with your song!';
      if (answer instanceof Error) throw answer;
      return {
        content: [{ type: 'text', text: answer }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage,
        warnings: [],
      };
    },
  });
  return {
    model,
    registry: {
      defaultModelId: () => 'describer',
      languageModel: () => model,
      get: (id: string) => ({
        id,
        name: 'Describer',
        provider: provider.current,
        capabilities: ['text' as const],
        plan: 'free' as const,
      }),
    },
  };
}

describe.each(databaseKinds)('POST /api/music/describe on %s', (kind) => {
  const answers: (string | Error)[] = [];
  const describer = answering(answers);
  const t = useTestApp(
    kind,
    { ...relaxedAuthLimits, ...musicTestEnv, LOG_LEVEL: 'trace' },
    { music: { engines: toneEngines().engines, models: describer.registry } },
  );
  const ask = (text: unknown) =>
    send(t.app, { visitorKey: newVisitorKey() }, 'POST', '/api/music/describe', { text });

  it("uses the chat model's structured answer when it fits the settings", async () => {
    answers.push(
      JSON.stringify({
        prompt: 'rainy night lofi with soft keys',
        instrumental: true,
        genre: 'lofi',
        mood: 'calm',
        tempo: 80,
        key: null,
        durationSeconds: 90,
        instruments: ['electric-piano', 'drums'],
      }),
    );
    const response = await ask('mưa đêm, lofi nhẹ nhàng, Rê thứ');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<MusicDescribeResponse>()).toEqual({
      source: 'model',
      settings: musicSettings.parse({
        prompt: 'rainy night lofi with soft keys',
        genre: 'lofi',
        mood: 'calm',
        tempo: 80,
        // Left open by the model, named in the words: the keyword reader fills it in.
        key: { tonic: 'D', mode: 'minor' },
        durationSeconds: 90,
        instruments: ['electric-piano', 'drums'],
      }),
    });
    const call = describer.model.doGenerateCalls.at(-1);
    expect(call?.prompt[0]).toMatchObject({ role: 'system', content: describeSystemPrompt });
    expect(call?.responseFormat).toMatchObject({ type: 'json' });
  });

  it('reads the words itself when the model answers in prose, off the settings, or fails', async () => {
    answers.push(
      'Sure! Here is a lovely sad jazz tune for you.',
      JSON.stringify({ genre: 'polka', mood: 'sad' }),
      new Error('upstream 500 at fake.test'),
    );
    for (let call = 0; call < 3; call += 1) {
      const response = await ask('A sad jazz piece, 120 bpm, 2 minutes');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<MusicDescribeResponse>()).toMatchObject({
        source: 'rules',
        settings: { genre: 'jazz', mood: 'sad', tempo: 120, durationSeconds: 120 },
      });
    }
    const vietnamese = await ask('nhạc buồn, 2 phút');
    expect(vietnamese.json<MusicDescribeResponse>()).toMatchObject({
      source: 'rules',
      settings: { mood: 'sad', durationSeconds: 120 },
    });
  });

  it('reads the words itself when the model is the sandbox, without asking it', async () => {
    const calls = describer.model.doGenerateCalls.length;
    provider.current = 'sandbox';
    try {
      const response = await ask('A sad jazz piece, 120 bpm, 2 minutes');
      expect(response.json<MusicDescribeResponse>()).toMatchObject({
        source: 'rules',
        settings: { genre: 'jazz', mood: 'sad', tempo: 120, durationSeconds: 120 },
      });
    } finally {
      provider.current = 'openai';
    }
    expect(describer.model.doGenerateCalls).toHaveLength(calls);
  });

  it('refuses no words with a clear message', async () => {
    for (const text of ['', '   ', undefined]) {
      const response = await ask(text);
      expect(response.statusCode).toBe(400);
      if (text !== undefined) expect(response.json().message).toBe(musicTexts.describeEmpty);
    }
    expect((await ask('x'.repeat(1001))).statusCode).toBe(400);
  });

  it('writes none of the words to the log', () => {
    const logs = t.logs.join('\n');
    expect(logs).toContain('provider_failed');
    for (const words of ['sad jazz', 'mưa đêm', 'nhạc buồn', 'Rê thứ', 'rainy night']) {
      expect(logs).not.toContain(words);
    }
  });
});
