import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * A GGUF v3 writer for a tiny but valid llama-architecture model, so tests exercise the real
 * node-llama-cpp engine without shipping weights: 1 block, 64 wide, 4 heads, F32 weights drawn
 * from a seeded generator (the same seed gives the same bytes), and a byte-level SPM vocabulary
 * (<unk>, <s>, </s>, the 256 byte tokens and a few pieces). Its chat template lives in its own
 * metadata, as a real instruct model's does.
 *
 * The weights are random, so the text is too; tests assert on structure and counts. One
 * residual dimension is held large on purpose: after the final norm it dominates the logits,
 * which lets the output matrix favour printable ASCII and push the end-of-sequence and control
 * tokens far down. Generation then reliably runs to `maxTokens` with one visible character
 * (or piece) per token instead of stopping at random or emitting invalid UTF-8.
 */

export interface TinyGgufOptions {
  /** Seeds the weights; the default gives the same file every time. */
  seed?: number;
  /** Stored as `general.name`. */
  name?: string;
}

export const tinyGgufDefaults = { seed: 8, name: 'Tiny Test Llama' } as const;

/** A short ChatML-like template, the kind node-llama-cpp reads from a model's metadata. */
export const tinyChatTemplate =
  "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}{% endfor %}" +
  "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

const shape = {
  embedding: 64,
  feedForward: 128,
  heads: 4,
  contextLength: 2048,
} as const;

/** Pieces after the byte tokens; SPM marks a leading space with U+2581. */
const pieces = ['▁', '▁t', '▁a', 'e', 'th', '▁the', 'in', 'er', 'an', 'on'] as const;

const tokenType = { normal: 1, unknown: 2, control: 3, byte: 6 } as const;

const valueType = { uint32: 4, int32: 5, float32: 6, string: 8, array: 9 } as const;

const ggmlTypeF32 = 0;
const alignment = 32;

interface Vocabulary {
  tokens: string[];
  scores: number[];
  types: number[];
  /** Whether generation should favour the token (printable ASCII bytes and the pieces). */
  favoured: boolean[];
}

function buildVocabulary(): Vocabulary {
  const tokens = ['<unk>', '<s>', '</s>'];
  const types: number[] = [tokenType.unknown, tokenType.control, tokenType.control];
  const favoured = [false, false, false];
  for (let byte = 0; byte < 256; byte += 1) {
    tokens.push(`<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`);
    types.push(tokenType.byte);
    favoured.push(byte >= 0x20 && byte <= 0x7e);
  }
  for (const piece of pieces) {
    tokens.push(piece);
    types.push(tokenType.normal);
    favoured.push(true);
  }
  // SPM merges the pair whose result scores highest; longer pieces win over their parts.
  const scores = tokens.map((token, index) =>
    types[index] === tokenType.normal ? -10 + [...token].length : 0,
  );
  return { tokens, scores, types, favoured };
}

/** mulberry32: small, fast and fully determined by its seed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Tensor {
  name: string;
  /** GGML order: the fastest-varying dimension first. */
  dims: number[];
  data: Float32Array;
}

function buildTensors(seed: number, vocabulary: Vocabulary): Tensor[] {
  const random = seededRandom(seed);
  const uniform = (count: number, scale: number): Float32Array =>
    Float32Array.from({ length: count }, () => (random() * 2 - 1) * scale);
  const ones = (count: number): Float32Array => new Float32Array(count).fill(1);
  const n = shape.embedding;
  const vocabSize = vocabulary.tokens.length;

  const embeddings = uniform(n * vocabSize, 0.05);
  const output = uniform(n * vocabSize, 0.05);
  for (let token = 0; token < vocabSize; token += 1) {
    // The steady residual dimension: every token carries it, so it survives the block.
    embeddings[token * n] = 10;
    output[token * n] = vocabulary.favoured[token] ? 1 : token === 2 ? -2 : 0;
  }

  const linear = (rows: number, columns: number): Float32Array => uniform(rows * columns, 0.05);
  return [
    { name: 'token_embd.weight', dims: [n, vocabSize], data: embeddings },
    { name: 'output_norm.weight', dims: [n], data: ones(n) },
    { name: 'output.weight', dims: [n, vocabSize], data: output },
    { name: 'blk.0.attn_norm.weight', dims: [n], data: ones(n) },
    { name: 'blk.0.attn_q.weight', dims: [n, n], data: linear(n, n) },
    { name: 'blk.0.attn_k.weight', dims: [n, n], data: linear(n, n) },
    { name: 'blk.0.attn_v.weight', dims: [n, n], data: linear(n, n) },
    { name: 'blk.0.attn_output.weight', dims: [n, n], data: linear(n, n) },
    { name: 'blk.0.ffn_norm.weight', dims: [n], data: ones(n) },
    {
      name: 'blk.0.ffn_gate.weight',
      dims: [n, shape.feedForward],
      data: linear(n, shape.feedForward),
    },
    {
      name: 'blk.0.ffn_up.weight',
      dims: [n, shape.feedForward],
      data: linear(n, shape.feedForward),
    },
    {
      name: 'blk.0.ffn_down.weight',
      dims: [shape.feedForward, n],
      data: linear(shape.feedForward, n),
    },
  ];
}

type MetadataValue =
  | { type: 'uint32'; value: number }
  | { type: 'float32'; value: number }
  | { type: 'string'; value: string }
  | { type: 'strings'; value: string[] }
  | { type: 'float32s'; value: number[] }
  | { type: 'int32s'; value: number[] };

/** Appends little-endian GGUF values to a list of chunks. */
class ByteWriter {
  private readonly chunks: Buffer[] = [];
  private length = 0;

