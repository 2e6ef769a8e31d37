import path from 'node:path';
import {
  modelCapability,
  modelPlan,
  modelProvider,
  SANDBOX_CHAT_MODEL_ID,
} from '@studio/contracts';
import { z } from 'zod';
import { type ConfigContext, configModule } from '../../env/config-module.ts';
import { httpUrlSchema } from '../../env/variables.ts';
import {
  missingCredential,
  textCredentials,
  textCredentialVariables,
  type TextProviderCredentials,
} from '../providers/provider-credentials.ts';
import type { TextModelDefinition } from '../providers/text/language-models.ts';
import {
  type LocalModelConfig,
  localModelSchema,
  parseLocalModelConfig,
} from '../providers/text/local/local-model-config.ts';
import { resolveModelPath } from '../providers/text/local/model-files.ts';

/**
 * The model registry's configuration: CHAT_MODELS (a JSON list of models) and the embedded
 * model (providers/text/local/local-model-config.ts). This module checks them and says what is
 * wrong, all at once. Each provider's key and base URL are the provider layer's
 * (providers/provider-credentials.ts): read here to tell which models can work. Keys only ever
 * come from the provider's own variable: a model entry that names a key is refused, so
 * CHAT_MODELS can be shown to anyone.
 */

/** One configured model (CHAT_MODELS entry, or the embedded sandbox default). */
export interface ModelDefinition extends TextModelDefinition {
  /** The default local model: the app names it from its GGUF metadata (general.name). */
  nameFromMetadata?: boolean;
}

export interface ModelsConfig {
  models: ModelDefinition[];
  /** The text providers' keys and base URLs (the provider layer's variables). */
  providers: TextProviderCredentials;
  /** Whether a sandbox model is configured (packages/sandbox is then loaded and mounted). */
  usesSandbox: boolean;
  /** Whether a local (GGUF) model is configured: the app then runs the embedded engine. */
  usesLocal: boolean;
  /**
   * The command that installs a real local model, offered while the sandbox stands in for one
   * (nothing configured, nothing installed); null otherwise.
   */
  pullCommand: string | null;
}

const modelsSchema = z.object({
  // Checked in depth by parseModelsConfig (JSON, providers, keys).
  CHAT_MODELS: z.string().optional(),
  // The providers' variables, declared and checked by the provider layer; read here too.
  ...textCredentialVariables.shape,
});
export type ModelsEnv = z.output<typeof modelsSchema>;

/** Its name is for the API's own readers (logs, other clients): the web shows it translated. */
export const sandboxModel: ModelDefinition = {
  id: SANDBOX_CHAT_MODEL_ID,
  name: 'Sandbox model',
  provider: 'sandbox',
  model: 'sandbox',
  capabilities: ['text', 'vision'],
  plan: 'free',
  baseURL: null,
};

/** What a newcomer runs to download the default local model (the chat's banner shows it). */
export const modelPullCommand = 'npm run models:pull';

/** The installed GGUF model as the default when CHAT_MODELS is unset; the app names it from its metadata. */
export function localDefaultModel(file: string): ModelDefinition {
  return {
    id: 'local',
    name: path.basename(file).replace(/\.gguf$/i, ''),
    provider: 'local',
    model: file,
    capabilities: ['text'],
    plan: 'free',
    baseURL: null,
    nameFromMetadata: true,
  };
}

/** Where the API mounts packages/sandbox's model server when a sandbox model is configured. */
export const sandboxModelsPath = '/sandbox/models';

const keyLike = /key|secret|token|password|authorization/i;

const modelEntry = z
  .object({
    id: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._:/-]{0,99}$/, 'must be 1–100 letters, digits or ._:/-'),
    name: z.string().trim().min(1).max(100),
    provider: modelProvider,
    model: z.string().trim().min(1).max(200),
    capabilities: z.array(modelCapability).min(1).optional(),
    plan: modelPlan.optional(),
    baseURL: httpUrlSchema.optional(),
  })
  .strict();

function entryProblems(entry: unknown, index: number): string[] {
  const where = `CHAT_MODELS[${index}]`;
  if (typeof entry === 'object' && entry !== null && !Array.isArray(entry)) {
    const named = Object.keys(entry).filter((field) => keyLike.test(field));
    if (named.length > 0) {
      return [
        `${where}: a model may not carry ${named.join(', ')}; keys come only from the provider's variable (e.g. OPENAI_API_KEY)`,
      ];
    }
  }
  const parsed = modelEntry.safeParse(entry);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => {
    const field = issue.path.length > 0 ? `.${issue.path.join('.')}` : '';
    if (issue.code === 'invalid_value' && issue.path[0] === 'provider') {
      return `${where}.provider: unknown provider; use one of ${modelProvider.options.join(', ')}`;
    }
    return `${where}${field}: ${issue.message}`;
  });
}

export interface ParsedModelsConfig {
  config: ModelsConfig;
  problems: string[];
  warnings: string[];
}

/**
 * CHAT_MODELS and the provider variables, checked. With no CHAT_MODELS the sandbox model is the
 * only one outside production; production gets it only with ALLOW_SANDBOX_IN_PRODUCTION=true
 * (as the sandbox identity provider), and otherwise starts with no model and a warning.
 */
