/** Types for precompress.mjs, for TypeScript consumers (apps/web/vite.config.ts). */

export interface Precompressed {
  /** The file, relative to the folder, with forward slashes. */
  file: string;
  bytes: number;
  /** The .br sibling's size, or null when none was written (it would not be smaller). */
  brotliBytes: number | null;
  /** The .gz sibling's size, or null when none was written. */
  gzipBytes: number | null;
}
export const compressibleExtensions: string[];
export const minimumBytes: number;
export function precompressDirectory(dir: string): Promise<Precompressed[]>;
/** A Vite plugin (structurally: this package does not depend on Vite). */
export function precompressPlugin(): {
  name: string;
  apply: 'build';
  configResolved(config: { root: string; build: { outDir: string } }): void;
  closeBundle: { order: 'post'; handler(): Promise<void> };
};