  get size(): number {
    return this.length;
  }

  bytes(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  uint32(value: number): void {
    const chunk = Buffer.alloc(4);
    chunk.writeUInt32LE(value);
    this.bytes(chunk);
  }

  int32(value: number): void {
    const chunk = Buffer.alloc(4);
    chunk.writeInt32LE(value);
    this.bytes(chunk);
  }

  uint64(value: number): void {
    const chunk = Buffer.alloc(8);
    chunk.writeBigUInt64LE(BigInt(value));
    this.bytes(chunk);
  }

  float32(value: number): void {
    const chunk = Buffer.alloc(4);
    chunk.writeFloatLE(value);
    this.bytes(chunk);
  }

  string(value: string): void {
    const encoded = Buffer.from(value, 'utf8');
    this.uint64(encoded.length);
    this.bytes(encoded);
  }

  padTo(boundary: number): void {
    const remainder = this.length % boundary;
    if (remainder !== 0) this.bytes(Buffer.alloc(boundary - remainder));
  }

  toBuffer(): Buffer {
    return Buffer.concat(this.chunks, this.length);
  }
}

function writeMetadataValue(writer: ByteWriter, entry: MetadataValue): void {
  switch (entry.type) {
    case 'uint32':
      writer.uint32(valueType.uint32);
      writer.uint32(entry.value);
      return;
    case 'float32':
      writer.uint32(valueType.float32);
      writer.float32(entry.value);
      return;
    case 'string':
      writer.uint32(valueType.string);
      writer.string(entry.value);
      return;
    case 'strings':
      writer.uint32(valueType.array);
      writer.uint32(valueType.string);
      writer.uint64(entry.value.length);
      for (const item of entry.value) writer.string(item);
      return;
    case 'float32s':
      writer.uint32(valueType.array);
      writer.uint32(valueType.float32);
      writer.uint64(entry.value.length);
      for (const item of entry.value) writer.float32(item);
      return;
    case 'int32s':
      writer.uint32(valueType.array);
      writer.uint32(valueType.int32);
      writer.uint64(entry.value.length);
      for (const item of entry.value) writer.int32(item);
      return;
  }
}

/** The whole GGUF file for these options, byte for byte the same for the same options. */
export function tinyGgufBytes(options: TinyGgufOptions = {}): Buffer {
  const seed = options.seed ?? tinyGgufDefaults.seed;
  const name = options.name ?? tinyGgufDefaults.name;
  const vocabulary = buildVocabulary();
  const tensors = buildTensors(seed, vocabulary);

  const metadata: [string, MetadataValue][] = [
    ['general.architecture', { type: 'string', value: 'llama' }],
    ['general.name', { type: 'string', value: name }],
    ['general.alignment', { type: 'uint32', value: alignment }],
    ['llama.context_length', { type: 'uint32', value: shape.contextLength }],
    ['llama.embedding_length', { type: 'uint32', value: shape.embedding }],
    ['llama.block_count', { type: 'uint32', value: 1 }],
    ['llama.feed_forward_length', { type: 'uint32', value: shape.feedForward }],
    ['llama.attention.head_count', { type: 'uint32', value: shape.heads }],
    ['llama.attention.head_count_kv', { type: 'uint32', value: shape.heads }],
    ['llama.attention.layer_norm_rms_epsilon', { type: 'float32', value: 1e-5 }],
    ['llama.rope.dimension_count', { type: 'uint32', value: shape.embedding / shape.heads }],
    ['tokenizer.ggml.model', { type: 'string', value: 'llama' }],
    ['tokenizer.ggml.tokens', { type: 'strings', value: vocabulary.tokens }],
    ['tokenizer.ggml.scores', { type: 'float32s', value: vocabulary.scores }],
    ['tokenizer.ggml.token_type', { type: 'int32s', value: vocabulary.types }],
    ['tokenizer.ggml.unknown_token_id', { type: 'uint32', value: 0 }],
    ['tokenizer.ggml.bos_token_id', { type: 'uint32', value: 1 }],
    ['tokenizer.ggml.eos_token_id', { type: 'uint32', value: 2 }],
    ['tokenizer.chat_template', { type: 'string', value: tinyChatTemplate }],
  ];

  const writer = new ByteWriter();
  writer.bytes(Buffer.from('GGUF', 'ascii'));
  writer.uint32(3);
  writer.uint64(tensors.length);
  writer.uint64(metadata.length);
  for (const [key, entry] of metadata) {
    writer.string(key);
    writeMetadataValue(writer, entry);
  }

  // Tensor offsets are relative to the (aligned) start of the data section.
  let offset = 0;
  for (const tensor of tensors) {
    writer.string(tensor.name);
    writer.uint32(tensor.dims.length);
    for (const dim of tensor.dims) writer.uint64(dim);
    writer.uint32(ggmlTypeF32);
    writer.uint64(offset);
    offset += Math.ceil(tensor.data.byteLength / alignment) * alignment;
  }

  writer.padTo(alignment);
  for (const tensor of tensors) {
    writer.bytes(Buffer.from(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength));
    writer.padTo(alignment);
  }
  return writer.toBuffer();
}

/** Writes the tiny model to `filePath` (creating its folder) and says what was written. */
export async function writeTinyGguf(
  filePath: string,
  options: TinyGgufOptions = {},
): Promise<{ bytes: number; sha256: string }> {
  const bytes = tinyGgufBytes(options);
  await mkdir(dirname(filePath), { recursive: true });
  await writeFile(filePath, bytes);
  return { bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}
