import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configVariables, loadConfig } from '../src/config.ts';
import { fillComfyWorkflow } from '../src/domains/providers/image/comfyui-workflow.ts';
import { problemsOf } from './support/config-problems.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'studio-image-config-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function workflowFile(name: string, text: string): string {
  const file = path.join(folder, name);
  writeFileSync(file, text);
  return file;
}

/** A text-to-image workflow in ComfyUI's API format, numbers bare as a hand edit leaves them. */
const workflowText = `{
  "3": { "class_type": "KSampler", "inputs": { "seed": {{seed}}, "steps": 20, "model": ["4", 0],
         "positive": ["6", 0], "negative": ["7", 0], "latent_image": ["5", 0] } },
  "4": { "class_type": "CheckpointLoaderSimple", "inputs": { "ckpt_name": "sd_xl_base_1.0.safetensors" } },
  "5": { "class_type": "EmptyLatentImage",
         "inputs": { "width": {{width}}, "height": "{{height}}", "batch_size": {{batch_size}} } },
  "6": { "class_type": "CLIPTextEncode", "inputs": { "text": "masterpiece, {{prompt}}", "clip": ["4", 1] } },
  "7": { "class_type": "CLIPTextEncode", "inputs": { "text": "{{negative_prompt}}", "clip": ["4", 1] } },
  "9": { "class_type": "SaveImage", "inputs": { "filename_prefix": "studio", "images": ["8", 0] } }
}`;

const models = (list: unknown, extra: Record<string, string> = {}) => ({
  IMAGE_MODELS: JSON.stringify(list),
  ...extra,
});

