/**
 * A tiny structural checker, shaped like the few zod calls it stands in for: for translated
 * content (lists, sections, records) and for the one API answer a landing page reads before
 * anything else (the prices on /plans). zod itself costs about 14 KB gzipped even as zod/mini
 * (25 as the contracts use it), which those pages' first load cannot afford; they only need "is
 * this the shape I expect". Everything else reads its answers through @studio/contracts' zod.
 */
export interface Shape<T> {
  /** Returns the value with defaults applied, or throws a ShapeError naming the path. */
  parse(input: unknown, path?: string): T;
}

export interface ArrayShape<T> extends Shape<T[]> {
  /** Adds a rule on the parsed list (e.g. `minLength(1)`). */
  check(rule: (list: T[], path: string) => T[]): Shape<T[]>;
}

export type Infer<S> = S extends Shape<infer T> ? T : never;

export class ShapeError extends Error {
  override name = 'ShapeError';
}

function fail(path: string, expected: string): never {
  throw new ShapeError(`${path || 'value'}: expected ${expected}`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function string(): Shape<string> {
  return { parse: (input, path = '') => (typeof input === 'string' ? input : fail(path, 'text')) };
}

function array<T>(item: Shape<T>): ArrayShape<T> {
  const parse = (input: unknown, path = ''): T[] =>
    Array.isArray(input)
      ? input.map((value, index) => item.parse(value, `${path}[${index}]`))
      : fail(path, 'a list');
  return {
    parse,
    check: (rule) => ({ parse: (input, path = '') => rule(parse(input, path), path) }),
  };
}

function object<F extends Record<string, Shape<unknown>>>(
  fields: F,
): Shape<{ [K in keyof F]: Infer<F[K]> }> {
  return {
    parse(input, path = '') {
      if (!isPlainObject(input)) return fail(path, 'an object');
      const out: Record<string, unknown> = {};
      for (const [key, shape] of Object.entries(fields)) {
        out[key] = shape.parse(input[key], path ? `${path}.${key}` : key);
      }
      return out as { [K in keyof F]: Infer<F[K]> };
    },
  };
}

/** A map of string keys (the key shape is accepted for zod-compatible call sites). */
function record<T>(_key: Shape<string>, value: Shape<T>): Shape<Record<string, T>> {
  return {
    parse(input, path = '') {
      if (!isPlainObject(input)) return fail(path, 'an object');
      return Object.fromEntries(
        Object.entries(input).map(([key, item]) => [key, value.parse(item, `${path}.${key}`)]),
      );
    },
  };
}

function optional<T>(shape: Shape<T>): Shape<T | undefined> {
  return { parse: (input, path) => (input === undefined ? undefined : shape.parse(input, path)) };
}

function withDefault<T>(shape: Shape<T>, fallback: T): Shape<T> {
  return { parse: (input, path) => (input === undefined ? fallback : shape.parse(input, path)) };
}

function minLength(min: number) {
  return <T>(list: T[], path: string): T[] =>
    list.length >= min ? list : fail(path, `at least ${min} item(s)`);
}

interface NumberRules {
  int?: boolean;
  /** The smallest value allowed (0: nonnegative, 1: positive for whole numbers). */
  min?: number;
}

function number(rules: NumberRules = {}): Shape<number> {
  return {
    parse(input, path = '') {
      if (typeof input !== 'number' || !Number.isFinite(input)) return fail(path, 'a number');
      if (rules.int && !Number.isInteger(input)) return fail(path, 'a whole number');
      if (rules.min !== undefined && input < rules.min) return fail(path, `at least ${rules.min}`);
      return input;
    },
  };
}

function boolean(): Shape<boolean> {
  return {
    parse: (input, path = '') => (typeof input === 'boolean' ? input : fail(path, 'true or false')),
  };
}

/** One of the given values (zod's enum and, with one value, literal). */
function oneOf<const T extends string>(values: readonly T[]): Shape<T> {
  return {
    parse: (input, path = '') =>
      values.includes(input as T) ? (input as T) : fail(path, `one of ${values.join(', ')}`),
  };
}

/** A record over a closed set of keys: every key present, no other (zod's record of an enum). */
function exhaustiveRecord<const K extends string, T>(
  keys: readonly K[],
  value: Shape<T>,
): Shape<Record<K, T>> {
  return {
    parse(input, path = '') {
      if (!isPlainObject(input)) return fail(path, 'an object');
      const extra = Object.keys(input).find((key) => !keys.includes(key as K));
      if (extra !== undefined) return fail(`${path}.${extra}`, 'no such key');
      return Object.fromEntries(
        keys.map((key) => [key, value.parse(input[key], `${path}.${key}`)]),
      ) as Record<K, T>;
    },
  };
}

export const z = {
  string,
  number,
  boolean,
  oneOf,
  array,
  object,
  record,
  exhaustiveRecord,
  optional,
  _default: withDefault,
  minLength,
};
