import { createHash } from 'node:crypto';
import {
  LIBRARY_IMPORTS_PER_DAY,
  type LibraryImportResponse,
  libraryImportTexts,
  type LibraryItem,
  type LibraryKind,
  libraryKind,
  type LibraryPage,
} from '@studio/contracts';
import type { ZodType } from 'zod';
import { HttpError } from '../../http/errors.ts';
import type { ImagesService } from '../images/images.service.ts';
import type { MusicService } from '../music/music.service.ts';
import type { ImageLimits } from '../uploads/image-processing.ts';
import { utcDay } from '../usage/daily-quota.ts';
import type { VoiceService } from '../voice/voice.service.ts';
import type { WriterService } from '../writer/writer.service.ts';
import {
  IMPORTED_DOCUMENT_VERSIONS_MAX,
  importableClip,
  importableDocument,
  importableImage,
  importablePiece,
  type ImportableClip,
  type ImportableDocument,
  type ImportableImage,
  type ImportablePiece,
  madeAt,
} from './library-items.ts';
import { checkedClipAudio, checkedPieceFiles, checkedPng } from './library-import-checks.ts';
import { libraryTexts } from './library-texts.ts';
import { decodeLibraryCursor, encodeLibraryCursor } from './library-views.ts';
import type { LibraryFilter, LibraryRepository } from './library.repository.ts';

/** One import as the form brought it (the route reads the multipart body, nothing more). */
export interface LibraryImportForm {
  kind: string | null;
  item: string | null;
  parentId: string | null;
  /** Each file by its field name (`file`, `wav`, `midi`, `stems`, `stem:<instrument>`). */
  files: ReadonlyMap<string, Buffer>;
}

/** What the tools lend the library: their things by id, keeping one made elsewhere, deleting. */
export interface LibraryTools {
  images: Pick<ImagesService, 'many' | 'adopt' | 'remove'>;
  voice: Pick<VoiceService, 'many' | 'adopt' | 'remove'>;
  music: Pick<MusicService, 'many' | 'adopt' | 'remove'>;
  writer: Pick<WriterService, 'many' | 'adopt' | 'remove'>;
}

const bad = (text: string) => new HttpError(400, text);

/** The item's JSON against its tool's shape; 400 with the library's words otherwise. */
function readItem<T>(schema: ZodType<T>, text: string | null): T {
  if (text === null) throw bad(libraryImportTexts.badItem);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw bad(libraryImportTexts.badItem);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw bad(libraryImportTexts.badItem);
  return parsed.data;
}

/**
 * A moved-in image's job id: its visitor job's, made the account's own. Images of one job stay
 * together, and the gallery's one image per job and place holds across accounts that moved in
 * the same browser's images.
 */
const importedJobId = (userId: string, jobId: string) =>
  `library:${createHash('sha256').update(`${userId}\n${jobId}`).digest('base64url').slice(0, 32)}`;

/** A claim older than this made no copy and never will (its request is long gone). */
const abandonedClaimMs = 10 * 60 * 1000;

/**
 * The library: a signed-in user's things from every tool in one list (pages across the three
 * tables, each thing as its own tool shows it), and moving a visitor's things from a browser
 * into the account (each file checked for what it claims to be, kept as the tool keeps its own,
 * once per browser thing, a daily cap of them). Moved-in things take nothing from the tools'
 * daily allowances: they were made, and counted, before.
 */
