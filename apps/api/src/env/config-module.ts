import type { z } from 'zod';

/**
 * What a configuration module is: the interface it exports and the context the assembler
 * (src/config.ts) hands it. A leaf beside variables.ts (the checks several modules share): it
 * imports no module of the API, so the domains may use it without importing the assembler.
 */

export const nodeEnvs = ['development', 'test', 'production'] as const;
export type NodeEnv = (typeof nodeEnvs)[number];

/** What every module may know besides its own variables (read from the server's variables). */
export interface ConfigContext {
  nodeEnv: NodeEnv;
  production: boolean;
  /** ALLOW_SANDBOX_IN_PRODUCTION=true: the sandbox stand-ins are allowed with NODE_ENV=production. */
  allowSandboxInProduction: boolean;
  /** The origin users reach, PUBLIC_URL or derived from HOST and PORT. */
  publicUrl: string;
  dataDir: string;
}

/**
 * One concern's configuration: its variables (each optional: unset means the default), the
 * problems their shapes cannot express (combinations, production rules), and its part of
 * `Config`. The assembler checks every module's variables, then every module's problems, and
 * builds the parts only when there is none, so `toConfig` may rely on what `problems` checked.
 */
export interface ConfigModule<Schema extends z.ZodObject, Part extends object> {
  schema: Schema;
  // Method syntax on purpose: the assembler loops over modules whose env types differ.
  problems?(env: z.output<Schema>, context: ConfigContext): string[];
  toConfig(env: z.output<Schema>, context: ConfigContext, warn: (message: string) => void): Part;
}

/** Declares a module with its types inferred from the schema. */
export function configModule<Schema extends z.ZodObject, Part extends object>(
  module: ConfigModule<Schema, Part>,
): ConfigModule<Schema, Part> {
  return module;
}

/** What a parser that checks and builds in one pass returns. */
export interface Parsed<Value> {
  config: Value;
  problems: string[];
  warnings: string[];
}

/** A module whose parser checks and builds in one pass; its value is `Config[key]`. */
export function parsedConfigModule<Schema extends z.ZodObject, Key extends string, Value>(
  key: Key,
  schema: Schema,
  parse: (env: z.output<Schema>, context: ConfigContext) => Parsed<Value>,
): ConfigModule<Schema, Record<Key, Value>> {
  // The assembler asks for the problems, then the part, with the same env: parse it once.
  const parses = new WeakMap<object, Parsed<Value>>();
  const parsedOf = (env: z.output<Schema>, context: ConfigContext) => {
    let parsed = parses.get(env);
    if (!parsed) {
      parsed = parse(env, context);
      parses.set(env, parsed);
    }
    return parsed;
  };
  return {
    schema,
    problems: (env, context) => parsedOf(env, context).problems,
    toConfig: (env, context, warn) => {
      const parsed = parsedOf(env, context);
      parsed.warnings.forEach(warn);
      // A computed key widens to string; `key` is the one key of this record.
      return { [key]: parsed.config } as Record<Key, Value>;
    },
  };
}
