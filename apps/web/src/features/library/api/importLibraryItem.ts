import {
  libraryImportFields,
  libraryImportResponse,
  type LibraryImportResponse,
  type LibraryItem,
} from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';

/** A file of the thing moved: its form field (`file`, `wav`, `midi`, `stems`, `stem:<name>`). */
export interface ImportFile {
  field: string;
  blob: Blob;
  name: string;
}

/** One thing from this browser, as POST /api/library/imports takes it. */
export interface LibraryImportCall {
  item: LibraryItem;
  /** The thing as the browser keeps it (a document: with its versions), sent as `item`. */
  thing: unknown;
  /** The account's id of the thing it came from, when that was moved first. */
  parentId: string | null;
  files: readonly ImportFile[];
}

/**
 * POST /api/library/imports: the fields in the contract's order (kind, item, parentId, then the
 * files). Answers 201 with the account's copy, 200 with the earlier one when it was moved before;
 * a refusal rejects with the server's words (libraryImportTexts).
 */
export async function importLibraryItem(
  { item, thing, parentId, files }: LibraryImportCall,
  signal?: AbortSignal,
): Promise<LibraryImportResponse> {
  const form = new FormData();
  form.append(libraryImportFields.kind, item.kind);
  form.append(libraryImportFields.item, JSON.stringify(thing));
  if (parentId) form.append(libraryImportFields.parentId, parentId);
  for (const file of files) form.append(file.field, file.blob, file.name);
  const { data } = await cookieClient.post<unknown>('/api/library/imports', form, { signal });
  return libraryImportResponse.parse(data);
}