export function createLibraryService(deps: {
  repository: LibraryRepository;
  tools: LibraryTools;
  /** The uploads' pixel limits (a picture is checked and re-encoded as every upload is). */
  imageLimits: Pick<ImageLimits, 'maxPixels' | 'maxSide'>;
  now: () => Date;
}) {
  const { repository, tools } = deps;

  /** The user's things of one kind among these ids, as library items, by id. */
  async function itemsOf(
    userId: string,
    kind: LibraryKind,
    ids: string[],
  ): Promise<Map<string, LibraryItem>> {
    if (ids.length === 0) return new Map();
    let items: LibraryItem[];
    switch (kind) {
      case 'image':
        items = (await tools.images.many(userId, ids)).map((image) => ({
          kind,
          id: image.id,
          createdAt: image.createdAt,
          image,
        }));
        break;
      case 'clip':
        items = (await tools.voice.many(userId, ids)).map((clip) => ({
          kind,
          id: clip.id,
          createdAt: clip.createdAt,
          clip,
        }));
        break;
      case 'piece':
        items = (await tools.music.many(userId, ids)).map((piece) => ({
          kind,
          id: piece.id,
          createdAt: piece.createdAt,
          piece,
        }));
        break;
      case 'document':
        items = (await tools.writer.many(userId, ids)).map((document) => ({
          kind,
          id: document.id,
          createdAt: document.createdAt,
          document,
        }));
        break;
    }
    return new Map(items.map((item) => [item.id, item]));
  }

  const findItem = async (userId: string, kind: LibraryKind, id: string) =>
    (await itemsOf(userId, kind, [id])).get(id) ?? null;

  /** The parent the browser names, when it is the user's own thing of that kind. */
  async function ownParent(userId: string, kind: 'image' | 'piece', parentId: string | null) {
    if (parentId === null || parentId.length === 0 || parentId.length > 100) return null;
    return (await findItem(userId, kind, parentId)) ? parentId : null;
  }

  async function importImage(
    userId: string,
    item: ImportableImage,
    form: LibraryImportForm,
  ): Promise<LibraryItem> {
    const png = await checkedPng(form.files, deps.imageLimits);
    const parentId = await ownParent(userId, 'image', form.parentId);
    const image = await tools.images.adopt(
      userId,
      {
        jobId: importedJobId(userId, item.jobId),
        index: item.index,
        tool: item.tool,
        mode: item.mode,
        prompt: item.prompt,
        negativePrompt: item.negativePrompt,
        modelId: item.modelId,
        modelName: item.modelName,
        seed: item.seed,
        aspectRatio: item.aspectRatio,
        style: item.style,
        parentId,
      },
      png,
      madeAt(item.createdAt, deps.now()),
    );
    return { kind: 'image', id: image.id, createdAt: image.createdAt, image };
  }

  async function importClip(
    userId: string,
    item: ImportableClip,
    form: LibraryImportForm,
  ): Promise<LibraryItem> {
    const data = checkedClipAudio(item, form.files);
    const clip = await tools.voice.adopt(
      userId,
      {
        text: item.text,
        language: item.language,
        voice: item.voice,
        voiceName: item.voiceName,
        engine: item.engine,
        speed: item.speed,
        pitch: item.pitch,
        format: item.format,
        instructions: item.instructions,
        characters: item.characters,
        durationMs: item.durationMs,
      },
      data,
      madeAt(item.createdAt, deps.now()),
    );
    return { kind: 'clip', id: clip.id, createdAt: clip.createdAt, clip };
  }

  async function importPiece(
    userId: string,
    item: ImportablePiece,
    form: LibraryImportForm,
  ): Promise<LibraryItem> {
    const files = checkedPieceFiles(item, form.files);
    const parentId = await ownParent(userId, 'piece', form.parentId);
    const piece = await tools.music.adopt(
      userId,
      {
        parentId,
        // How it came from its parent means nothing without the parent.
        operation: parentId ? item.operation : null,
        title: item.title,
        settings: item.settings,
        model: item.model,
        modelName: item.modelName,
        provider: item.provider,
        quality: item.quality,
        durationMs: item.durationMs,
        sections: item.sections,
      },
      files,
      madeAt(item.createdAt, deps.now()),
    );
    return { kind: 'piece', id: piece.id, createdAt: piece.createdAt, piece };
  }

  /**
   * A visitor's document with its versions (the newest IMPORTED_DOCUMENT_VERSIONS_MAX), oldest
   * first; each keeps when it was made, as the browser says (never in the future).
   */
  async function importDocument(userId: string, item: ImportableDocument): Promise<LibraryItem> {
    const now = deps.now();
    const versions = item.history
      .slice(0, IMPORTED_DOCUMENT_VERSIONS_MAX)
      .reverse()
      .map((version) => ({
        kind: version.kind,
        template: version.template,
        transform: version.transform,
        restoredFrom: version.restoredFrom,
        state: version.state,
        content: version.content,
        modelName: version.modelName,
        createdAt: madeAt(version.createdAt, now),
      }));
    const document = await tools.writer.adopt(
      userId,
      { title: item.title, template: item.template, language: item.language },
      versions,
    );
    const { content, ...rest } = document;
    return {
      kind: 'document',
      id: document.id,
      createdAt: document.createdAt,
      document: { ...rest, excerpt: content.slice(0, 200) },
    };
  }

  /** Deletes a copy this import made (a file or row left by a failure is the sweep's). */
  async function dropCopy(userId: string, item: LibraryItem): Promise<void> {
    const removed =
      item.kind === 'image'
        ? tools.images.remove(userId, item.id)
        : item.kind === 'clip'
          ? tools.voice.remove(userId, item.id)
          : item.kind === 'piece'
            ? tools.music.remove(userId, item.id)
            : tools.writer.remove(userId, item.id);
    await removed.catch(() => undefined);
  }

  /**
   * The copy an earlier request made of this browser thing. A copy deleted since, or a claim
   * that made none (its request died), is forgotten, so the thing is moved anew; a claim still
   * being worked on is a 409.
   */
  async function earlierCopy(
    userId: string,
    kind: LibraryKind,
    sourceId: string,
  ): Promise<LibraryItem | null> {
    const earlier = await repository.findImport(userId, kind, sourceId);
    if (!earlier) return null;
    if (earlier.itemId === '') {
      const age = deps.now().getTime() - Date.parse(earlier.createdAt);
      if (age < abandonedClaimMs) throw new HttpError(409, libraryTexts.importRaced);
    } else {
      const copy = await findItem(userId, earlier.kind, earlier.itemId);
      if (copy) return copy;
    }
    await repository.forgetImport(userId, earlier);
    return null;
  }

  return {
    /** GET /api/library: a page of the user's things, newest first (then by kind, then id). */
    async page(
      userId: string,
      query: LibraryFilter & { cursor?: string | undefined; limit: number },
    ): Promise<LibraryPage> {
      const after = query.cursor === undefined ? null : decodeLibraryCursor(query.cursor);
      if (query.cursor !== undefined && after === null) throw bad(libraryTexts.badCursor);
      const filter: LibraryFilter = { kind: query.kind, q: query.q || undefined };
      const positions = await repository.positions(userId, filter, after, query.limit);
      const page = positions.slice(0, query.limit);
      const idsOf = (kind: LibraryKind) =>
        page.filter((position) => position.kind === kind).map((position) => position.id);
      const [images, clips, pieces, documents] = await Promise.all([
        itemsOf(userId, 'image', idsOf('image')),
        itemsOf(userId, 'clip', idsOf('clip')),
        itemsOf(userId, 'piece', idsOf('piece')),
        itemsOf(userId, 'document', idsOf('document')),
      ]);
      const found = { image: images, clip: clips, piece: pieces, document: documents };
      const last = page.at(-1);
      return {
        // In the page's order; a thing deleted in between is left out.
        items: page.flatMap((position) => found[position.kind].get(position.id) ?? []),
        nextCursor: positions.length > query.limit && last ? encodeLibraryCursor(last) : null,
      };
    },

    /**
     * POST /api/library/imports: one browser thing moved into the account. The same browser
     * thing again answers its copy (`created: false`), unless that copy was deleted since.
     */
    async import(userId: string, form: LibraryImportForm): Promise<LibraryImportResponse> {
      const kind = libraryKind.safeParse(form.kind);
      if (!kind.success) throw bad(libraryImportTexts.badKind);
      const item =
        kind.data === 'image'
          ? { kind: kind.data, value: readItem(importableImage, form.item) }
          : kind.data === 'clip'
            ? { kind: kind.data, value: readItem(importableClip, form.item) }
            : kind.data === 'piece'
              ? { kind: kind.data, value: readItem(importablePiece, form.item) }
              : { kind: kind.data, value: readItem(importableDocument, form.item) };
      const sourceId = item.value.id;

      const earlier = await earlierCopy(userId, item.kind, sourceId);
      if (earlier) return { item: earlier, created: false };

      const now = deps.now();
      const today = new Date(`${utcDay(now)}T00:00:00.000Z`);
      const claimed = await repository.claimImportWithinCap(
        userId,
        { kind: item.kind, sourceId, now },
        today,
        LIBRARY_IMPORTS_PER_DAY,
      );
      if (claimed === 'full') throw new HttpError(429, libraryImportTexts.tooMany);
      if (claimed === 'taken') {
        // Another request claimed it between the look and the claim.
        const other = await earlierCopy(userId, item.kind, sourceId);
        if (other) return { item: other, created: false };
        throw new HttpError(409, libraryTexts.importRaced);
      }
      const claim = { kind: item.kind, sourceId, itemId: '' };

      let copy: LibraryItem;
      try {
        copy =
          item.kind === 'image'
            ? await importImage(userId, item.value, form)
            : item.kind === 'clip'
              ? await importClip(userId, item.value, form)
              : item.kind === 'piece'
                ? await importPiece(userId, item.value, form)
                : await importDocument(userId, item.value);
      } catch (error) {
        await repository.forgetImport(userId, claim).catch(() => undefined);
        throw error;
      }
      try {
        await repository.settleImport(userId, item.kind, sourceId, copy.id);
      } catch (error) {
        await dropCopy(userId, copy);
        await repository.forgetImport(userId, claim).catch(() => undefined);
        throw error;
      }
      return { item: copy, created: true };
    },
  };
}

export type LibraryService = ReturnType<typeof createLibraryService>;
