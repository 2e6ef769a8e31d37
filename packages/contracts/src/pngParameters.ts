import {
  type ImageAspectRatio,
  imageAspectRatios,
  type ImageMode,
  imageModes,
  type ImageStylePreset,
  imageStylePresets,
  type ImageTool,
  imageTools,
} from './imageOptions.ts';

/**
 * The generation parameters a picture carries inside its PNG, as AUTOMATIC1111 writes them, so
 * the file keeps its prompt and seed wherever it goes (and other tools read it): the text format
 * (`formatImageParameters`, `parseImageParameters`) and the PNG text chunks that hold it
 * (`readPngTextChunks`, `withPngTextChunk`). Plain code, no dependencies: the API writes it and
 * the browser reads a dropped file with the same functions.
 */

/** What a picture's parameters say; null where the text does not say it. */
export interface ImageParameters {
  prompt: string;
  negativePrompt: string | null;
  seed: number | null;
  width: number | null;
  height: number | null;
  /** The model's name as the user saw it. */
  model: string | null;
  aspectRatio: ImageAspectRatio | null;
  mode: ImageMode | null;
  style: ImageStylePreset | null;
  tool: ImageTool | null;
}

/** Parsed parameters, with every other `Key: value` pair kept (A1111's Steps, Sampler…). */
export interface ParsedImageParameters extends ImageParameters {
  other: Record<string, string>;
}

const negativePrefix = 'Negative prompt:';

/**
 * A1111's quoting: a value holding a comma, colon, newline or quote is written as a JSON string,
 * so it cannot end the pair early or start another.
 */
function quoted(value: string): string {
  return /[,:\n\r"]/.test(value) ? JSON.stringify(value) : value;
}

/**
 * The A1111 text: the prompt, `Negative prompt: …` when there is one, then one line of
 * `Key: value` pairs. A prompt line that itself starts with "Negative prompt:" would be read
 * back as the negative prompt, as in A1111; nothing else is lost.
 */
export function formatImageParameters(parameters: ImageParameters): string {
  const pairs: [string, string | number | null][] = [
    ['Seed', parameters.seed],
    [
      'Size',
      parameters.width !== null && parameters.height !== null
        ? `${parameters.width}x${parameters.height}`
        : null,
    ],
    ['Model', parameters.model],
    ['Aspect ratio', parameters.aspectRatio],
    ['Mode', parameters.mode],
    ['Style', parameters.style],
    ['Tool', parameters.tool],
  ];
  const line = pairs
    .filter((pair): pair is [string, string | number] => pair[1] !== null)
    .map(([key, value]) => `${key}: ${quoted(String(value))}`)
    .join(', ');
  const lines = [parameters.prompt];
  if (parameters.negativePrompt) lines.push(`${negativePrefix} ${parameters.negativePrompt}`);
  lines.push(line);
  return lines.join('\n');
}

/** One `Key: value` pair of A1111's last line (its own pattern: a key of words, a value to the comma). */
const pairPattern = /\s*(\w[\w \-/]*):\s*("(?:\\.|[^\\"])*"|[^,]*)(?:,|$)/g;

function pairsOf(line: string): Map<string, string> | null {
  const pairs = new Map<string, string>();
  let consumed = 0;
  for (const match of line.matchAll(pairPattern)) {
    if (match.index !== consumed || match[0].length === 0) break;
    consumed += match[0].length;
    const raw = (match[2] ?? '').trim();
    let value = raw;
    if (raw.startsWith('"')) {
      try {
        value = JSON.parse(raw) as string;
      } catch {
        value = raw;
      }
    }
    pairs.set(match[1]?.trim() ?? '', value);
  }
  // A parameters line is pairs from end to end (A1111 also wants at least three of them).
  return consumed === line.length && pairs.size >= 3 ? pairs : null;
}

function wholeNumber(text: string | undefined): number | null {
  return text !== undefined && /^\d{1,16}$/.test(text.trim()) ? Number(text.trim()) : null;
}

