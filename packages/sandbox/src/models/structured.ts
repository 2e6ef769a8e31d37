/**
 * Structured output: a request whose `response_format` is a JSON schema gets a JSON object that
 * fits it, as a real model's strict structured output does. The sandbox has no understanding, so
 * it fills the schema from the words of the last user message, the same way every time:
 *
 * - an enum takes the value whose words the message names (`lo-fi`, `minor`), else null when the
 *   schema allows it, else its first value;
 * - a number takes the first number in the message within the schema's range, else null when
 *   allowed, else the range's lower end;
 * - a boolean is true when the message names the property (`instrumental`), else the schema's
 *   default, else false;
 * - a string quotes the message: a `title`/`name`/`heading` its first line, others its first
 *   sentence, cut to the schema's maxLength;
 * - an array of an enum holds the values the message names (a longer one first: `electric piano`
 *   is not also `piano`); any other array holds two items (or its `minItems`/`maxItems`), each
 *   filled the same way from the next sentence of the message;
 * - an object fills every property (strict structured output asks for all of them).
 *
 * Only what JSON Schema draft 2020-12 says and zod's `toJSONSchema` writes is read: `type`,
 * `enum`, `const`, `anyOf`/`oneOf`, `properties`, `items`, `prefixItems`, the ranges, `$ref` into
 * `$defs`/`definitions`. Anything else is answered with null.
 */

type Schema = Record<string, unknown>;
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const numberOr = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/** Lower case, without diacritics, `-`/`_` as spaces: how words are compared. */
export function plainWords(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .replace(/[-_]+/g, ' ');
}

