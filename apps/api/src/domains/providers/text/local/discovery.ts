import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { readGgufFileInfo } from 'node-llama-cpp';
import { type GgufFile, listGgufFiles } from './model-files.ts';

/**
 * The installed models with their metadata, read with node-llama-cpp from each GGUF file's
 * header (never its weights).
 */

export interface LocalModelInfo extends GgufFile {
  /** GGUF general.name, else the file name without its extension. */
  name: string;
  /** GGUF general.architecture (llama, qwen2, phi3…). */
  architecture: string | null;
  /** The context length the model was trained for (null when the metadata does not say). */
  contextLength: number | null;
}

const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : null);

/** Magic, version, tensor count and metadata count: the fixed start of every GGUF v2/v3 file. */
const fixedHeaderBytes = 24;

/**
 * Refuses what is not a GGUF v2/v3 file before node-llama-cpp reads it: its reader takes any
 * version number on trust and, on a file that ends inside the header, never settles.
 */
async function checkGgufHeader(filePath: string, bytes: number): Promise<void> {
  const file = await open(filePath, 'r');
  try {
    const header = Buffer.alloc(fixedHeaderBytes);
    const { bytesRead } = await file.read(header, 0, fixedHeaderBytes, 0);
    const version = bytesRead >= 8 ? header.readUInt32LE(4) : 0;
    if (bytesRead < fixedHeaderBytes || header.toString('latin1', 0, 4) !== 'GGUF') {
      throw new Error(`${path.basename(filePath)} is not a GGUF file`);
    }
    if (version !== 2 && version !== 3) {
      throw new Error(`${path.basename(filePath)}: unsupported GGUF version ${version}`);
    }
    const metadataCount = header.readBigUInt64LE(16);
    // Each metadata entry takes at least a key length, a value type and a value.
    if (metadataCount * 13n > BigInt(bytes - fixedHeaderBytes)) {
      throw new Error(`${path.basename(filePath)} is truncated`);
    }
  } finally {
    await file.close();
  }
}

/** One GGUF file's metadata (header only). */
export async function readLocalModelInfo(filePath: string): Promise<LocalModelInfo> {
  const stats = await stat(filePath);
  await checkGgufHeader(filePath, stats.size);
  const info = await readGgufFileInfo(filePath, { readTensorInfo: false });
  const general = info.metadata.general;
  const architectureMetadata: Record<string, unknown> = info.architectureMetadata;
  const file = path.basename(filePath);
  const name = typeof general.name === 'string' && general.name.trim() ? general.name.trim() : null;
  return {
    file,
    path: filePath,
    bytes: stats.size,
    modifiedAt: stats.mtime,
    name: name ?? file.replace(/\.gguf$/i, ''),
    architecture: typeof general.architecture === 'string' ? general.architecture : null,
    contextLength: numberOrNull(architectureMetadata.context_length),
  };
}

/**
 * The models installed in `dir` with their metadata, newest first. A file that is not a readable
 * GGUF model (truncated, another format) is left out and reported to `onUnreadable`.
 */
export async function discoverLocalModels(
  dir: string,
  onUnreadable: (file: string, error: unknown) => void = () => {},
): Promise<LocalModelInfo[]> {
  const found: LocalModelInfo[] = [];
  for (const entry of listGgufFiles(dir)) {
    try {
      found.push(await readLocalModelInfo(entry.path));
    } catch (error) {
      onUnreadable(entry.file, error);
    }
  }
  return found;
}