function oneOf<Value extends string>(values: readonly Value[], text: string | undefined) {
  return (values as readonly string[]).includes(text ?? '') ? (text as Value) : null;
}

function emptyParameters(prompt: string): ParsedImageParameters {
  return {
    prompt,
    negativePrompt: null,
    seed: null,
    width: null,
    height: null,
    model: null,
    aspectRatio: null,
    mode: null,
    style: null,
    tool: null,
    other: {},
  };
}

function fromPairs(prompt: string, negative: string | null, pairs: Map<string, string>) {
  const result = emptyParameters(prompt);
  result.negativePrompt = negative;
  const take = (key: string) => {
    const value = pairs.get(key);
    pairs.delete(key);
    return value;
  };
  result.seed = wholeNumber(take('Seed'));
  const size = /^(\d{1,5})x(\d{1,5})$/.exec(take('Size') ?? '');
  if (size) {
    result.width = Number(size[1]);
    result.height = Number(size[2]);
  }
  result.model = take('Model') ?? null;
  result.aspectRatio = oneOf(imageAspectRatios, take('Aspect ratio'));
  result.mode = oneOf(imageModes, take('Mode'));
  result.style = oneOf(imageStylePresets, take('Style'));
  result.tool = oneOf(imageTools, take('Tool'));
  result.other = Object.fromEntries(pairs);
  return result;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : null);
const count = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;

/**
 * InvokeAI's JSON metadata: `invokeai_metadata` (3.x and later: positive_prompt, model as an
 * object) and the older `sd-metadata` (image.prompt as weighted parts).
 */
function fromInvokeJson(data: Json): ParsedImageParameters {
  const image = isObject(data.image) ? data.image : data;
  const promptParts = Array.isArray(image.prompt) ? image.prompt : null;
  const prompt =
    text(data.positive_prompt) ??
    text(image.prompt) ??
    promptParts
      ?.map((part) => (isObject(part) ? (text(part.prompt) ?? '') : ''))
      .filter(Boolean)
      .join(' ') ??
    '';
  const result = emptyParameters(prompt);
  result.negativePrompt = text(data.negative_prompt) || null;
  result.seed = count(image.seed);
  result.width = count(image.width);
  result.height = count(image.height);
  const model = data.model ?? data.model_weights;
  result.model = isObject(model) ? (text(model.name) ?? text(model.model_name)) : text(model);
  return result;
}

/** InvokeAI's oldest `Dream` text: `"a cat [blurry]" -s 50 -S 42 -W 512 -H 768 …`. */
function fromDream(line: string): ParsedImageParameters | null {
  const match = /^"((?:\\.|[^\\"])*)"(.*)$/s.exec(line.trim());
  if (!match) return null;
  const whole = (match[1] ?? '').replace(/\\(.)/g, '$1');
  const negatives = [...whole.matchAll(/\[([^\]]*)\]/g)].map((part) => part[1]?.trim() ?? '');
  const result = emptyParameters(whole.replace(/\[[^\]]*\]/g, '').trim());
  result.negativePrompt = negatives.filter(Boolean).join(', ') || null;
  const flag = (name: string) =>
    new RegExp(`(?:^|\\s)-${name}\\s+(\\S+)`).exec(match[2] ?? '')?.[1];
  result.seed = wholeNumber(flag('S'));
  result.width = wholeNumber(flag('W'));
  result.height = wholeNumber(flag('H'));
  result.model = flag('m') ?? null;
  return result;
}

/**
 * Reads parameters written by this app, AUTOMATIC1111/Forge (the same text) or InvokeAI (its
 * JSON or its `Dream` line). Tolerant: what it cannot read stays in the prompt or is null.
 */
