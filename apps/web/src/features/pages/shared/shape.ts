/**
 * A tiny structural checker for translated content (lists, sections, records), shaped like the
 * few zod calls the pages need. zod itself costs about 14 KB gzipped even as zod/mini, which the
 * home page's first load cannot afford; content only needs "is this the shape I expect".
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

export const z = { string, array, object, record, optional, _default: withDefault, minLength };
