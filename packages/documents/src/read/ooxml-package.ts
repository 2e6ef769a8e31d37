/** What the Office readers share about the package (the zip) around their XML. */
import { zipSync } from 'fflate';
import type { ZipArchive } from '../safety/zip-archive.ts';
import { descendants, parseMarkup, textContent } from './markup.ts';

/** The package again, only the entries kept, each inflated here under the caps. */
export function verifiedCopy(zip: ZipArchive, keep: (name: string) => boolean): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const entry of zip.entries) {
    if (entry.name.endsWith('/') || !keep(entry.name)) continue;
    const data = zip.read(entry.name);
    if (data) files[entry.name] = data;
  }
  // Stored, not compressed: it is read back at once and thrown away.
  return zipSync(files, { level: 0 });
}

/** The package's own title (docProps/core.xml), when it has one. */
export function coreTitle(zip: ZipArchive): string | null {
  const core = zip.readText('docProps/core.xml');
  if (!core) return null;
  const [title] = descendants(parseMarkup(core), 'dc:title');
  const text = title ? textContent(title).trim() : '';
  return text || null;
}
