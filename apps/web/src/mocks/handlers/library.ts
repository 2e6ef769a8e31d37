import {
  LIBRARY_PAGE_SIZE,
  libraryImportTexts,
  libraryItem,
  libraryKind,
  type ErrorResponse,
  type GeneratedImage,
  type LibraryImportResponse,
  type LibraryItem,
  type WriterDocument,
  type LibraryPage,
} from '@studio/contracts';
import { delay, http, HttpResponse } from 'msw';
import {
  filterLibrary,
  pageLibrary,
  toLibraryItems,
} from '../../features/library/visitor/visitorLibrary';
import { failWith, never, serverError } from '../responses';
import { sampleGallery } from './imageGallery';
import { samplePieces } from './music';
import { sampleClips } from './voice';

/**
 * The library's endpoints (GET /api/library and POST /api/library/imports) as MSW handlers
 * answering in the contract: the tools' own sample pictures, clips and pieces (whose files the
 * tools' handlers serve), one list newest first, filtered by kind, searched and paged.
 */

const paths = {
  list: '*/api/library',
  imports: '*/api/library/imports',
  image: '*/api/images/:id',
  clip: '*/api/voice/clips/:id',
  piece: '*/api/music/pieces/:id',
  document: '*/api/writer/documents/:id',
} as const;

const hoursBefore = (hours: number) =>
  new Date(Date.parse('2026-11-27T09:45:00.000Z') - hours * 3_600_000).toISOString();

/**
 * A signed-in user's library: 12 pictures, 9 clips and the 4 sample pieces (25: a full page and
 * one more), made over the same two days so that the kinds mix (the gallery's own pictures are
 * older than the other tools' samples).
 */
export function sampleLibrary(): LibraryItem[] {
  const images: GeneratedImage[] = sampleGallery
    .slice(0, 12)
    .map((image, n) => ({ ...image, createdAt: hoursBefore(n * 2 + 0.5) }));
  return filterLibrary(toLibraryItems(images, sampleClips(9), samplePieces()), {
    kind: null,
    q: '',
  });
}

/** Two content-writer documents, for the Documents tab (added to a library: sampleLibrary + these). */
export function sampleLibraryDocuments(): LibraryItem[] {
  const document = (
    id: string,
    title: string,
    content: string,
    hours: number,
    versions: number,
  ): WriterDocument => ({
    id,
    title,
    template: 'blog-post',
    language: 'vi',
    content,
    versions,
    currentVersion: versions,
    createdAt: hoursBefore(hours + 3),
    updatedAt: hoursBefore(hours),
  });
  return toLibraryItems(
    [],
    [],
    [],
    [
      document(
        'doc-dalat',
        'Cà phê sáng ở Đà Lạt',
        '# Cà phê sáng ở Đà Lạt\n\nSương mỏng trên đồi thông, một ly cà phê nóng và tiếng chim **buổi sớm**: Đà Lạt bắt đầu ngày mới thật chậm.',
        1,
        3,
      ),
      document(
        'doc-hoian',
        'Một ngày ở Hội An',
        '# Một ngày ở Hội An\n\n- Sáng: đi bộ qua phố cổ\n- Trưa: cao lầu\n- Tối: thả đèn hoa đăng trên sông Hoài.',
        20,
        1,
      ),
    ],
  );
}

/** Pages of `items` for the query's kind and q; `cursor` is the page's own (pageLibrary's). */
function pageOf(url: URL, items: readonly LibraryItem[]) {
  const kind = libraryKind.safeParse(url.searchParams.get('kind') ?? undefined);
  const filter = {
    kind: kind.success ? kind.data : null,
    q: url.searchParams.get('q') ?? '',
  };
  const limit = Number(url.searchParams.get('limit') ?? LIBRARY_PAGE_SIZE) || LIBRARY_PAGE_SIZE;
  try {
    const page = pageLibrary(filterLibrary(items, filter), url.searchParams.get('cursor'), limit);
    return HttpResponse.json<LibraryPage | ErrorResponse>(page);
  } catch {
    return failWith<LibraryPage>('This library page does not exist.', 400);
  }
}

/**
 * A library that forgets what is deleted through the tools' routes (a story's deletion stays
 * deleted when the lists are read again): its list and the three DELETE routes, to `use` first.
 */
export function libraryWithDeletes(items: readonly LibraryItem[] = sampleLibrary()) {
  const deleted = new Set<string>();
  const remove = (kind: LibraryItem['kind']) => (id: string) => {
    deleted.add(`${kind}:${id}`);
    return new HttpResponse(null, { status: 204 });
  };
  return [
    http.get(paths.list, ({ request }) =>
      pageOf(
        new URL(request.url),
        items.filter((item) => !deleted.has(`${item.kind}:${item.id}`)),
      ),
    ),
    http.delete<{ id: string }>(paths.image, ({ params }) => remove('image')(params.id)),
    http.delete<{ id: string }>(paths.clip, ({ params }) => remove('clip')(params.id)),
    http.delete<{ id: string }>(paths.piece, ({ params }) => remove('piece')(params.id)),
    http.delete<{ id: string }>(paths.document, ({ params }) => remove('document')(params.id)),
  ];
}

