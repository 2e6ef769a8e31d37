/**
 * The content type of a stored object follows from its extension, on both backends: the disk
 * keeps no sidecar file to lose or to race with, and the set of types the product can ever
 * serve from a stored file is closed (no text/html, no image/svg+xml: nothing a browser would
 * run). put() refuses an extension outside this table, or a declared type that disagrees with it.
 */
const contentTypes = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  mid: 'audio/midi',
  mp4: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  json: 'application/json',
  md: 'text/markdown; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  zip: 'application/zip',
  bin: 'application/octet-stream',
} as const satisfies Record<string, string>;

export type StoredExtension = keyof typeof contentTypes;

const mediaTypeOf = (contentType: string) => contentType.split(';')[0]?.trim().toLowerCase() ?? '';

/** The type an object with this extension is served with, or null for an extension not kept. */
export function contentTypeOf(extension: string): string | null {
  return Object.hasOwn(contentTypes, extension) ? contentTypes[extension as StoredExtension] : null;
}

/**
 * The type to store for a put: the table's, when the declared type names the same media type
 * (parameters aside). Anything else is a programming error, thrown as such.
 */
export function checkedContentType(extension: string, declared: string): string {
  const known = contentTypeOf(extension);
  if (known === null) throw new Error(`the object store keeps no .${extension} files`);
  if (mediaTypeOf(declared) !== mediaTypeOf(known)) {
    throw new Error(`a .${extension} file is ${mediaTypeOf(known)}, not ${declared}`);
  }
  return known;
}
