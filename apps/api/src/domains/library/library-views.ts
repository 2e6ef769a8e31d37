import { libraryKind } from '@studio/contracts';
import { z } from 'zod';
import type { LibraryPosition } from './library.repository.ts';

const cursorShape = z.object({
  t: z.iso.datetime(),
  k: libraryKind,
  i: z.string().min(1).max(100),
});

/** The opaque `cursor` of the next page: base64url JSON of where the last one ended. */
export function encodeLibraryCursor(position: LibraryPosition): string {
  return Buffer.from(
    JSON.stringify({ t: position.createdAt, k: position.kind, i: position.id }),
  ).toString('base64url');
}

/** The cursor's position, or null when it is not one this API made. */
export function decodeLibraryCursor(text: string): LibraryPosition | null {
  if (!/^[A-Za-z0-9_-]{1,300}$/.test(text)) return null;
  try {
    const parsed = cursorShape.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString()));
    return parsed.success
      ? { createdAt: parsed.data.t, kind: parsed.data.k, id: parsed.data.i }
      : null;
  } catch {
    return null;
  }
}
