import { imageCapability, imageProvider, modelPlan } from '@studio/contracts';
import { z } from 'zod';
import { type ConfigContext, parsedConfigModule, type Parsed } from '../../env/config-module.ts';
import { httpUrlSchema, wholeNumber } from '../../env/variables.ts';
import type { ComfyWorkflow } from '../providers/image/comfyui-workflow.ts';
import {
  imageCredentials,
  imageCredentialVariables,
  type ImageProviderCredentials,
  missingCredential,
} from '../providers/provider-credentials.ts';
import {
  defaultCapabilities,
  supportedCapabilities,
} from '../providers/image/image-capabilities.ts';
import type { ImageModelDefinition } from '../providers/image/image-models.ts';

/**
 * The image tools' configuration: IMAGE_MODELS (a JSON list, as CHAT_MODELS), the daily
 * allowances and the time one generation may take. Each provider's key and address are the
 * provider layer's (providers/provider-credentials.ts, which checks and reports them): this
 * module reads them to tell which models can work. Keys come only from the provider's variable:
 * an entry naming one is refused, so IMAGE_MODELS can be shown to anyone.
 */

export interface ImageDailyLimits {
  visitor: number;
  free: number;
  pro: number;
  godmode: number;
}

export interface ImagesConfig {
  models: ImageModelDefinition[];
  /** The image providers' keys and addresses (the provider layer's variables). */
  providers: ImageProviderCredentials;
  /** Whether a sandbox model is configured (packages/sandbox's image server is then loaded and mounted). */
  usesSandbox: boolean;
  /** Images per UTC day (each variant counts); 0 switches the tools off for that tier. */
  dailyLimits: ImageDailyLimits;
  /**
   * Images per UTC day that all visitors behind one network address may make together
   * (IMAGE_DAILY_LIMIT_PER_ADDRESS): each visitor key has the visitor limit, and this ceiling
   * keeps one address from minting keys without end.
   */
  visitorAddressCeiling: number;
  /** How long one generation may take, all its variants together (IMAGE_TIMEOUT_SECONDS). */
  timeoutMs: number;
}

/** Where the API mounts packages/sandbox's image server when a sandbox model is configured. */
export const sandboxImagesPath = '/sandbox/images';

/** The models the sandbox image server speaks: OpenAI's Images API and Imagen's :predict. */
export const sandboxImageModels: ImageModelDefinition[] = [
  {
    id: 'sandbox',
    name: 'Sandbox image',
    provider: 'sandbox',
    model: 'gpt-image-1',
    capabilities: defaultCapabilities('sandbox', 'gpt-image-1'),
    plan: 'free',
    baseURL: null,
  },
  {
    id: 'sandbox-imagen',
    name: 'Sandbox Imagen',
    provider: 'sandbox',
    model: 'imagen-4.0-generate-001',
    capabilities: defaultCapabilities('sandbox', 'imagen-4.0-generate-001'),
    plan: 'free',
    baseURL: null,
  },
];

const schema = z.object({
  // Checked in depth below (JSON, providers, keys, capabilities).
  IMAGE_MODELS: z.string().optional(),
  // The providers' variables, declared and checked by the provider layer; read here too.
  ...imageCredentialVariables.shape,
  IMAGE_DAILY_LIMIT_VISITOR: wholeNumber(0, 1_000_000).optional(),
  IMAGE_DAILY_LIMIT_FREE: wholeNumber(0, 1_000_000).optional(),
  IMAGE_DAILY_LIMIT_PRO: wholeNumber(0, 1_000_000).optional(),
  IMAGE_DAILY_LIMIT_GODMODE: wholeNumber(0, 1_000_000).optional(),
  IMAGE_DAILY_LIMIT_PER_ADDRESS: wholeNumber(0, 1_000_000).optional(),
  IMAGE_TIMEOUT_SECONDS: wholeNumber(10, 3_600).optional(),
});
type ImagesEnv = z.output<typeof schema>;

