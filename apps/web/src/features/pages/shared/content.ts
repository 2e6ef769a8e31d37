import { useMemo } from 'react';
import { z, type Infer, type Shape } from './shape';

/** A plain list of translated strings. */
export const stringListSchema = z.array(z.string());

/** The part of react-i18next's `t` this module needs: an object lookup. */
export type ObjectTranslate = (key: string, options: { returnObjects: true }) => unknown;

/**
 * Reads a structured translation (a list, a section map) and checks its shape, so a missing or
 * misspelt key fails loudly in tests instead of rendering "[object Object]" or the key itself.
 */
function readContent<S extends Shape<unknown>>(
  t: ObjectTranslate,
  key: string,
  schema: S,
): Infer<S> {
  try {
    return schema.parse(t(key, { returnObjects: true }), key) as Infer<S>;
  } catch (cause) {
    throw new Error(`The translation "${key}" does not have the expected shape.`, { cause });
  }
}

/** `readContent`, memoised per translation function (it changes with the language). */
export function useContent<S extends Shape<unknown>>(
  t: ObjectTranslate,
  key: string,
  schema: S,
): Infer<S> {
  return useMemo(() => readContent(t, key, schema), [t, key, schema]);
}
