import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * GGUF files in the models directory. Synchronous on purpose: config loading is, and it decides
 * at start-up whether a local model is installed (the default model order). Nothing here loads
 * node-llama-cpp.
 */

export interface GgufFile {
  /** The file's name inside the models directory. */
  file: string;
  path: string;
  bytes: number;
  modifiedAt: Date;
}

const isGguf = (name: string) => name.toLowerCase().endsWith('.gguf');

/**
 * Every *.gguf file directly in `dir`, newest first; none when the folder does not exist. Files
 * still downloading (`.gguf.part` and the like) do not end in .gguf and are left out.
 */
export function listGgufFiles(dir: string): GgufFile[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter(isGguf)
    .flatMap((file) => {
      const filePath = path.join(dir, file);
      try {
        const stats = statSync(filePath);
        return stats.isFile()
          ? [{ file, path: filePath, bytes: stats.size, modifiedAt: stats.mtime }]
          : [];
      } catch {
        return [];
      }
    })
    .sort(
      (a, b) => b.modifiedAt.getTime() - a.modifiedAt.getTime() || a.file.localeCompare(b.file),
    );
}

/** The installed model: the newest GGUF file in `dir`, or null when there is none. */
export function installedModelFile(dir: string): string | null {
  return listGgufFiles(dir)[0]?.path ?? null;
}

/**
 * A model named by configuration (LOCAL_MODEL, a CHAT_MODELS entry): an absolute path, or a file
 * name inside `dir`. Null when it is not an existing .gguf file.
 */
export function resolveModelPath(dir: string, name: string): string | null {
  const filePath = path.isAbsolute(name) ? name : path.join(dir, name);
  if (!isGguf(filePath)) return null;
  try {
    return statSync(filePath).isFile() ? path.resolve(filePath) : null;
  } catch {
    return null;
  }
}