describe('IMAGE_MODELS and the image providers', () => {
  it('defaults to the two sandbox models, the daily limits and the time cap', () => {
    const config = loadConfig({});
    expect(config.images.models).toEqual([
      {
        id: 'sandbox',
        name: 'Sandbox image',
        provider: 'sandbox',
        model: 'gpt-image-1',
        capabilities: expect.arrayContaining([
          'edit',
          'mask',
          'variation',
          'negative-prompt',
          'seed',
          'reference-images',
        ]),
        plan: 'free',
        baseURL: null,
      },
      expect.objectContaining({ id: 'sandbox-imagen', model: 'imagen-4.0-generate-001' }),
    ]);
    expect(config.images).toMatchObject({
      usesSandbox: true,
      dailyLimits: { visitor: 5, free: 25, pro: 500, godmode: 2000 },
      visitorAddressCeiling: 50,
      timeoutMs: 300_000,
    });
    expect(config.warnings.join('\n')).toMatch(
      /IMAGE_MODELS is not set: the image tools use the sandbox/,
    );
  });

  it('reads the limits and the time cap, 0 switching a tier off', () => {
    const config = loadConfig({
      IMAGE_DAILY_LIMIT_VISITOR: '0',
      IMAGE_DAILY_LIMIT_GODMODE: '9',
      IMAGE_DAILY_LIMIT_PER_ADDRESS: '120',
      IMAGE_TIMEOUT_SECONDS: '60',
    });
    expect(config.images.dailyLimits).toEqual({ visitor: 0, free: 25, pro: 500, godmode: 9 });
    expect(config.images.visitorAddressCeiling).toBe(120);
    expect(problemsOf({ IMAGE_DAILY_LIMIT_PER_ADDRESS: 'lots' })).toEqual([
      expect.stringMatching(/^IMAGE_DAILY_LIMIT_PER_ADDRESS: must be a whole number/),
    ]);
    expect(config.images.timeoutMs).toBe(60_000);
    expect(problemsOf({ IMAGE_TIMEOUT_SECONDS: '5' })).toEqual([
      'IMAGE_TIMEOUT_SECONDS: must be a whole number from 10 to 3600',
    ]);
  });

  it('keeps the sandbox out of production unless allowed', () => {
    const production = {
      NODE_ENV: 'production',
      CSRF_SECRET: 'k7Q2v9LmX4pR8tW1zB6nC3yD5fG0hJ2s',
      AUTH_SECRET: 'P3x8Rk2Lq9Zw5Tn1Vb7Hc4Jd6Mf0Gs2Y',
      PUBLIC_URL: 'https://studio.example',
    };
    const refused = loadConfig(production);
    expect(refused.images.models).toEqual([]);
    expect(refused.images.usesSandbox).toBe(false);
    expect(refused.warnings.join('\n')).toMatch(/no image model is configured/);
    const allowed = loadConfig({ ...production, ALLOW_SANDBOX_IN_PRODUCTION: 'true' });
    expect(allowed.images.models.map((model) => model.id)).toEqual(['sandbox', 'sandbox-imagen']);
    expect(
      problemsOf({
        ...production,
        ...models([{ id: 's', name: 'S', provider: 'sandbox', model: 'gpt-image-1' }]),
      }),
    ).toEqual([
      expect.stringMatching(
        /^IMAGE_MODELS\[0\]: the sandbox provider is refused when NODE_ENV=production/,
      ),
    ]);
  });

  it('gives each model what it really supports when capabilities are left out', () => {
    const workflow = workflowFile('full.json', workflowText);
    const config = loadConfig(
      models(
        [
          { id: 'gpt', name: 'GPT Image', provider: 'openai', model: 'gpt-image-1', plan: 'pro' },
          { id: 'dalle', name: 'DALL·E 3', provider: 'openai', model: 'dall-e-3' },
          { id: 'imagen', name: 'Imagen 4', provider: 'google', model: 'imagen-4.0-generate-001' },
          { id: 'gemini', name: 'Nano', provider: 'google', model: 'gemini-2.5-flash-image' },
          { id: 'flux', name: 'FLUX', provider: 'fal', model: 'fal-ai/flux/dev' },
          { id: 'fill', name: 'Fill', provider: 'fal', model: 'fal-ai/flux-pro/v1/fill' },
          { id: 'sdxl', name: 'SDXL', provider: 'replicate', model: 'stability-ai/sdxl' },
          { id: 'local', name: 'Local', provider: 'openai-compatible', model: 'sd' },
          { id: 'a1111', name: 'A1111', provider: 'automatic1111', model: 'sdxl' },
          { id: 'comfy', name: 'Comfy', provider: 'comfyui', model: 'sdxl' },
        ],
        {
          OPENAI_API_KEY: 'sk-test',
          GOOGLE_GENERATIVE_AI_API_KEY: 'g-test',
          FAL_API_KEY: 'fal-test',
          REPLICATE_API_TOKEN: 'r8_test',
          OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:8080/v1',
          A1111_BASE_URL: 'http://127.0.0.1:7860',
          COMFYUI_BASE_URL: 'http://127.0.0.1:8188',
          COMFYUI_WORKFLOW: workflow,
        },
      ),
    );
    const capabilities = Object.fromEntries(
      config.images.models.map((model) => [model.id, [...model.capabilities].sort()]),
    );
    expect(capabilities).toEqual({
      gpt: ['edit', 'mask', 'reference-images', 'variation'],
      dalle: [],
      imagen: [],
      gemini: ['edit', 'reference-images', 'variation'],
      flux: ['seed'],
      fill: ['edit', 'mask', 'seed', 'variation'],
      sdxl: ['seed'],
      local: [],
      a1111: ['edit', 'mask', 'negative-prompt', 'seed', 'variation'],
      comfy: ['negative-prompt', 'seed'],
    });
    expect(config.images.models[0]?.plan).toBe('pro');
    expect(config.images.usesSandbox).toBe(false);
    expect(config.images.providers.comfyui.workflow?.placeholders).toEqual([
      'prompt',
      'negative_prompt',
      'seed',
      'width',
      'height',
      'batch_size',
    ]);
  });

  it('refuses a key in an entry, an unknown provider and missing variables, all at once', () => {
    expect(
      problemsOf(
        models([
          { id: 'a', name: 'A', provider: 'openai', model: 'gpt-image-1', apiKey: 'sk-x' },
          { id: 'b', name: 'B', provider: 'midjourney', model: 'v7' },
          { id: 'c', name: 'C', provider: 'fal', model: 'fal-ai/flux/dev' },
        ]),
      ),
    ).toEqual([
      "IMAGE_MODELS[0]: a model may not carry apiKey; keys come only from the provider's variable (e.g. FAL_API_KEY)",
      'IMAGE_MODELS[1].provider: unknown provider; use one of sandbox, openai, google, fal, replicate, openai-compatible, comfyui, automatic1111',
    ]);
    expect(
      problemsOf(
        models([
          { id: 'c', name: 'C', provider: 'fal', model: 'fal-ai/flux/dev' },
          { id: 'd', name: 'D', provider: 'replicate', model: 'x/y' },
          { id: 'e', name: 'E', provider: 'comfyui', model: 'sdxl' },
          {
            id: 'f',
            name: 'F',
            provider: 'automatic1111',
            model: 'sdxl',
            baseURL: 'http://gpu:7860',
          },
          { id: 'f', name: 'G', provider: 'google', model: 'imagen-4.0-generate-001' },
        ]),
      ),
    ).toEqual([
      'IMAGE_MODELS[0]: provider fal needs FAL_API_KEY to be set',
      'IMAGE_MODELS[1]: provider replicate needs REPLICATE_API_TOKEN to be set',
      'IMAGE_MODELS[2]: provider comfyui needs COMFYUI_BASE_URL to be set',
      "IMAGE_MODELS[4].id: 'f' is listed twice",
      'IMAGE_MODELS[4]: provider google needs GOOGLE_GENERATIVE_AI_API_KEY to be set',
    ]);
    expect(problemsOf({ IMAGE_MODELS: '[{"id":' })).toEqual([
      'IMAGE_MODELS: is not valid JSON; it must be a JSON array of models',
    ]);
    expect(problemsOf({ IMAGE_MODELS: '[]' })).toEqual([
      'IMAGE_MODELS: must list at least one model',
    ]);
  });

  it('refuses a capability the provider cannot carry, and a model the sandbox does not serve', () => {
    expect(
      problemsOf(
        models(
          [
            {
              id: 'a',
              name: 'A',
              provider: 'openai',
              model: 'dall-e-3',
              capabilities: ['seed', 'edit'],
            },
            { id: 'b', name: 'B', provider: 'sandbox', model: 'dall-e-3' },
          ],
          { OPENAI_API_KEY: 'sk-test' },
        ),
      ),
    ).toEqual([
      'IMAGE_MODELS[0].capabilities: openai cannot do seed here; it can do edit, mask, variation, reference-images',
      'IMAGE_MODELS[1].model: the sandbox provider serves only gpt-image-1 and imagen-4.0-generate-001',
    ]);
  });

  it('checks COMFYUI_WORKFLOW at start', () => {
    const comfy = (file: string) =>
      problemsOf({
        ...models([{ id: 'c', name: 'C', provider: 'comfyui', model: 'sdxl' }]),
        COMFYUI_BASE_URL: 'http://127.0.0.1:8188',
        COMFYUI_WORKFLOW: file,
      });
    expect(comfy(path.join(folder, 'missing.json'))).toEqual([
      expect.stringMatching(/^COMFYUI_WORKFLOW: cannot read .*missing\.json \(ENOENT\)$/),
    ]);
    expect(comfy(workflowFile('broken.json', '{"3": '))).toEqual([
      expect.stringMatching(/^COMFYUI_WORKFLOW: .*broken\.json is not valid JSON/),
    ]);
    expect(
      comfy(
        workflowFile(
          'no-prompt.json',
          '{"6": {"class_type": "CLIPTextEncode", "inputs": {"text": "cat"}}}',
        ),
      ),
    ).toEqual([expect.stringMatching(/no-prompt\.json has no \{\{prompt\}\} placeholder$/)]);
    expect(comfy(workflowFile('ui.json', '{"nodes": [], "links": [], "x": "{{prompt}}"}'))).toEqual(
      [expect.stringMatching(/API format \(Export \(API\)\): every node needs a class_type$/)],
    );
    expect(
      comfy(
        workflowFile(
          'unknown.json',
          '{"6": {"class_type": "CLIPTextEncode", "inputs": {"text": "{{prompt}} {{steps}}"}}}',
        ),
      ),
    ).toEqual([expect.stringMatching(/has unknown placeholders \{\{steps\}\}/)]);
  });

  it('fills a workflow: numbers as numbers, text inside text', () => {
    const config = loadConfig({
      ...models([{ id: 'c', name: 'C', provider: 'comfyui', model: 'sdxl' }]),
      COMFYUI_BASE_URL: 'http://127.0.0.1:8188',
      COMFYUI_WORKFLOW: workflowFile('fill.json', workflowText),
    });
    const workflow = config.images.providers.comfyui.workflow;
    if (!workflow) throw new Error('expected a workflow');
    const filled = fillComfyWorkflow(workflow, {
      prompt: 'a "quoted" {cat}',
      negative_prompt: 'blurry',
      seed: 42,
      width: 1344,
      height: 768,
      batch_size: 1,
    });
    expect(filled['3']).toMatchObject({ inputs: { seed: 42, steps: 20 } });
    expect(filled['5']).toMatchObject({ inputs: { width: 1344, height: 768, batch_size: 1 } });
    expect(filled['6']).toMatchObject({ inputs: { text: 'masterpiece, a "quoted" {cat}' } });
    expect(filled['7']).toMatchObject({ inputs: { text: 'blurry' } });
  });

  it('wants both A1111 credentials or neither', () => {
    expect(problemsOf({ A1111_USERNAME: 'me' })).toEqual([
      "A1111_USERNAME, A1111_PASSWORD: set both (AUTOMATIC1111's --api-auth user:password) or neither",
    ]);
  });

  it("shares the chat's provider variables: listed once, a bad value reported once", () => {
    expect(configVariables.filter((name) => name === 'OPENAI_API_KEY')).toHaveLength(1);
    expect(new Set(configVariables).size).toBe(configVariables.length);
    expect(problemsOf({ OPENAI_BASE_URL: 'ftp://nowhere' })).toEqual([
      'OPENAI_BASE_URL: must be an http(s) URL',
    ]);
    const config = loadConfig({ OPENAI_API_KEY: 'sk-shared' });
    expect(config.images.providers.openai.apiKey).toBe('sk-shared');
    expect(config.models.providers.openai.apiKey).toBe('sk-shared');
  });
});