export function parseImageParameters(source: string): ParsedImageParameters {
  const textIn = source.replace(/\r\n?/g, '\n');
  if (textIn.trimStart().startsWith('{')) {
    try {
      const data: unknown = JSON.parse(textIn);
      if (isObject(data)) return fromInvokeJson(data);
    } catch {
      // Not JSON after all: read it as text.
    }
  }
  if (textIn.trimStart().startsWith('"')) {
    const dream = fromDream(textIn);
    if (dream) return dream;
  }
  const lines = textIn.split('\n');
  const last = lines.at(-1) ?? '';
  const pairs = lines.length > 1 || last.includes(':') ? pairsOf(last) : null;
  const body = pairs ? lines.slice(0, -1) : lines;
  const negativeAt = body.findIndex((line) => line.startsWith(negativePrefix));
  const promptLines = negativeAt === -1 ? body : body.slice(0, negativeAt);
  const negative =
    negativeAt === -1
      ? null
      : body.slice(negativeAt).join('\n').slice(negativePrefix.length).trim() || null;
  const prompt = promptLines.join('\n').trim();
  return pairs
    ? fromPairs(prompt, negative, pairs)
    : { ...emptyParameters(prompt), negativePrompt: negative };
}

// ---- PNG text chunks ----

/** The file is not a PNG, or its chunk structure is broken. */
export class PngFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PngFormatError';
  }
}

const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

let crcTable: Uint32Array | null = null;

/** The PNG chunk CRC (ISO 3309 / ITU-T V.42 CRC-32) over `bytes`. */
export function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n += 1) {
      let c = n;
      for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

interface Chunk {
  type: string;
  /** Where the whole chunk (length field first) starts and ends in the file. */
  start: number;
  end: number;
  data: Uint8Array;
  crcMatches: boolean;
}

function assertPng(bytes: Uint8Array): void {
  if (bytes.length < signature.length || signature.some((byte, index) => bytes[index] !== byte)) {
    throw new PngFormatError('This file is not a PNG image.');
  }
}

/** Every chunk up to IEND; a chunk running past the end of the file is an error. */
function chunksOf(bytes: Uint8Array): Chunk[] {
  assertPng(bytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: Chunk[] = [];
  let offset = signature.length;
  while (offset < bytes.length) {
    if (offset + 12 > bytes.length) {
      throw new PngFormatError('The PNG is damaged: it ends inside a chunk header.');
    }
    const length = view.getUint32(offset);
    const type = latin1(bytes.subarray(offset + 4, offset + 8));
    if (!/^[A-Za-z]{4}$/.test(type)) {
      throw new PngFormatError(`The PNG is damaged: a chunk at byte ${offset} has no valid type.`);
    }
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) {
      throw new PngFormatError(`The PNG is damaged: its ${type} chunk runs past the end.`);
    }
    const stored = view.getUint32(end - 4);
    chunks.push({
      type,
      start: offset,
      end,
      data: bytes.subarray(offset + 8, end - 4),
      crcMatches: crc32(bytes.subarray(offset + 4, end - 4)) === stored,
    });
    offset = end;
    if (type === 'IEND') break;
  }
  return chunks;
}

/** Latin-1 bytes as text (TextDecoder's 'latin1' is windows-1252 in browsers: not the same). */
function latin1(bytes: Uint8Array): string {
  let out = '';
  // In slices: spreading a long text chunk at once would overflow the call stack.
  for (let start = 0; start < bytes.length; start += 8192) {
    out += String.fromCharCode(...bytes.subarray(start, start + 8192));
  }
  return out;
}

function utf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** A text chunk's keyword and text, or null when it is compressed or malformed. */
function textOf(chunk: Chunk): [string, string] | null {
  const { data } = chunk;
  const nul = data.indexOf(0);
  if (nul < 1 || nul > 79) return null;
  const keyword = latin1(data.subarray(0, nul));
  if (chunk.type === 'tEXt') return [keyword, latin1(data.subarray(nul + 1))];
  // iTXt: keyword\0, compression flag, method, language\0, translated keyword\0, text.
  if (data[nul + 1] !== 0) return null;
  const language = data.indexOf(0, nul + 3);
  const translated = language === -1 ? -1 : data.indexOf(0, language + 1);
  if (translated === -1) return null;
  const value = utf8(data.subarray(translated + 1));
  return value === null ? null : [keyword, value];
}

/**
 * The uncompressed text chunks: tEXt (Latin-1) and iTXt (UTF-8). A chunk whose CRC is wrong or
 * whose layout is not the standard's is skipped; compressed ones (zTXt, compressed iTXt) too.
 * The first chunk of a keyword wins. Throws PngFormatError for a file that is not a PNG, or whose
 * chunks run past its end.
 */
export function readPngTextChunks(bytes: Uint8Array): Record<string, string> {
  const found: Record<string, string> = {};
  for (const chunk of chunksOf(bytes)) {
    if ((chunk.type !== 'tEXt' && chunk.type !== 'iTXt') || !chunk.crcMatches) continue;
    const entry = textOf(chunk);
    if (entry && !(entry[0] in found)) found[entry[0]] = entry[1];
  }
  return found;
}

function chunkBytes(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(data.length + 12);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let index = 0; index < 4; index += 1) out[4 + index] = type.charCodeAt(index);
  out.set(data, 8);
  view.setUint32(data.length + 8, crc32(out.subarray(4, data.length + 8)));
  return out;
}

