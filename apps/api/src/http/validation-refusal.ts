import type { z } from 'zod';
import { errorTexts, HttpError } from './errors.ts';

type Issues = readonly z.core.$ZodIssue[];

/**
 * The 400 for a request a route checks itself (`attachValidation`): the first of the tool's own
 * texts found among the problems goes to `message` as it is, written for the user; zod's others
 * read as §8's 400; `errors` lists every problem as "field: problem".
 */
export function validationRefusal(
  issues: Issues,
  ownTexts: ReadonlySet<string>,
): { message: string; errors: string[] } {
  const own = issues.find((issue) => ownTexts.has(issue.message));
  return {
    message: own?.message ?? errorTexts[400],
    errors: issues.map((issue) => `${issue.path.join('.') || 'request'}: ${issue.message}`),
  };
}

/**
 * The value as the schema reads it, or a 400 (validationRefusal) thrown to the error handler;
 * `message` may put a text of its own first (one that depends on the caller, like a length
 * limit per plan).
 */
export function parseOrRefuse<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  ownTexts: ReadonlySet<string>,
  message?: (issues: Issues) => string | undefined,
): z.infer<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const refusal = validationRefusal(parsed.error.issues, ownTexts);
  throw new HttpError(400, message?.(parsed.error.issues) ?? refusal.message, refusal.errors);
}

/** A tool's own texts (a `…Texts` object of strings and functions): its strings, as a set. */
export function ownTextsOf(texts: Record<string, unknown>): ReadonlySet<string> {
  return new Set(Object.values(texts).filter((text): text is string => typeof text === 'string'));
}
