import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateText, streamText } from 'ai';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LocalModelBusyError } from '../src/domains/providers/text/local/busy.ts';
import { discoverLocalModels } from '../src/domains/providers/text/local/discovery.ts';
import {
  createLocalModelEngine,
  type LocalModelEngine,
} from '../src/domains/providers/text/local/engine.ts';
import { createLocalLanguageModel } from '../src/domains/providers/text/local/language-model.ts';
import type { LocalModelConfig } from '../src/domains/providers/text/local/local-model-config.ts';
import { tinyGgufBytes, writeTinyGguf } from './support/tiny-gguf.ts';

// Loading the native runtime and the model is quick alone but slow on a busy 2-core CI machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const dir = mkdtempSync(path.join(tmpdir(), 'studio-local-engine-'));
const modelPath = path.join(dir, 'tiny.gguf');
let written: { bytes: number; sha256: string };

beforeAll(async () => {
  written = await writeTinyGguf(modelPath);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function engineWith(settings: Partial<LocalModelConfig> = {}): LocalModelEngine {
  return createLocalModelEngine({ ...engineSettings(), ...settings });
}

const chat = (prompt: string) => ({
  history: [{ type: 'system' as const, text: 'Be brief.' }],
  prompt,
});

describe('the tiny GGUF writer', () => {
  it('writes the same bytes for the same seed, and other bytes for another', async () => {
    expect(tinyGgufBytes().equals(tinyGgufBytes())).toBe(true);
    expect(tinyGgufBytes({ seed: 9 }).equals(tinyGgufBytes())).toBe(false);
    expect(written.bytes).toBe(tinyGgufBytes().length);
    expect(written.sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('local model discovery', () => {
  it('lists the GGUF files of the models directory with their metadata, skipping unreadable ones', async () => {
    const discoveryDir = mkdtempSync(path.join(tmpdir(), 'studio-local-discovery-'));
    try {
      await writeTinyGguf(path.join(discoveryDir, 'tiny.gguf'), { name: 'Found Llama' });
      writeFileSync(path.join(discoveryDir, 'notes.txt'), 'not a model');
      writeFileSync(path.join(discoveryDir, 'broken.gguf'), 'GGUF but nothing else');
      // A download cut off inside the metadata: a real header, then nothing.
      writeFileSync(path.join(discoveryDir, 'cut.gguf'), tinyGgufBytes().subarray(0, 40));
      const unreadable: string[] = [];
      const models = await discoverLocalModels(discoveryDir, (file) => unreadable.push(file));
      expect(models).toEqual([
        expect.objectContaining({
          file: 'tiny.gguf',
          path: path.join(discoveryDir, 'tiny.gguf'),
          name: 'Found Llama',
          architecture: 'llama',
          contextLength: 2048,
          bytes: tinyGgufBytes().length,
        }),
      ]);
      expect(unreadable.sort()).toEqual(['broken.gguf', 'cut.gguf']);
      expect(await discoverLocalModels(path.join(discoveryDir, 'missing'))).toEqual([]);
    } finally {
      rmSync(discoveryDir, { recursive: true, force: true });
    }
  });
});

describe('the local model engine', () => {
  const engine = engineWith();
  afterAll(() => engine.dispose());

  it('is idle before its first use and names the model it will load', () => {
    expect(engine.health()).toEqual({
      status: 'idle',
      name: 'tiny',
      file: 'tiny.gguf',
      memoryBytes: null,
      active: 0,
      queued: 0,
      error: null,
    });
  });

  it('loads the model and tokenizes and detokenizes text round-trip', async () => {
    const tokenizer = await engine.tokenizer();
    for (const text of ['Hello, world!', 'the thin antenna', 'Xin chào ✓']) {
      const tokens = tokenizer.tokenize(text);
      expect(tokens.length).toBeGreaterThan(0);
      expect(tokenizer.detokenize(tokens)).toBe(text);
    }
    // The vocabulary's pieces are used: "the" is one token, not three bytes.
    expect(tokenizer.tokenize(' the').length).toBeLessThan(tokenizer.tokenize(' xqz').length);
    const health = engine.health();
    expect(health).toMatchObject({ status: 'ready', name: 'Tiny Test Llama', file: 'tiny.gguf' });
    expect(health.memoryBytes).toBeGreaterThan(tinyGgufBytes().length);
  });

  it('generates exactly maxTokens tokens with the chat template from the model, counting both sides', async () => {
    const chunks: string[] = [];
    const result = await engine.generate({
      chat: chat('Say something.'),
      maxTokens: 12,
      onText: (text) => chunks.push(text),
    });
    expect(result.finishReason).toBe('length');
    expect(result.outputTokens).toBe(12);
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.join('')).toBe(result.text);
    expect(result.text.length).toBeGreaterThan(0);
    // The ChatML template in the GGUF wraps system and user turns: far more tokens than the words.
    const tokenizer = await engine.tokenizer();
    expect(result.inputTokens).toBeGreaterThan(
      tokenizer.tokenize('Be brief.').length + tokenizer.tokenize('Say something.').length,
    );
  });

  it('answers one request at a time: the second waits at position 1 and starts after the first', async () => {
    const order: string[] = [];
    const positions: number[] = [];
    const first = engine.generate({
      chat: chat('First'),
      maxTokens: 20,
      onText: () => {
        if (!order.includes('first')) order.push('first');
      },
    });
    const second = engine.generate({
      chat: chat('Second'),
      maxTokens: 5,
      onQueuePosition: (position) => positions.push(position),
      onText: () => {
        if (!order.includes('second')) order.push('second');
      },
    });
    expect(engine.health()).toMatchObject({ active: 1, queued: 1 });
    const [a, b] = await Promise.all([first, second]);
    expect(positions).toEqual([1]);
    expect(order).toEqual(['first', 'second']);
    expect([a.outputTokens, b.outputTokens]).toEqual([20, 5]);
    expect(engine.health()).toMatchObject({ active: 0, queued: 0 });
  });

  it('drops a cancelled waiting request from the line and moves the others up', async () => {
    const running = engine.generate({ chat: chat('Long'), maxTokens: 20 });
    const leaving = new AbortController();
    const cancelled = engine.generate({ chat: chat('Never mind'), signal: leaving.signal });
    const positions: number[] = [];
    const staying = engine.generate({
      chat: chat('Still here'),
      maxTokens: 3,
      onQueuePosition: (position) => positions.push(position),
    });
    expect(engine.health().queued).toBe(2);
    leaving.abort(new Error('user left'));
    await expect(cancelled).rejects.toThrow('user left');
    expect(engine.health().queued).toBe(1);
    expect(positions).toEqual([2, 1]);
    await running;
    expect((await staying).outputTokens).toBe(3);
  });

  it('stops the generating request on abort and frees the slot for the next', async () => {
    const stop = new AbortController();
    let chunks = 0;
    const stopped = engine.generate({
      chat: chat('Go on and on'),
      maxTokens: 400,
      signal: stop.signal,
      onText: () => {
        chunks += 1;
        if (chunks === 3) stop.abort(new Error('stop pressed'));
      },
    });
    const next = engine.generate({ chat: chat('Next'), maxTokens: 4 });
    const result = await stopped;
    expect(result.finishReason).toBe('abort');
    expect(result.outputTokens).toBeLessThan(400);
    expect((await next).outputTokens).toBe(4);
  });

  it('streams through the AI SDK with text parts, usage from the tokenizer and abort', async () => {
    const model = createLocalLanguageModel(engine, { modelId: 'local' });
    const result = streamText({
      model,
      system: 'Be brief.',
      messages: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello.' },
        { role: 'user', content: 'Tell me more' },
      ],
      maxOutputTokens: 9,
    });
    const types: string[] = [];
    let text = '';
    for await (const part of result.fullStream) {
      types.push(part.type);
      if (part.type === 'text-delta') text += part.text;
    }
    expect(types.filter((type) => type === 'text-start')).toHaveLength(1);
    expect(types.filter((type) => type === 'text-end')).toHaveLength(1);
    expect(types.indexOf('text-start')).toBeLessThan(types.indexOf('text-delta'));
    expect(types.lastIndexOf('text-delta')).toBeLessThan(types.indexOf('text-end'));
    expect(text).toBe(await result.text);
    expect(await result.finishReason).toBe('length');
    const usage = await result.usage;
    expect(usage.outputTokens).toBe(9);
    expect(usage.inputTokens).toBeGreaterThan(10);

    const stop = new AbortController();
    const aborted = streamText({
      model,
      prompt: 'Keep going',
      maxOutputTokens: 400,
      abortSignal: stop.signal,
      onError: () => {},
    });
    let deltas = 0;
    for await (const part of aborted.fullStream) {
      if (part.type === 'text-delta' && ++deltas === 2) stop.abort();
    }
    expect(deltas).toBeLessThan(400);
    await expect.poll(() => engine.health().active).toBe(0);
  });
});

describe('the local model engine with two models', () => {
  const engine = engineWith();
  const otherPath = path.join(dir, 'other.gguf');
  beforeAll(() => writeTinyGguf(otherPath, { seed: 9, name: 'Other Llama' }));
  afterAll(() => engine.dispose());

  it('keeps one model in memory, swapping when a request names another file', async () => {
    await engine.generate({ chat: chat('One'), maxTokens: 2 });
    expect(engine.health()).toMatchObject({ status: 'ready', name: 'Tiny Test Llama' });
    await engine.generate({ modelPath: otherPath, chat: chat('Two'), maxTokens: 2 });
    expect(engine.health()).toMatchObject({
      status: 'ready',
      name: 'Other Llama',
      file: 'other.gguf',
    });
  });

  it('answers generateText through the adapter (doGenerate) with usage counts', async () => {
    const result = await generateText({
      model: createLocalLanguageModel(engine, { modelId: 'local', modelPath }),
      system: 'Be brief.',
      prompt: 'Hello',
      maxOutputTokens: 5,
    });
    expect(result.text.length).toBeGreaterThan(0);
    expect(result.usage.outputTokens).toBe(5);
    expect(result.finishReason).toBe('length');
    expect(engine.health().name).toBe('Tiny Test Llama');
  });

  it('stops the running reply and frees the model when disposed', async () => {
    let writing: () => void = () => {};
    const firstText = new Promise<void>((resolve) => (writing = resolve));
    const running = engine.generate({
      chat: chat('Long'),
      maxTokens: 400,
      onText: () => writing(),
    });
    await firstText;
    await engine.dispose();
    const result = await running;
    expect(result.finishReason).toBe('abort');
    expect(engine.health()).toMatchObject({ status: 'idle', memoryBytes: null, active: 0 });
    await expect(engine.generate({ chat: chat('After') })).rejects.toThrow(/disposed/);
  });
});

describe('the local model queue limit', () => {
  const engine = engineWith({ queueMax: 1 });
  afterAll(() => engine.dispose());

  it('refuses a request beyond LOCAL_MODEL_QUEUE_MAX waiting as busy', async () => {
    const running = engine.generate({ chat: chat('One'), maxTokens: 30 });
    const waiting = engine.generate({ chat: chat('Two'), maxTokens: 2 });
    expect(engine.isFull()).toBe(true);
    await expect(engine.generate({ chat: chat('Three') })).rejects.toBeInstanceOf(
      LocalModelBusyError,
    );
    await Promise.all([running, waiting]);
    expect(engine.isFull()).toBe(false);
  });

  it('reports none when no model is installed, and a load failure as an error', async () => {
    const none = createLocalModelEngine({ ...engineSettings(), file: null });
    expect(none.health()).toMatchObject({ status: 'none', name: null, file: null });
    await expect(none.generate({ chat: chat('Hi') })).rejects.toThrow(
      /no local model is installed/,
    );

    const brokenPath = path.join(dir, 'broken.gguf');
    writeFileSync(brokenPath, 'GGUF and nothing else');
    const broken = createLocalModelEngine({ ...engineSettings(), file: brokenPath });
    await expect(broken.load()).rejects.toThrow();
    expect(broken.health()).toMatchObject({ status: 'error', file: 'broken.gguf' });
    expect(broken.health().error).toEqual(expect.any(String));
  });
});

function engineSettings(): LocalModelConfig {
  return {
    dir,
    file: modelPath,
    contextSize: 512,
    // One thread: on a small shared machine more threads spin against each other.
    threads: 1,
    gpu: false,
    gpuLayers: 0,
    preload: false,
    queueMax: 8,
  };
}