const namedIn = (message: string, word: string) => {
  const wanted = plainWords(word).trim();
  if (!wanted) return false;
  const escaped = wanted.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?:^|[^a-z0-9])${escaped}(?:$|[^a-z0-9])`).test(plainWords(message));
};

const sentencesOf = (text: string) =>
  text
    .split(/(?<=[.!?…])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);

interface Filler {
  message: string;
  /** The schema's root, for `$ref`s. */
  root: Schema;
  /** Which sentence the next free text quotes, so list items differ. */
  next: number;
}

function resolve(schema: Schema, filler: Filler): Schema {
  const ref = schema['$ref'];
  if (typeof ref !== 'string' || !ref.startsWith('#')) return schema;
  let target: unknown = filler.root;
  for (const step of ref.slice(1).split('/').filter(Boolean)) {
    target = isSchema(target) ? target[decodeURIComponent(step)] : undefined;
  }
  return isSchema(target) ? target : {};
}

/** The schema's alternatives with null taken out, and whether null is one of them. */
function branches(schema: Schema): { options: Schema[]; nullable: boolean } {
  const listed = schema['anyOf'] ?? schema['oneOf'];
  if (Array.isArray(listed)) {
    const options = listed.filter(isSchema);
    const nullable = options.some((option) => option['type'] === 'null');
    return { options: options.filter((option) => option['type'] !== 'null'), nullable };
  }
  const type = schema['type'];
  if (Array.isArray(type)) {
    const nullable = type.includes('null');
    const rest = type.filter((one) => one !== 'null');
    return { options: rest.map((one) => ({ ...schema, type: one })), nullable };
  }
  return { options: [schema], nullable: type === 'null' };
}

function fillString(schema: Schema, key: string, filler: Filler): string {
  const sentences = sentencesOf(filler.message);
  let text: string;
  if (/title|name|heading|subject/i.test(key)) {
    text = filler.message.trim().split('\n', 1)[0] ?? '';
  } else {
    text = sentences[filler.next % Math.max(1, sentences.length)] ?? filler.message.trim();
    filler.next += 1;
  }
  const max = numberOr(schema['maxLength'], Infinity);
  const min = numberOr(schema['minLength'], 0);
  if (text.length > max) text = `${text.slice(0, Math.max(0, max - 1)).trimEnd()}…`.slice(0, max);
  return text.length >= min ? text : text.padEnd(min, '.');
}

function fillNumber(schema: Schema, integer: boolean, filler: Filler, nullable: boolean) {
  const low = numberOr(schema['minimum'], numberOr(schema['exclusiveMinimum'], -Infinity));
  const high = numberOr(schema['maximum'], numberOr(schema['exclusiveMaximum'], Infinity));
  for (const match of filler.message.matchAll(/-?\d+(?:[.,]\d+)?/g)) {
    const value = Number(match[0].replace(',', '.'));
    if (value >= low && value <= high && (!integer || Number.isInteger(value))) return value;
  }
  if (nullable) return null;
  return Number.isFinite(low) ? low : 0;
}

/**
 * The choices the message names, in the order it names them; a longer choice is found first and
 * its words are then taken, so `piano` is not also found inside `electric piano`.
 */
function namedChoices(choices: readonly unknown[], message: string): string[] {
  let rest = ` ${plainWords(message)} `;
  const found: { choice: string; at: number }[] = [];
  const byLength = choices
    .filter((choice): choice is string => typeof choice === 'string')
    .sort((a, b) => b.length - a.length);
  for (const choice of byLength) {
    const wanted = plainWords(choice)
      .trim()
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (!wanted) continue;
    const match = new RegExp(`[^a-z0-9]${wanted}(?=[^a-z0-9])`).exec(rest);
    if (!match) continue;
    found.push({ choice, at: match.index });
    rest =
      rest.slice(0, match.index) +
      ' '.repeat(match[0].length) +
      rest.slice(match.index + match[0].length);
  }
  return found.sort((a, b) => a.at - b.at).map(({ choice }) => choice);
}

function fillArray(schema: Schema, key: string, filler: Filler): Json[] {
  const min = numberOr(schema['minItems'], 0);
  const max = numberOr(schema['maxItems'], Infinity);
  const items = isSchema(schema['items']) ? resolve(schema['items'], filler) : {};
  const choices = Array.isArray(items['enum']) ? items['enum'] : null;
  if (choices) {
    const kept = namedChoices(choices, filler.message).slice(0, max);
    for (const choice of choices) {
      if (kept.length >= min) break;
      if (typeof choice === 'string' && !kept.includes(choice)) kept.push(choice);
    }
    return kept;
  }
  const count = Math.min(max, Math.max(min, 2));
  return Array.from({ length: count }, () => fill(items, key, filler, false));
}

function fill(schema: Schema, key: string, filler: Filler, allowNull = true): Json {
  const resolved = resolve(schema, filler);
  if ('const' in resolved) return (resolved['const'] ?? null) as Json;
  const { options, nullable } = branches(resolved);
  const canBeNull = allowNull && nullable;
  const option = options[0];
  if (!option) return null;
  const choices = option['enum'];
  if (Array.isArray(choices)) {
    const named = choices.find(
      (choice) => typeof choice === 'string' && namedIn(filler.message, choice),
    );
    if (named !== undefined) return named as Json;
    return canBeNull ? null : ((choices[0] ?? null) as Json);
  }
  switch (option['type']) {
    case 'object': {
      const properties = isSchema(option['properties']) ? option['properties'] : {};
      // An object the message says nothing of stays null when it may.
      if (canBeNull && !Object.keys(properties).some((name) => namedIn(filler.message, name))) {
        return null;
      }
      const object: Record<string, Json> = {};
      for (const [name, property] of Object.entries(properties)) {
        if (isSchema(property)) object[name] = fill(property, name, filler);
      }
      return object;
    }
    case 'array':
      return canBeNull && !namedIn(filler.message, key) ? null : fillArray(option, key, filler);
    case 'string':
      return fillString(option, key, filler);
    case 'integer':
      return fillNumber(option, true, filler, canBeNull);
    case 'number':
      return fillNumber(option, false, filler, canBeNull);
    case 'boolean':
      if (namedIn(filler.message, key)) return true;
      if (typeof option['default'] === 'boolean') return option['default'];
      return canBeNull ? null : false;
    default:
      return null;
  }
}

/** The object a JSON schema asks for, filled from the message's words (see above). */
export function structuredReply(schema: unknown, message: string): string {
  const root = isSchema(schema) ? schema : {};
  return JSON.stringify(fill(root, '', { message, root, next: 0 }, false));
}
