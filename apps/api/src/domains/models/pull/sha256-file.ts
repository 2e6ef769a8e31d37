import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** The file's SHA-256 in lower-case hex, read as a stream (models are hundreds of MB). */
export async function sha256File(filePath: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(filePath)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const sha256Hex = /^[0-9a-f]{64}$/;

export function isSha256Hex(value: string): boolean {
  return sha256Hex.test(value);
}

/**
 * The SHA-256 a Hugging Face resolve URL announces in X-Linked-ETag (the LFS object id), e.g.
 * `"6a1a…"` or `W/"6a1a…"`. Null when absent or when it is not a SHA-256 (small files that are
 * not in LFS carry a git blob id there instead).
 */
export function sha256FromLinkedEtag(header: string | null): string | null {
  if (header === null) return null;
  const value = header
    .trim()
    .replace(/^W\//, '')
    .replace(/^"(.*)"$/, '$1')
    .toLowerCase();
  return isSha256Hex(value) ? value : null;
}