/** What the server answers for a moved thing: the account's copy (`acc-<browser id>`). */
function accountCopy(item: LibraryItem, parentId: string | null): LibraryItem {
  const id = `acc-${item.id}`;
  if (item.kind === 'image') {
    return {
      ...item,
      id,
      image: { ...item.image, id, parentId, fileUrl: `/api/images/${id}/file` },
    };
  }
  if (item.kind === 'clip') {
    return { ...item, id, clip: { ...item.clip, id, audioUrl: `/api/voice/clips/${id}/audio` } };
  }
  if (item.kind === 'document') return { ...item, id, document: { ...item.document, id } };
  return { ...item, id, piece: { ...item.piece, id, parentId } };
}

/** The thing a form names, as the library item the browser listed it as; null if unreadable. */
function importedItem(form: FormData): LibraryItem | null {
  const kind = libraryKind.safeParse(form.get('kind'));
  const raw = form.get('item');
  if (!kind.success || typeof raw !== 'string') return null;
  try {
    const thing = JSON.parse(raw) as { id?: unknown; createdAt?: unknown; content?: unknown };
    // A document comes whole, with its versions; the library lists the start of its text.
    const listed =
      kind.data === 'document' && typeof thing.content === 'string'
        ? { ...thing, excerpt: thing.content.slice(0, 200) }
        : thing;
    const parsed = libraryItem.safeParse({
      kind: kind.data,
      id: thing.id,
      createdAt: thing.createdAt,
      [kind.data]: listed,
    });
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface ImportScenario {
  /** Browser ids the server refuses, each with the contract's reason. */
  refuse?: Record<string, keyof typeof libraryImportTexts>;
  /** Browser ids that get no answer (the network failed). */
  unanswered?: readonly string[];
  /** How long each answer takes (ms); 'infinite' for the moving story's still picture. */
  wait?: number | 'infinite';
  /** From the nth upload on (1-based), nothing answers: the move shown in progress. */
  hangFrom?: number;
}

const refusalStatus: Record<keyof typeof libraryImportTexts, number> = {
  badKind: 400,
  badItem: 400,
  missingFile: 400,
  badFile: 415,
  tooLarge: 413,
  tooMany: 429,
};

/** POST /api/library/imports: 201 the first time a browser id comes, 200 after. */
export function importHandler({
  refuse = {},
  unanswered = [],
  wait = 0,
  hangFrom,
}: ImportScenario = {}) {
  const moved = new Map<string, LibraryItem>();
  let uploads = 0;
  return http.post(paths.imports, async ({ request }) => {
    uploads += 1;
    if (hangFrom !== undefined && uploads >= hangFrom) await delay('infinite');
    if (wait) await delay(wait);
    const form = await request.formData();
    const item = importedItem(form);
    if (!item) return failWith(libraryImportTexts.badItem, 400);
    if (unanswered.includes(item.id)) return HttpResponse.error();
    const reason = refuse[item.id];
    if (reason) return failWith(libraryImportTexts[reason], refusalStatus[reason]);
    if (!form.get('file')) return failWith(libraryImportTexts.missingFile, 400);
    const earlier = moved.get(item.id);
    if (earlier) {
      return HttpResponse.json<LibraryImportResponse>({ item: earlier, created: false });
    }
    const parentId = form.get('parentId');
    const copy = accountCopy(item, typeof parentId === 'string' ? parentId : null);
    moved.set(item.id, copy);
    return HttpResponse.json<LibraryImportResponse>({ item: copy, created: true }, { status: 201 });
  });
}

export const libraryHandlers = {
  list: http.get(paths.list, ({ request }) => pageOf(new URL(request.url), sampleLibrary())),
  empty: http.get(paths.list, ({ request }) => pageOf(new URL(request.url), [])),
  failure: http.get(paths.list, () => failWith(serverError, 500)),
  pending: http.get(paths.list, never),
  /** The first page answers, every later one fails. */
  moreFailure: http.get(paths.list, ({ request }) => {
    const url = new URL(request.url);
    return url.searchParams.has('cursor')
      ? failWith<LibraryPage>(serverError, 500)
      : pageOf(url, sampleLibrary());
  }),
  imports: importHandler(),
};

/** The happy path: a mixed library, and every import accepted. */
export const defaultLibraryHandlers = [libraryHandlers.list, libraryHandlers.imports];