const entrySchema = z
  .object({
    id: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._:/-]{0,99}$/, 'must be 1–100 letters, digits or ._:/-'),
    name: z.string().trim().min(1).max(100),
    provider: imageProvider,
    model: z.string().trim().min(1).max(200),
    capabilities: z.array(imageCapability).optional(),
    plan: modelPlan.optional(),
    baseURL: httpUrlSchema.optional(),
  })
  .strict();

/** A field whose name says it holds a credential. */
const credentialField = /key|secret|token|password|authorization/i;

/** One IMAGE_MODELS entry as a definition, or what is wrong with it. */
function readEntry(
  entry: unknown,
  where: string,
  workflow: ComfyWorkflow | null,
): { model: ImageModelDefinition } | { problems: string[] } {
  if (typeof entry === 'object' && entry !== null && !Array.isArray(entry)) {
    const credentials = Object.keys(entry).filter((field) => credentialField.test(field));
    if (credentials.length > 0) {
      return {
        problems: [
          `${where}: a model may not carry ${credentials.join(', ')}; keys come only from the provider's variable (e.g. FAL_API_KEY)`,
        ],
      };
    }
  }
  const parsed = entrySchema.safeParse(entry);
  if (!parsed.success) {
    return {
      problems: parsed.error.issues.map((issue) => {
        if (issue.code === 'invalid_value' && issue.path[0] === 'provider') {
          return `${where}.provider: unknown provider; use one of ${imageProvider.options.join(', ')}`;
        }
        const field = issue.path.length > 0 ? `.${issue.path.join('.')}` : '';
        return `${where}${field}: ${issue.message}`;
      }),
    };
  }
  const { data } = parsed;
  const placeholders = workflow?.placeholders ?? [];
  return {
    model: {
      id: data.id,
      name: data.name,
      provider: data.provider,
      model: data.model,
      capabilities: data.capabilities
        ? [...new Set(data.capabilities)]
        : defaultCapabilities(data.provider, data.model, placeholders),
      plan: data.plan ?? 'free',
      baseURL: data.baseURL ?? null,
    },
  };
}

/** What is wrong with one model beyond its shape: its variables, its capabilities, the sandbox. */
function modelProblems(
  env: ImagesEnv,
  model: ImageModelDefinition,
  where: string,
  options: { sandboxRefused: boolean; workflow: ComfyWorkflow | null },
): string[] {
  const problems: string[] = [];
  const missing = missingCredential(env, model.provider, model.baseURL);
  if (missing) problems.push(`${where}: provider ${model.provider} needs ${missing} to be set`);
  if (model.provider === 'sandbox') {
    const served = sandboxImageModels.map((sandbox) => sandbox.model);
    if (!served.includes(model.model)) {
      problems.push(`${where}.model: the sandbox provider serves only ${served.join(' and ')}`);
    }
    if (options.sandboxRefused) {
      problems.push(
        `${where}: the sandbox provider is refused when NODE_ENV=production (end-to-end test rigs may set ALLOW_SANDBOX_IN_PRODUCTION=true)`,
      );
    }
  }
  const supported = supportedCapabilities(
    model.provider,
    model.model,
    options.workflow?.placeholders,
  );
  const beyond = model.capabilities.filter((capability) => !supported.includes(capability));
  if (beyond.length > 0) {
    problems.push(
      `${where}.capabilities: ${model.provider} cannot do ${beyond.join(', ')} here; it can do ${supported.join(', ') || 'nothing beyond generating'}`,
    );
  }
  return problems;
}