/** Latin-1 without NUL (which separates a tEXt chunk's keyword from its text). */
const isLatin1 = (value: string) =>
  [...value].every((char) => {
    const code = char.codePointAt(0) ?? 0;
    return code > 0 && code <= 0xff;
  });

function textChunk(keyword: string, value: string): Uint8Array {
  const key = Uint8Array.from(keyword, (char) => char.charCodeAt(0));
  if (isLatin1(value)) {
    const data = new Uint8Array(key.length + 1 + value.length);
    data.set(key);
    data.set(
      Uint8Array.from(value, (char) => char.charCodeAt(0)),
      key.length + 1,
    );
    return chunkBytes('tEXt', data);
  }
  // keyword\0, uncompressed (0, 0), no language\0, no translated keyword\0, the UTF-8 text.
  const body = new TextEncoder().encode(value);
  const data = new Uint8Array(key.length + 5 + body.length);
  data.set(key);
  data.set(body, key.length + 5);
  return chunkBytes('iTXt', data);
}

/**
 * The PNG with `text` under `keyword`, just before its first IDAT: a tEXt chunk when the text is
 * Latin-1, else iTXt in UTF-8 (a Vietnamese prompt). Any text chunk already under that keyword
 * is replaced. The keyword follows the standard: 1–79 Latin-1 letters, no edge or double spaces.
 */
export function withPngTextChunk(png: Uint8Array, keyword: string, text: string): Uint8Array {
  if (!/^[\u0020-\u007e\u00a1-\u00ff]{1,79}$/.test(keyword) || /^ | $| {2}/.test(keyword)) {
    throw new RangeError(`Not a valid PNG text keyword: ${JSON.stringify(keyword)}`);
  }
  const chunks = chunksOf(png);
  const firstData = chunks.findIndex((chunk) => chunk.type === 'IDAT');
  if (firstData === -1) throw new PngFormatError('The PNG is damaged: it has no image data.');
  const parts: Uint8Array[] = [png.subarray(0, signature.length)];
  chunks.forEach((chunk, index) => {
    if (index === firstData) parts.push(textChunk(keyword, text));
    const sameKeyword =
      ['tEXt', 'iTXt', 'zTXt'].includes(chunk.type) &&
      chunk.data.indexOf(0) === keyword.length &&
      latin1(chunk.data.subarray(0, keyword.length)) === keyword;
    if (!sameKeyword) parts.push(png.subarray(chunk.start, chunk.end));
  });
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
