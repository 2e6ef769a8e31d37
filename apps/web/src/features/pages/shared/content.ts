import { useMemo } from 'react';
import { z, type Infer, type Shape } from '../../../lib/shape';

/** A plain list of translated strings. */
export const stringListSchema = z.array(z.string());

/** Values a structured translation's strings interpolate (`{{name}}`). */
export type ContentValues = Readonly<Record<string, string>>;

/** The part of react-i18next's `t` this module needs: an object lookup. */
export type ObjectTranslate = (
  key: string,
  options: { returnObjects: true } & Readonly<Record<string, unknown>>,
) => unknown;

/**
 * Reads a structured translation (a list, a section map) and checks its shape, so a missing or
 * misspelt key fails loudly in tests instead of rendering "[object Object]" or the key itself.
 */
function readContent<S extends Shape<unknown>>(
  t: ObjectTranslate,
  key: string,
  schema: S,
  values: ContentValues,
): Infer<S> {
  try {
    return schema.parse(t(key, { ...values, returnObjects: true }), key) as Infer<S>;
  } catch (cause) {
    throw new Error(`The translation "${key}" does not have the expected shape.`, { cause });
  }
}

/** No values: the stable default, so the memo below holds. */
const noValues: ContentValues = {};

/**
 * `readContent`, memoised per translation function (it changes with the language) and values
 * (pass a memoised object).
 */
export function useContent<S extends Shape<unknown>>(
  t: ObjectTranslate,
  key: string,
  schema: S,
  values: ContentValues = noValues,
): Infer<S> {
  return useMemo(() => readContent(t, key, schema, values), [t, key, schema, values]);
}