export function parseModelsConfig(
  env: ModelsEnv,
  options: {
    production: boolean;
    allowSandboxInProduction: boolean;
    /** LOCAL_MODELS_DIR and the installed (or LOCAL_MODEL) GGUF file, if any. */
    local?: { modelsDir: string; file: string | null };
  },
): ParsedModelsConfig {
  const problems: string[] = [];
  const warnings: string[] = [];
  const providers = textCredentials(env);
  const sandboxRefused = options.production && !options.allowSandboxInProduction;

  let models: ModelDefinition[] = [];
  let pullCommand: string | null = null;
  const installed = options.local?.file ?? null;
  if (env.CHAT_MODELS === undefined && installed !== null) {
    // An installed model is a real one: it comes first, in production too.
    models = [localDefaultModel(installed)];
  } else if (env.CHAT_MODELS === undefined) {
    if (sandboxRefused) {
      warnings.push(
        'CHAT_MODELS is not set: no chat model is configured, so chat is unavailable (see apps/api/CONFIG.md).',
      );
    } else {
      models = [sandboxModel];
      // Only where the sandbox stands in: a production server's visitors are not its operators.
      pullCommand = modelPullCommand;
      warnings.push(
        options.production
          ? 'CHAT_MODELS is not set: chat uses the sandbox model (ALLOW_SANDBOX_IN_PRODUCTION=true). Never do this on a public server.'
          : 'CHAT_MODELS is not set: chat uses the sandbox model (deterministic replies, no outside service).',
      );
    }
  } else {
    let list: unknown;
    try {
      list = JSON.parse(env.CHAT_MODELS);
    } catch {
      problems.push('CHAT_MODELS: is not valid JSON; it must be a JSON array of models');
    }
    if (list !== undefined && !Array.isArray(list)) {
      problems.push('CHAT_MODELS: must be a JSON array of models');
    } else if (Array.isArray(list)) {
      if (list.length === 0) problems.push('CHAT_MODELS: must list at least one model');
      const entryIssues = list.flatMap(entryProblems);
      problems.push(...entryIssues);
      if (entryIssues.length === 0) {
        models = list.map((entry) => {
          const parsed = modelEntry.parse(entry);
          return {
            id: parsed.id,
            name: parsed.name,
            provider: parsed.provider,
            model: parsed.model,
            capabilities: parsed.capabilities ? [...new Set(parsed.capabilities)] : ['text'],
            plan: parsed.plan ?? 'free',
            baseURL: parsed.baseURL ?? null,
          };
        });
      }
    }
  }

  const seen = new Set<string>();
  models.forEach((model, index) => {
    const where = `CHAT_MODELS[${index}]`;
    if (seen.has(model.id)) problems.push(`${where}.id: '${model.id}' is listed twice`);
    seen.add(model.id);
    const missing = missingCredential(env, model.provider, model.baseURL);
    if (missing) {
      problems.push(`${where}: provider ${model.provider} needs ${missing} to be set`);
    }
    if (model.provider === 'sandbox' && model.model !== sandboxModel.model) {
      problems.push(`${where}.model: the sandbox provider serves only '${sandboxModel.model}'`);
    }
    if (model.provider === 'local' && env.CHAT_MODELS !== undefined) {
      const resolved = options.local
        ? resolveModelPath(options.local.modelsDir, model.model)
        : null;
      if (resolved === null) {
        problems.push(
          `${where}.model: no GGUF file '${model.model}' in LOCAL_MODELS_DIR (${options.local?.modelsDir ?? 'unset'}) nor at that absolute path; run npm run models:pull`,
        );
      } else {
        // The engine is handed the file itself, wherever the entry said it was.
        model.model = resolved;
      }
    }
    if (model.provider === 'sandbox' && sandboxRefused && env.CHAT_MODELS !== undefined) {
      problems.push(
        `${where}: the sandbox provider is refused when NODE_ENV=production (end-to-end test rigs may set ALLOW_SANDBOX_IN_PRODUCTION=true)`,
      );
    }
  });

  return {
    config: {
      models,
      providers,
      usesSandbox: models.some((model) => model.provider === 'sandbox'),
      usesLocal: models.some((model) => model.provider === 'local'),
      pullCommand,
    },
    problems,
    warnings,
  };
}

const schema = z.object({ ...modelsSchema.shape, ...localModelSchema.shape });

/** The models with the embedded model's settings, which tell whether a local model is installed. */
function parseAll(env: z.output<typeof schema>, context: ConfigContext) {
  const local = parseLocalModelConfig(env, context);
  const models = parseModelsConfig(env, {
    production: context.production,
    allowSandboxInProduction: context.allowSandboxInProduction,
    local: { modelsDir: local.config.dir, file: local.config.file },
  });
  return { local, models };
}

export const modelsConfigModule = configModule({
  schema,
  problems: (env, context) => {
    const { local, models } = parseAll(env, context);
    return [...models.problems, ...local.problems];
  },
  toConfig: (
    env,
    context,
    warn,
  ): {
    /** The chat models (CHAT_MODELS) and their providers' keys and base URLs. */
    models: ModelsConfig;
    /** The embedded GGUF model run by node-llama-cpp (LOCAL_MODEL*). */
    localModel: LocalModelConfig;
  } => {
    const { local, models } = parseAll(env, context);
    models.warnings.forEach(warn);
    return { models: models.config, localModel: local.config };
  },
});
