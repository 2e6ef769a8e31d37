import {
  GALLERY_PAGE_SIZE,
  type ErrorResponse,
  type GalleryPage,
  type GeneratedImage,
  type ImageFamily,
} from '@studio/contracts';
import { http, HttpResponse } from 'msw';
import { failWith, never, serverError } from '../responses';
import { familyFromImages } from '../../lib/media/familyTree';

/**
 * A signed-in user's gallery (GET /api/images, one image, its file, its family, delete) as MSW
 * handlers answering in the API's contracts. Stateless like the conversations': a delete answers
 * 204 and the page keeps its own list. The files are real PNGs (16×16, two colours, with the
 * `parameters` tEXt chunk the server writes).
 */

const paths = {
  list: '*/api/images',
  one: '*/api/images/:id',
  file: '*/api/images/:id/file',
  family: '*/api/images/:id/family',
} as const;

/** Fixed words under /api/images/ that are other endpoints (the generation pages'), not ids. */
const reserved = new Set(['models', 'generations', 'jobs']);

/** Four tiny PNGs, as the sandbox makes them (checked squares, the parameters chunk). */
const samplePngs = [
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAS3RFWHRwYXJhbWV0ZXJzAEEgc2FuZGJveCBwaWN0dXJlClN0ZXBzOiAxLCBTZWVkOiAxLCBTaXplOiAxNngxNiwgTW9kZWw6IFNhbmRib3i/wekHAAAAJElEQVR42mN4UBUPR7YO0XCES5xhEGogRhGy+GDUMBoPg0IDAFYJSJBnJQ89AAAAAElFTkSuQmCC',
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAS3RFWHRwYXJhbWV0ZXJzAEEgc2FuZGJveCBwaWN0dXJlClN0ZXBzOiAxLCBTZWVkOiAyLCBTaXplOiAxNngxNiwgTW9kZWw6IFNhbmRib3j7YMwfAAAAJElEQVR42mNo3DQLjj6d6YcjXOIMg1ADMYqQxQejhtF4GBQaAD8sDR/Pb3lVAAAAAElFTkSuQmCC',
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAS3RFWHRwYXJhbWV0ZXJzAEEgc2FuZGJveCBwaWN0dXJlClN0ZXBzOiAxLCBTZWVkOiAzLCBTaXplOiAxNngxNiwgTW9kZWw6IFNhbmRib3jHAC8XAAAAJElEQVR42mNwrZ4LR88s3eAIlzjDINRAjCJk8cGoYTQeBoUGAM60YRBapERnAAAAAElFTkSuQmCC',
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAS3RFWHRwYXJhbWV0ZXJzAEEgc2FuZGJveCBwaWN0dXJlClN0ZXBzOiAxLCBTZWVkOiA0LCBTaXplOiAxNngxNiwgTW9kZWw6IFNhbmRib3hyIoYvAAAAJElEQVR42mNYcesOHMmahsMRLnGGQaiBGEXI4oNRw2g8DAoNAErPg5C2IWcWAAAAAElFTkSuQmCC',
] as const;

