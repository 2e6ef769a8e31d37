import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The built SPA's manifest: which hashed file each source module became. */
const manifestPath = path.resolve(import.meta.dirname, '../dist/.vite/manifest.json');

/** The built chunk of a source module (e.g. 'assets/cCmP3Q3JM.js'), for routing it in a test. */
export function builtChunkOf(source: string): string {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<
    string,
    { file: string }
  >;
  const chunk = manifest[source];
  if (!chunk) throw new Error(`${source} is not a chunk of the build in ${manifestPath}`);
  return chunk.file;
}