/** The list IMAGE_MODELS holds, or what is wrong with it. */
function readModelList(
  text: string,
  workflow: ComfyWorkflow | null,
): { models: ImageModelDefinition[]; problems: string[] } {
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    return {
      models: [],
      problems: ['IMAGE_MODELS: is not valid JSON; it must be a JSON array of models'],
    };
  }
  if (!Array.isArray(list))
    return { models: [], problems: ['IMAGE_MODELS: must be a JSON array of models'] };
  if (list.length === 0)
    return { models: [], problems: ['IMAGE_MODELS: must list at least one model'] };
  const models: ImageModelDefinition[] = [];
  const problems: string[] = [];
  list.forEach((entry, index) => {
    const read = readEntry(entry, `IMAGE_MODELS[${index}]`, workflow);
    if ('model' in read) models.push(read.model);
    else problems.push(...read.problems);
  });
  return { models: problems.length > 0 ? [] : models, problems };
}

/**
 * IMAGE_MODELS and the provider variables, checked. Without IMAGE_MODELS the two sandbox models
 * stand in outside production (in production only with ALLOW_SANDBOX_IN_PRODUCTION=true, as the
 * chat's sandbox); otherwise the image tools start with no model and a warning.
 */
export function parseImagesConfig(
  env: ImagesEnv,
  context: Pick<ConfigContext, 'production' | 'allowSandboxInProduction'>,
): Parsed<ImagesConfig> {
  const problems: string[] = [];
  const warnings: string[] = [];
  const sandboxRefused = context.production && !context.allowSandboxInProduction;
  // Their problems (an unreadable workflow…) are the provider layer's to report, once.
  const providers = imageCredentials(env).config;
  const { workflow } = providers.comfyui;

  let models: ImageModelDefinition[] = [];
  if (env.IMAGE_MODELS !== undefined) {
    const read = readModelList(env.IMAGE_MODELS, workflow);
    problems.push(...read.problems);
    models = read.models;
  } else if (sandboxRefused) {
    warnings.push(
      'IMAGE_MODELS is not set: no image model is configured, so the image tools are unavailable (see apps/api/CONFIG.md).',
    );
  } else {
    models = sandboxImageModels.map((model) => ({
      ...model,
      capabilities: [...model.capabilities],
    }));
    warnings.push(
      context.production
        ? 'IMAGE_MODELS is not set: the image tools use the sandbox (ALLOW_SANDBOX_IN_PRODUCTION=true). Never do this on a public server.'
        : 'IMAGE_MODELS is not set: the image tools use the sandbox (drawn stand-in pictures, no outside service).',
    );
  }

  const seen = new Set<string>();
  models.forEach((model, index) => {
    const where = `IMAGE_MODELS[${index}]`;
    if (seen.has(model.id)) problems.push(`${where}.id: '${model.id}' is listed twice`);
    seen.add(model.id);
    if (env.IMAGE_MODELS !== undefined) {
      problems.push(...modelProblems(env, model, where, { sandboxRefused, workflow }));
    }
  });
  if (
    workflow &&
    models.some((model) => model.provider === 'comfyui') &&
    !workflow.placeholders.includes('seed')
  ) {
    warnings.push(
      'COMFYUI_WORKFLOW has no {{seed}}: ComfyUI models cannot repeat a picture, and variants come from {{batch_size}} alone.',
    );
  }

  return {
    config: {
      models,
      providers,
      usesSandbox: models.some((model) => model.provider === 'sandbox'),
      dailyLimits: {
        visitor: env.IMAGE_DAILY_LIMIT_VISITOR ?? 5,
        free: env.IMAGE_DAILY_LIMIT_FREE ?? 25,
        pro: env.IMAGE_DAILY_LIMIT_PRO ?? 500,
        godmode: env.IMAGE_DAILY_LIMIT_GODMODE ?? 2000,
      },
      // Ten visitors' worth: an office or a café, not a script minting keys.
      visitorAddressCeiling: env.IMAGE_DAILY_LIMIT_PER_ADDRESS ?? 50,
      timeoutMs: (env.IMAGE_TIMEOUT_SECONDS ?? 300) * 1000,
    },
    problems,
    warnings,
  };
}

export const imagesConfigModule = parsedConfigModule('images', schema, parseImagesConfig);
