import { randomBytes } from 'node:crypto';
import {
  type GeneratedImage,
  LIBRARY_IMPORTS_PER_DAY,
  type LibraryImportResponse,
  libraryImportTexts,
  type LibraryItem,
  type LibraryPage,
  type MusicPiece,
  PNG_PARAMETERS_KEYWORD,
  readPngTextChunks,
  type VoiceClip,
} from '@studio/contracts';
import { unzipSync, zipSync } from 'fflate';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { libraryTexts } from '../src/domains/library/library-texts.ts';
import { createLibraryRepository } from '../src/domains/library/library.repository.ts';
import { createLibraryService } from '../src/domains/library/library.service.ts';
import { chatUser } from './support/chat-rows.ts';
import { databaseKinds } from './support/databases.ts';
import { type Caller, newVisitorKey, send, solidPng } from './support/images.ts';
import {
  importForm,
  libraryRows,
  libraryTestEnv,
  pieceSettings,
  sampleFiles,
} from './support/library.ts';
import { useTestApp } from './support/test-app.ts';
import { catalogueOf } from './support/voice.ts';

/** Words no log line may carry (searched for and moved in here). */
const secretWords = 'Phố cổ Hà Nội lúc hoàng hôn';

describe.each(databaseKinds)('the library on %s', (kind) => {
  const t = useTestApp(kind, { ...libraryTestEnv, LOG_LEVEL: 'trace', UPLOAD_MAX_SIDE: '64' });
  const user = (label: string) => chatUser(t.app, label);
  const rows = () => libraryRows(t.app);
  const get = (caller: Caller, url: string) => send(t.app, caller, 'GET', url);
  const list = async (caller: Caller, query = ''): Promise<LibraryPage> => {
    const response = await get(caller, `/api/library${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<LibraryPage>();
  };
  /** Every page, following nextCursor; the items in the order the pages gave them. */
  const everything = async (caller: Caller, query: string, limit: number) => {
    const items: LibraryItem[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: LibraryPage = await list(
        caller,
        `?limit=${limit}${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.items.length).toBeLessThanOrEqual(limit);
      items.push(...page.items);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== null && pages < 50);
    return { items, pages };
  };
  const post = (caller: Caller, fields: Record<string, string>, files: Record<string, Buffer>) => {
    const form = importForm(fields, files);
    return t.app.inject({
      method: 'POST',
      url: '/api/library/imports',
      headers: {
        ...form.headers,
        ...(caller.bearer ? { authorization: `Bearer ${caller.bearer}` } : {}),
        ...(caller.visitorKey ? { 'x-visitor-key': caller.visitorKey } : {}),
      },
      payload: form.payload,
    });
  };

  const visitorJob = () => `images.generate:${randomBytes(8).toString('hex')}`;
  const imageItem = (overrides: Partial<GeneratedImage> = {}): GeneratedImage => {
    const jobId = visitorJob();
    return {
      id: `${jobId}:0`,
      jobId,
      index: 0,
      tool: 'anime',
      mode: 'generate',
      prompt: secretWords,
      negativePrompt: 'blurry',
      modelId: 'sandbox',
      modelName: 'Sandbox image',
      seed: 42,
      aspectRatio: '1:1',
      style: 'watercolor',
      width: 1,
      height: 1,
      parentId: null,
      createdAt: '2026-01-02T03:04:05.000Z',
      fileUrl: `/api/images/jobs/${jobId}/images/0`,
      ...overrides,
    };
  };
  const clipItem = (overrides: Partial<VoiceClip> = {}): VoiceClip => {
    const id = `voice.synthesize:${randomBytes(8).toString('hex')}`;
    return {
      id,
      text: 'Xin chào các bạn',
      language: 'vi',
      voice: 'vi-test',
      voiceName: 'Test Vietnamese',
      engine: 'test',
      speed: 1,
      pitch: 1,
      format: 'mp3',
      instructions: null,
      characters: 16,
      durationMs: 1000,
      bytes: 1,
      mimeType: 'audio/mpeg',
      audioUrl: `/api/voice/jobs/${id}/audio`,
      createdAt: '2026-01-02T03:04:06.000Z',
      ...overrides,
    };
  };
  const pieceItem = (overrides: Partial<MusicPiece> = {}): MusicPiece => {
    const id = `music.compose:${randomBytes(8).toString('hex')}`;
    const url = (file: string) => `/api/music/pieces/${id}/${file}`;
    return {
      id,
      parentId: null,
      operation: null,
      title: 'Đêm trăng',
      settings: pieceSettings({ prompt: 'moonlit night', lyrics: 'ánh trăng soi' }),
      model: 'composer:tones',
      modelName: 'Test tones',
      provider: 'composer',
      quality: 'offline-composer',
      durationMs: 1000,
      sections: [{ name: 'intro', startMs: 0, endMs: 1000 }],
      audioUrl: url('audio'),
      wavUrl: url('wav'),
      midiUrl: url('midi'),
      stems: [
        { instrument: 'piano', url: url('stems/piano'), bytes: 1 },
        { instrument: 'bass', url: url('stems/bass'), bytes: 1 },
      ],
      stemsZipUrl: url('stems.zip'),
      bytes: 1,
      createdAt: '2026-01-02T03:04:07.000Z',
      ...overrides,
    };
  };
  const importOf = async (
    caller: Caller,
    fields: Record<string, string>,
    files: Record<string, Buffer>,
    status = 201,
  ) => {
    const response = await post(caller, fields, files);
    expect(response.statusCode, response.body).toBe(status);
    return response.json<LibraryImportResponse>();
  };
  /** The user's stored files and rows, to see that a refused import left nothing. */
  const storedOf = async (userId: string) => {
    const keys: string[] = [];
    for await (const object of t.app.storage.list(`user:${userId}`)) keys.push(object.key);
    const count = async (table: 'images' | 'voice_clips' | 'music_pieces') =>
      Number(
        (
          await t.app.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const files = await t.app.db
      .selectFrom('music_files')
      .innerJoin('music_pieces', 'music_pieces.id', 'music_files.piece_id')
      .select('music_files.storage_key')
      .where('music_pieces.user_id', '=', userId)
      .execute();
    const imports = await t.app.db
      .selectFrom('library_imports')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    return {
      keys: keys.sort(),
      images: await count('images'),
      clips: await count('voice_clips'),
      pieces: await count('music_pieces'),
      pieceFiles: files.length,
      imports: imports.length,
    };
  };

  it('lists every kind newest first, then by kind and id, in pages with no repeats or gaps', async () => {
    const owner = await user('library-order');
    const base = Date.parse('2026-03-01T10:00:00.000Z');
    const expected: { kind: string; id: string; at: number }[] = [];
    const make = rows();
    for (let i = 0; i < 10; i += 1) {
      // Every third moment is shared by all three kinds: the ties are ordered by kind, then id.
      const at = (offset: number) => new Date(base + (i % 3 === 0 ? 0 : offset) + i * 60_000);
      expected.push({ kind: 'image', id: await make.image(owner.id, at(1000)), at: +at(1000) });
      expected.push({ kind: 'clip', id: await make.clip(owner.id, at(2000)), at: +at(2000) });
      expected.push({ kind: 'piece', id: await make.piece(owner.id, at(3000)), at: +at(3000) });
    }
    const twin = new Date(base);
    expected.push({ kind: 'image', id: await make.image(owner.id, twin), at: +twin });
    expected.push({ kind: 'image', id: await make.image(owner.id, twin), at: +twin });

    const { items, pages } = await everything(owner, '', 7);
    expect(pages).toBe(Math.ceil(expected.length / 7));
    expect(new Set(items.map((item) => `${item.kind}:${item.id}`)).size).toBe(expected.length);
    // Newest first; a tie by kind (clip, image, piece); then by id, as the database orders them.
    const times = items.map((item) => Date.parse(item.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (let i = 1; i < items.length; i += 1) {
      const [before, after] = [items[i - 1], items[i]];
      if (before?.createdAt === after?.createdAt && before && after) {
        expect(before.kind <= after.kind).toBe(true);
      }
    }
    expect(items.map((item) => item.kind).slice(-5)).toEqual([
      'clip',
      'image',
      'image',
      'image',
      'piece',
    ]);
    // Each item is its tool's own view, with its file URL.
    const image = items.find((item) => item.kind === 'image');
    expect(image?.kind === 'image' && image.image.fileUrl).toBe(`/api/images/${image?.id}/file`);
    const clip = items.find((item) => item.kind === 'clip');
    expect(clip?.kind === 'clip' && clip.clip.audioUrl).toBe(`/api/voice/clips/${clip?.id}/audio`);
    const piece = items.find((item) => item.kind === 'piece');
    expect(piece?.kind === 'piece' && piece.piece.audioUrl).toBe(
      `/api/music/pieces/${piece?.id}/audio`,
    );

    const pieces = await everything(owner, '&kind=piece', 4);
    expect(pieces.items).toHaveLength(10);
    expect(pieces.items.every((item) => item.kind === 'piece')).toBe(true);
    expect(pieces.items.map((item) => item.id)).toEqual(
      items.filter((item) => item.kind === 'piece').map((item) => item.id),
    );
    const whole = await list(owner, '?limit=50');
    expect(whole.nextCursor).toBeNull();
    expect(whole.items).toEqual(items);
  });

  it("searches the words each thing was made from, literally and in any case, never another user's", async () => {
    const owner = await user('library-search');
    const other = await user('library-search-other');
    const make = rows();
    const at = new Date('2026-04-01T00:00:00.000Z');
    const image = await make.image(owner.id, at, secretWords);
    const percent = await make.image(owner.id, at, 'a 100% cotton shirt');
    await make.image(owner.id, at, 'a 100 cotton shirt');
    const underscore = await make.clip(owner.id, at, 'say snake_case aloud');
    await make.clip(owner.id, at, 'say snakeXcase aloud');
    const clip = await make.clip(owner.id, at, 'Chào buổi sáng Hà Nội');
    const byTitle = await make.piece(owner.id, at, { title: 'Mưa HÀ NỘI' });
    const byPrompt = await make.piece(owner.id, at, { prompt: 'rainy hà nội streets' });
    const byLyrics = await make.piece(owner.id, at, { lyrics: 'em ơi Hà Nội phố' });
    await make.piece(owner.id, at, { title: 'Sài Gòn', prompt: 'slow ambient', lyrics: null });
    await make.image(other.id, at, secretWords);
    await make.piece(other.id, at, { title: 'Hà Nội' });

    const ids = async (query: string) =>
      (await list(owner, query)).items.map((item) => item.id).sort();
    expect(await ids(`?q=${encodeURIComponent('hà nội')}`)).toEqual(
      [image, clip, byTitle, byPrompt, byLyrics].sort(),
    );
    expect(await ids(`?q=${encodeURIComponent('HÀ NỘI')}&kind=piece`)).toEqual(
      [byTitle, byPrompt, byLyrics].sort(),
    );
    expect(await ids(`?q=${encodeURIComponent('100%')}`)).toEqual([percent]);
    expect(await ids(`?q=${encodeURIComponent('snake_case')}`)).toEqual([underscore]);
    const theirs = (await list(other)).items.map((item) => item.id);
    expect(theirs).toHaveLength(2);
    expect(theirs).not.toContain(image);
    // The JSON around a piece's words is not searched.
    expect(await ids('?q=genre&kind=piece')).toEqual([]);
    expect(await ids(`?q=${encodeURIComponent('   ')}&kind=image`)).toHaveLength(3);
    // The search words never reach a log line.
    expect(t.logs.join('\n')).not.toContain('snake_case');
    expect(t.logs.join('\n')).not.toContain('NỘI');
  });

  it('is for signed-in users only, and refuses a cursor it did not give', async () => {
    const visitor = { visitorKey: newVisitorKey() };
    for (const caller of [{}, visitor]) {
      const response = await get(caller, '/api/library');
      expect(response.statusCode).toBe(401);
      const images = await get(caller, '/api/images');
      expect(response.json()).toEqual(images.json());
      const imported = await post(caller, { kind: 'image' }, {});
      expect(imported.statusCode).toBe(401);
    }
    const owner = await user('library-cursor');
    for (const cursor of ['nope', Buffer.from('{"t":"x"}').toString('base64url')]) {
      const response = await get(owner, `/api/library?cursor=${cursor}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: libraryTexts.badCursor });
    }
    expect((await get(owner, '/api/library?kind=song')).statusCode).toBe(400);
  });

  it('moves a picture in as a PNG with its parameters, its parent kept only when it is yours', async () => {
    const owner = await user('library-image');
    const other = await user('library-image-other');
    const png = await solidPng(24, 16);
    const first = await importOf(
      owner,
      { kind: 'image', item: JSON.stringify(imageItem()) },
      { file: png },
    );
    expect(first.created).toBe(true);
    if (first.item.kind !== 'image') throw new Error('not an image');
    const image = first.item.image;
    expect(image).toMatchObject({
      prompt: secretWords,
      negativePrompt: 'blurry',
      tool: 'anime',
      style: 'watercolor',
      seed: 42,
      width: 24,
      height: 16,
      parentId: null,
      createdAt: '2026-01-02T03:04:05.000Z',
      fileUrl: `/api/images/${first.item.id}/file`,
    });
    const file = await get(owner, image.fileUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    const pixels = (data: Buffer) => sharp(data).raw().toBuffer();
    expect(await pixels(file.rawPayload)).toEqual(await pixels(png));
    expect(readPngTextChunks(file.rawPayload)[PNG_PARAMETERS_KEYWORD]).toContain(secretWords);
    expect((await get(other, image.fileUrl)).statusCode).toBe(404);

    const child = await importOf(
      owner,
      { kind: 'image', item: JSON.stringify(imageItem()), parentId: first.item.id },
      { file: png },
    );
    expect(child.item.kind === 'image' && child.item.image.parentId).toBe(first.item.id);
    const foreign = await importOf(
      other,
      { kind: 'image', item: JSON.stringify(imageItem()), parentId: first.item.id },
      { file: png },
    );
    expect(foreign.item.kind === 'image' && foreign.item.image.parentId).toBeNull();
    const listed = await list(owner, '?kind=image');
    expect(listed.items.map((item) => item.id).sort()).toEqual(
      [first.item.id, child.item.id].sort(),
    );
    expect(t.logs.join('\n')).not.toContain('Hà Nội');
  });

  it('moves a clip in with the same bytes, and refuses audio that is not what the clip says', async () => {
    const owner = await user('library-clip');
    const files = await sampleFiles();
    const allowance = async () => (await catalogueOf(t.app, owner)).limits.remainingToday;
    const before = await allowance();
    for (const [format, data, mimeType] of [
      ['mp3', files.mp3, 'audio/mpeg'],
      ['wav', files.wav, 'audio/wav'],
      ['ogg', files.ogg, 'audio/ogg'],
    ] as const) {
      const moved = await importOf(
        owner,
        { kind: 'clip', item: JSON.stringify(clipItem({ format, mimeType })) },
        { file: data },
      );
      if (moved.item.kind !== 'clip') throw new Error('not a clip');
      expect(moved.item.clip).toMatchObject({
        format,
        text: 'Xin chào các bạn',
        bytes: data.length,
      });
      const audio = await get(owner, moved.item.clip.audioUrl);
      expect(audio.statusCode).toBe(200);
      expect(audio.rawPayload.equals(data)).toBe(true);
    }
    // Moved-in clips were counted when they were made: the day's characters are untouched.
    expect(await allowance()).toBe(before);
    const stored = await storedOf(owner.id);
    const refused = await post(
      owner,
      { kind: 'clip', item: JSON.stringify(clipItem({ format: 'mp3' })) },
      { file: files.wav },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: libraryImportTexts.badFile });
    const missing = await post(owner, { kind: 'clip', item: JSON.stringify(clipItem()) }, {});
    expect(missing.json()).toMatchObject({ message: libraryImportTexts.missingFile });
    expect(await storedOf(owner.id)).toEqual(stored);
  });

  it('moves a piece in with every file it keeps, each served back as it came', async () => {
    const owner = await user('library-piece');
    const files = await sampleFiles();
    const stems = { 'stem:piano': files.stereoWav, 'stem:bass': files.wav };
    const moved = await importOf(
      owner,
      { kind: 'piece', item: JSON.stringify(pieceItem()) },
      { file: files.mp3, wav: files.stereoWav, midi: files.midi, stems: files.stemsZip, ...stems },
    );
    if (moved.item.kind !== 'piece') throw new Error('not a piece');
    const piece = moved.item.piece;
    expect(piece).toMatchObject({ title: 'Đêm trăng', parentId: null, operation: null });
    const same = async (url: string | null, data: Buffer) => {
      const response = await get(owner, url ?? '');
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(data)).toBe(true);
    };
    await same(piece.audioUrl, files.mp3);
    await same(piece.wavUrl, files.stereoWav);
    await same(piece.midiUrl, files.midi);
    expect(piece.stems.map((stem) => stem.instrument)).toEqual(['piano', 'bass']);
    await same(piece.stems[0]?.url ?? null, files.stereoWav);
    await same(piece.stems[1]?.url ?? null, files.wav);
    const zip = await get(owner, piece.stemsZipUrl ?? '');
    expect(Object.keys(unzipSync(new Uint8Array(zip.rawPayload)))).toHaveLength(2);

    // A browser that kept the stems zip alone: its stems are taken from it.
    const zipped = await importOf(
      owner,
      { kind: 'piece', item: JSON.stringify(pieceItem()) },
      { file: files.mp3, stems: files.stemsZip },
    );
    if (zipped.item.kind !== 'piece') throw new Error('not a piece');
    expect(zipped.item.piece.stems.map((stem) => stem.instrument)).toEqual(['piano', 'bass']);
    for (const stem of zipped.item.piece.stems) {
      const response = await get(owner, stem.url);
      expect(response.rawPayload.equals(files.wav)).toBe(true);
    }

    const child = await importOf(
      owner,
      {
        kind: 'piece',
        item: JSON.stringify(pieceItem({ operation: 'vary', wavUrl: null, midiUrl: null })),
        parentId: piece.id,
      },
      { file: files.mp3 },
    );
    expect(child.item.kind === 'piece' && child.item.piece).toMatchObject({
      parentId: piece.id,
      operation: 'vary',
      wavUrl: null,
      stems: [],
    });
    const orphan = await importOf(
      owner,
      {
        kind: 'piece',
        item: JSON.stringify(pieceItem({ operation: 'vary' })),
        parentId: 'someone-elses',
      },
      { file: files.mp3 },
    );
    expect(orphan.item.kind === 'piece' && orphan.item.piece).toMatchObject({
      parentId: null,
      operation: null,
    });
  });

  it('leaves nothing stored when any file of a piece fails, checked or stored', async () => {
    const owner = await user('library-partial');
    const files = await sampleFiles();
    const before = await storedOf(owner.id);
    const badMidi = await post(
      owner,
      { kind: 'piece', item: JSON.stringify(pieceItem()) },
      { file: files.mp3, wav: files.wav, midi: files.wav },
    );
    expect(badMidi.statusCode).toBe(400);
    expect(badMidi.json()).toMatchObject({ message: libraryImportTexts.badFile });
    const notMp3 = await post(
      owner,
      { kind: 'piece', item: JSON.stringify(pieceItem()) },
      { file: files.ogg },
    );
    expect(notMp3.json()).toMatchObject({ message: libraryImportTexts.badFile });

    // The store fails on the third file: the two stored before go again, and no row is written.
    const put = t.app.storage.put.bind(t.app.storage);
    let calls = 0;
    const spy = vi.spyOn(t.app.storage, 'put').mockImplementation(async (input) => {
      calls += 1;
      if (calls === 3) throw new Error('the store broke');
      return put(input);
    });
    try {
      const broken = await post(
        owner,
        { kind: 'piece', item: JSON.stringify(pieceItem()) },
        { file: files.mp3, wav: files.wav, midi: files.midi },
      );
      expect(broken.statusCode).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(calls).toBe(3);
    expect(await storedOf(owner.id)).toEqual(before);
  });

  it('answers the first copy when the same thing is moved again, and a new one once that is deleted', async () => {
    const owner = await user('library-again');
    const files = await sampleFiles();
    const item = JSON.stringify(clipItem());
    const first = await importOf(owner, { kind: 'clip', item }, { file: files.mp3 });
    const again = await importOf(owner, { kind: 'clip', item }, { file: files.mp3 }, 200);
    expect(again).toEqual({ item: first.item, created: false });
    // The same browser id as another kind is another thing.
    expect((await storedOf(owner.id)).clips).toBe(1);
    const deleted = await send(t.app, owner, 'DELETE', `/api/voice/clips/${first.item.id}`);
    expect(deleted.statusCode).toBe(204);
    const anew = await importOf(owner, { kind: 'clip', item }, { file: files.mp3 });
    expect(anew.item.id).not.toBe(first.item.id);
    expect(await storedOf(owner.id)).toMatchObject({ clips: 1, imports: 1 });

    // A claim still being worked on is a 409; one whose request died long ago is forgotten.
    const claimed = (sourceId: string, minutesAgo: number) =>
      t.app.db
        .insertInto('library_imports')
        .values({
          user_id: owner.id,
          kind: 'clip',
          source_id: sourceId,
          item_id: '',
          created_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
        })
        .execute();
    const busy = clipItem();
    await claimed(busy.id, 1);
    const refused = await post(
      owner,
      { kind: 'clip', item: JSON.stringify(busy) },
      { file: files.mp3 },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: libraryTexts.importRaced });
    const abandoned = clipItem();
    await claimed(abandoned.id, 11);
    await importOf(owner, { kind: 'clip', item: JSON.stringify(abandoned) }, { file: files.mp3 });

    // Two tabs moving the same thing at once: one copy, answered to both.
    const twice = JSON.stringify(imageItem());
    const png = await solidPng(8, 8);
    const both = await Promise.all(
      [0, 1].map(() => post(owner, { kind: 'image', item: twice }, { file: png })),
    );
    // The second is answered the first's copy, or told to try again while it is being made.
    const statuses = both.map((response) => response.statusCode).sort();
    expect([
      [200, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    const made = both.find((response) => response.statusCode === 201);
    const raced = both.find((response) => response.statusCode === 409);
    if (raced) expect(raced.json()).toMatchObject({ message: libraryTexts.importRaced });
    const third = await post(owner, { kind: 'image', item: twice }, { file: png });
    expect(third.statusCode).toBe(200);
    expect(third.json<LibraryImportResponse>().item).toEqual(
      made?.json<LibraryImportResponse>().item,
    );
    expect(await storedOf(owner.id)).toMatchObject({ clips: 2, images: 1, imports: 4 });
    expect((await storedOf(owner.id)).keys).toHaveLength(3);
  });

  it("moves a visitor's document in with its versions, lists it, finds it by its words, and answers it once", async () => {
    const owner = await user('library-documents');
    const browserId = `writing-${randomBytes(6).toString('hex')}`;
    const at = (minutes: number) =>
      new Date(Date.parse('2026-11-20T08:00:00.000Z') + minutes * 60_000).toISOString();
    const version = (number: number, content: string, kind: 'generate' | 'edit' | 'restore') => ({
      id: `${browserId}-v${number}`,
      documentId: browserId,
      number,
      kind,
      template: kind === 'generate' ? ('blog-post' as const) : null,
      transform: null,
      restoredFrom: kind === 'restore' ? 1 : null,
      state: 'complete' as const,
      content,
      modelName: kind === 'generate' ? 'Sandbox model' : null,
      createdAt: at(number),
    });
    const first = `# Cà phê Đà Lạt\n\n${secretWords}: buổi sáng se lạnh.`;
    const history = [
      version(3, first, 'restore'),
      version(2, '# Cà phê Đà Lạt\n\nĐã sửa.', 'edit'),
      version(1, first, 'generate'),
    ];
    const item = JSON.stringify({
      id: browserId,
      title: 'Cà phê Đà Lạt',
      template: 'blog-post',
      language: 'vi',
      content: first,
      versions: 3,
      currentVersion: 3,
      createdAt: at(1),
      updatedAt: at(3),
      history,
    });
    const moved = await importOf(owner, { kind: 'document', item }, {});
    expect(moved.created).toBe(true);
    expect(moved.item).toMatchObject({
      kind: 'document',
      createdAt: at(1),
      document: { title: 'Cà phê Đà Lạt', language: 'vi', versions: 3, updatedAt: at(3) },
    });
    const id = moved.item.id;
    expect(id).not.toBe(browserId);

    // The writer has it, its versions renumbered in the order they were made.
    const versions = (await get(owner, `/api/writer/documents/${id}/versions`)).json<{
      versions: { number: number; kind: string; content: string; createdAt: string }[];
    }>().versions;
    expect(versions.map((one) => [one.number, one.kind, one.createdAt])).toEqual([
      [3, 'restore', at(3)],
      [2, 'edit', at(2)],
      [1, 'generate', at(1)],
    ]);
    expect((await get(owner, `/api/writer/documents/${id}`)).json()).toMatchObject({
      content: first,
    });

    // Listed with the rest, by kind, and found by a word of its text.
    expect((await list(owner, '?kind=document')).items.map((one) => one.id)).toEqual([id]);
    expect(
      (await list(owner, `?q=${encodeURIComponent('se lạnh')}`)).items.map((one) => one.id),
    ).toEqual([id]);
    const stranger = await user('library-documents-other');
    expect((await list(stranger, '?kind=document')).items).toEqual([]);

    // The same browser document again answers the first copy.
    const again = await importOf(owner, { kind: 'document', item }, {}, 200);
    expect(again).toEqual({ item: moved.item, created: false });
    // A document without a version is not one.
    const empty = await post(
      owner,
      { kind: 'document', item: JSON.stringify({ ...JSON.parse(item), id: 'other', history: [] }) },
      {},
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: libraryImportTexts.badItem });
    expect(t.logs.join('\n')).not.toContain(secretWords);
  });

  it('refuses a bad kind or item, a file over its cap, and more imports than a day allows', async () => {
    const owner = await user('library-limits');
    const files = await sampleFiles();
    const refusal = async (
      fields: Record<string, string>,
      upload: Record<string, Buffer>,
      status: number,
      message: string,
    ) => {
      const response = await post(owner, fields, upload);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({ message });
    };
    await refusal(
      { kind: 'video', item: '{}' },
      { file: files.mp3 },
      400,
      libraryImportTexts.badKind,
    );
    await refusal(
      { kind: 'clip', item: '{not json' },
      { file: files.mp3 },
      400,
      libraryImportTexts.badItem,
    );
    await refusal(
      { kind: 'clip', item: JSON.stringify({ ...clipItem(), speed: 9 }) },
      { file: files.mp3 },
      400,
      libraryImportTexts.badItem,
    );
    await refusal(
      { kind: 'image', item: JSON.stringify(imageItem()) },
      {
        file: await sharp(await solidPng(4, 4))
          .jpeg()
          .toBuffer(),
      },
      400,
      libraryImportTexts.badFile,
    );
    const huge = Buffer.alloc(20 * 1024 * 1024 + 1);
    (await solidPng(4, 4)).copy(huge);
    await refusal(
      { kind: 'image', item: JSON.stringify(imageItem()) },
      { file: huge },
      413,
      libraryImportTexts.tooLarge,
    );
    await refusal(
      { kind: 'piece', item: JSON.stringify(pieceItem()) },
      { file: files.mp3, 'stem:violin': files.wav },
      400,
      libraryImportTexts.badFile,
    );
    const badZips: Record<string, Buffer>[] = [
      { 'piece-violin.wav': files.wav },
      { 'piece-piano.wav': files.mp3 },
    ];
    for (const entries of badZips) {
      await refusal(
        { kind: 'piece', item: JSON.stringify(pieceItem()) },
        { file: files.mp3, stems: Buffer.from(zipSync(entries, { level: 0 })) },
        400,
        libraryImportTexts.badFile,
      );
    }
    // Over the uploads' pixel limits (UPLOAD_MAX_SIDE is 64 here).
    await refusal(
      { kind: 'image', item: JSON.stringify(imageItem()) },
      { file: await solidPng(65, 8) },
      413,
      libraryImportTexts.tooLarge,
    );
    expect(await storedOf(owner.id)).toMatchObject({ keys: [], imports: 0 });

    // A day's worth but two already moved in (yesterday's do not count).
    const now = Date.now();
    const at = (index: number) =>
      new Date(index === 0 ? now - 26 * 60 * 60 * 1000 : now - index).toISOString();
    await t.app.db
      .insertInto('library_imports')
      .values(
        Array.from({ length: LIBRARY_IMPORTS_PER_DAY - 1 }, (_, index) => ({
          user_id: owner.id,
          kind: 'clip' as const,
          source_id: `earlier-${index}`,
          item_id: `gone-${index}`,
          created_at: at(index),
        })),
      )
      .execute();
    // Four at once for the last two places, all reaching the claim together (the repository
    // holds each until the four are there): the count and the claim are taken together, so two
    // get in and two are refused, and the refused leave no claim behind.
    const repository = createLibraryRepository(t.app.db, t.app.database.driver);
    let arrived = 0;
    let allArrived: () => void = () => undefined;
    const barrier = new Promise<void>((resolve) => {
      allArrived = resolve;
    });
    const racingService = createLibraryService({
      repository: {
        ...repository,
        async claimImportWithinCap(userId, claim, since, cap) {
          arrived += 1;
          if (arrived === 4) allArrived();
          await barrier;
          return repository.claimImportWithinCap(userId, claim, since, cap);
        },
      },
      tools: { images: t.app.images, voice: t.app.voice, music: t.app.music, writer: t.app.writer },
      imageLimits: t.app.config.uploads,
      now: () => t.app.now(),
    });
    const racing = Array.from({ length: 4 }, () => JSON.stringify(clipItem()));
    const raced = await Promise.all(
      racing.map((item) =>
        racingService
          .import(owner.id, {
            kind: 'clip',
            item,
            parentId: null,
            files: new Map([['file', files.mp3]]),
          })
          .then(
            (answer) => ({ statusCode: 201, answer }),
            (error: unknown) => ({ statusCode: (error as { statusCode?: number }).statusCode }),
          ),
      ),
    );
    expect(raced.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 429, 429]);
    expect((await storedOf(owner.id)).imports).toBe(LIBRARY_IMPORTS_PER_DAY + 1);
    const lastAt = raced.findIndex((answer) => answer.statusCode === 201);
    const last = raced[lastAt];
    const lastItem = racing[lastAt] ?? '';
    await refusal(
      { kind: 'clip', item: JSON.stringify(clipItem()) },
      { file: files.mp3 },
      429,
      libraryImportTexts.tooMany,
    );
    // The one moved in before is still answered over the cap: it is no new import.
    const again = await post(owner, { kind: 'clip', item: lastItem }, { file: files.mp3 });
    expect(again.statusCode).toBe(200);
    expect(again.json<LibraryImportResponse>().item).toEqual(
      last && 'answer' in last ? last.answer.item : null,
    );
  });
});
