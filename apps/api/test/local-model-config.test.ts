import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { tinyGgufBytes } from './support/tiny-gguf.ts';
import { problemsOf } from './support/config-problems.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'studio-local-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('LOCAL_MODEL* settings', () => {
  it('has defaults: DATA_DIR/models, 4096 tokens, the CPU, no preload in tests, 8 waiting', () => {
    const dataDir = path.join(dir, 'data');
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }).localModel).toEqual({
      dir: path.join(dataDir, 'models'),
      file: null,
      contextSize: 4096,
      threads: availableParallelism(),
      gpu: false,
      gpuLayers: 0,
      preload: false,
      queueMax: 8,
    });
    expect(loadConfig({ DATA_DIR: dataDir }).localModel.preload).toBe(true);
  });

  it('reads every variable', () => {
    writeFileSync(path.join(dir, 'chosen.gguf'), tinyGgufBytes());
    expect(
      loadConfig({
        LOCAL_MODELS_DIR: dir,
        LOCAL_MODEL: 'chosen.gguf',
        LOCAL_MODEL_CONTEXT_SIZE: '1024',
        LOCAL_MODEL_THREADS: '2',
        LOCAL_MODEL_GPU: 'vulkan',
        LOCAL_MODEL_GPU_LAYERS: 'max',
        LOCAL_MODEL_PRELOAD: 'false',
        LOCAL_MODEL_QUEUE_MAX: '3',
      }).localModel,
    ).toEqual({
      dir,
      file: path.join(dir, 'chosen.gguf'),
      contextSize: 1024,
      threads: 2,
      gpu: 'vulkan',
      gpuLayers: 'max',
      preload: false,
      queueMax: 3,
    });
    expect(loadConfig({ LOCAL_MODEL_GPU: 'cuda' }).localModel.gpuLayers).toBe('auto');
    expect(loadConfig({ LOCAL_MODEL_GPU_LAYERS: '12' }).localModel.gpuLayers).toBe(12);
  });

  it('takes the newest GGUF file when LOCAL_MODEL is unset, and ignores partial downloads', () => {
    const models = mkdtempSync(path.join(dir, 'newest-'));
    writeFileSync(path.join(models, 'old.gguf'), tinyGgufBytes());
    writeFileSync(path.join(models, 'new.gguf'), tinyGgufBytes());
    writeFileSync(path.join(models, 'newer.gguf.part'), 'half');
    utimesSync(path.join(models, 'old.gguf'), new Date(2020, 0, 1), new Date(2020, 0, 1));
    const config = loadConfig({ LOCAL_MODELS_DIR: models });
    expect(config.localModel.file).toBe(path.join(models, 'new.gguf'));
    expect(config.models.models).toEqual([
      expect.objectContaining({ id: 'local', provider: 'local', model: config.localModel.file }),
    ]);
    expect(config.models.pullCommand).toBeNull();
    expect(config.models.usesSandbox).toBe(false);
  });

  it('uses an installed model in production too, where no sandbox is allowed', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      CSRF_SECRET: 'k7Q2v9LmX4pR8tW1zB6nC3yD5fG0hJ2s',
      AUTH_SECRET: 'P3x8Rk2Lq9Zw5Tn1Vb7Hc4Jd6Mf0Gs2Y',
      PUBLIC_URL: 'https://studio.example',
      LOCAL_MODELS_DIR: dir,
      LOCAL_MODEL: 'chosen.gguf',
    });
    expect(config.models.models.map((model) => model.id)).toEqual(['local']);
    expect(config.localModel.preload).toBe(true);
  });

  it('says what is wrong with each variable, all at once', () => {
    expect(
      problemsOf({
        LOCAL_MODELS_DIR: dir,
        LOCAL_MODEL: 'missing.gguf',
        LOCAL_MODEL_CONTEXT_SIZE: '12',
        LOCAL_MODEL_GPU: 'rocm',
        LOCAL_MODEL_GPU_LAYERS: 'most',
        LOCAL_MODEL_PRELOAD: 'yes',
      }),
    ).toEqual([
      'LOCAL_MODEL_CONTEXT_SIZE: must be a whole number from 128 to 1048576',
      'LOCAL_MODEL_GPU: must be one of false, auto, cuda, vulkan, metal',
      'LOCAL_MODEL_GPU_LAYERS: must be max, auto or a whole number of layers',
      'LOCAL_MODEL_PRELOAD: must be true or false',
    ]);
    expect(problemsOf({ LOCAL_MODELS_DIR: dir, LOCAL_MODEL: 'missing.gguf' })).toEqual([
      expect.stringMatching(/^LOCAL_MODEL: no GGUF file 'missing\.gguf'/),
    ]);
    expect(
      problemsOf({
        LOCAL_MODELS_DIR: dir,
        CHAT_MODELS: JSON.stringify([
          { id: 'mine', name: 'Mine', provider: 'local', model: 'absent.gguf' },
        ]),
      }),
    ).toEqual([expect.stringMatching(/^CHAT_MODELS\[0\]\.model: no GGUF file 'absent\.gguf'/)]);
  });
});