/** The bytes of sample PNG `n` (any whole number: they repeat). */
export function samplePng(n: number): Uint8Array<ArrayBuffer> {
  const base64 = samplePngs[Math.abs(n) % samplePngs.length] ?? samplePngs[0];
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

const prompts = [
  'A lighthouse on a cliff at dusk, oil painting',
  'Phố cổ Hội An về đêm với đèn lồng',
  'A red fox curled up in fresh snow',
  'Ruộng bậc thang Mù Cang Chải mùa lúa chín',
  'A cosy reading nook with a rainy window',
  'Chibi cat drinking bubble tea',
] as const;

const firstAt = Date.parse('2026-11-21T09:30:00.000Z');

export function sampleGalleryImage(overrides: Partial<GeneratedImage> = {}): GeneratedImage {
  const id = overrides.id ?? 'img-sample';
  return {
    id,
    jobId: 'job-sample',
    index: 0,
    tool: 'imagen',
    mode: 'generate',
    prompt: prompts[0],
    negativePrompt: null,
    modelId: 'sandbox-image',
    modelName: 'Sandbox',
    seed: 1234,
    aspectRatio: '1:1',
    style: null,
    width: 1024,
    height: 1024,
    parentId: null,
    createdAt: new Date(firstAt).toISOString(),
    fileUrl: `/api/images/${id}/file`,
    ...overrides,
  };
}

/** Image `n` of the sample gallery, made `hour` hours after the first. */
function numbered(
  n: number,
  hour: number,
  overrides: Partial<GeneratedImage> = {},
): GeneratedImage {
  const id = `img-${String(n).padStart(2, '0')}`;
  return sampleGalleryImage({
    id,
    jobId: `job-${id}`,
    prompt: prompts[(n - 1) % prompts.length],
    seed: 1000 + n,
    tool: n % 3 === 0 ? 'anime' : 'imagen',
    style: n % 3 === 0 ? 'anime' : null,
    aspectRatio: n % 4 === 0 ? '16:9' : '1:1',
    width: n % 4 === 0 ? 1792 : 1024,
    height: 1024,
    createdAt: new Date(firstAt + hour * 3_600_000).toISOString(),
    fileUrl: `/api/images/${id}/file`,
    ...overrides,
  });
}

/**
 * Three generations, the newest pictures of the gallery: img-01 (generated), img-02 (an edit of
 * it) and img-03 (a variation of it), then img-04 (an iteration on img-02).
 */
export const sampleFamily: GeneratedImage[] = [
  numbered(1, 27, { prompt: 'A lighthouse on a cliff at dusk, oil painting' }),
  numbered(2, 28, { mode: 'edit', parentId: 'img-01', prompt: 'Add a full moon over the sea' }),
  numbered(3, 29, {
    mode: 'variation',
    parentId: 'img-01',
    prompt: 'A lighthouse on a cliff at dusk, oil painting',
  }),
  numbered(4, 30, { parentId: 'img-02', prompt: 'Add a full moon over the sea, stormy clouds' }),
];

/** 30 images, newest first: a full first page (GALLERY_PAGE_SIZE) and a second of 6. */
export const sampleGallery: GeneratedImage[] = [
  ...sampleFamily,
  ...Array.from({ length: 26 }, (_, i) => numbered(i + 5, i + 1)),
].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));

/** The cursor is the next page's offset, as opaque to the page as the server's. */
function pageOf(url: URL, images: GeneratedImage[]) {
  const cursor = url.searchParams.get('cursor');
  const offset = cursor === null ? 0 : Number(cursor.replace(/^after-/, ''));
  if (!Number.isInteger(offset) || offset < 0)
    return failWith<GalleryPage>('This gallery page does not exist.', 400);
  const end = offset + GALLERY_PAGE_SIZE;
  return HttpResponse.json<GalleryPage | ErrorResponse>({
    images: images.slice(offset, end),
    nextCursor: end < images.length ? `after-${end}` : null,
  });
}

const fileOf = (id: string) => {
  const n = sampleGallery.findIndex((image) => image.id === id);
  if (n < 0) return failWith('Image not found.', 404);
  return new HttpResponse(samplePng(n), { headers: { 'Content-Type': 'image/png' } });
};

export const imageGalleryHandlers = {
  list: http.get(paths.list, ({ request }) => pageOf(new URL(request.url), sampleGallery)),
  listEmpty: http.get(paths.list, ({ request }) => pageOf(new URL(request.url), [])),
  listFailure: http.get(paths.list, () => failWith(serverError, 500)),
  listPending: http.get(paths.list, never),
  /** The first page answers, every later one fails. */
  listMoreFailure: http.get(paths.list, ({ request }) => {
    const url = new URL(request.url);
    return url.searchParams.has('cursor')
      ? failWith<GalleryPage>(serverError, 500)
      : pageOf(url, sampleGallery);
  }),

  file: http.get<{ id: string }>(paths.file, ({ params }) => fileOf(params.id)),
  filePending: http.get(paths.file, never),

  family: http.get<{ id: string }>(paths.family, ({ params }) => {
    const family = familyFromImages(sampleGallery, params.id);
    return family
      ? HttpResponse.json<ImageFamily | ErrorResponse>(family)
      : failWith<ImageFamily>('Image not found.', 404);
  }),
  familyFailure: http.get(paths.family, () => failWith(serverError, 500)),

  // The catch-all /api/images/:id routes last: the fixed words are other endpoints.
  one: http.get<{ id: string }>(paths.one, ({ params }) => {
    if (reserved.has(params.id)) return undefined;
    const image = sampleGallery.find(({ id }) => id === params.id);
    return image
      ? HttpResponse.json<GeneratedImage | ErrorResponse>(image)
      : failWith<GeneratedImage>('Image not found.', 404);
  }),
  remove: http.delete<{ id: string }>(paths.one, () => new HttpResponse(null, { status: 204 })),
  removeFailure: http.delete(paths.one, () => failWith(serverError, 500)),
};

export const defaultImageGalleryHandlers = [
  imageGalleryHandlers.list,
  imageGalleryHandlers.file,
  imageGalleryHandlers.family,
  imageGalleryHandlers.one,
  imageGalleryHandlers.remove,
];
