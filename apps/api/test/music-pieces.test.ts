import {
  type MusicFamilyResponse,
  musicJobFailureTexts,
  type MusicPiece,
  type MusicPiecesPage,
  musicTexts,
} from '@studio/contracts';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { visitorKeyRequiredText } from '../src/domains/callers/caller.ts';
import { MusicError } from '../src/domains/providers/music/music-engine.ts';
import { musicServiceTexts } from '../src/domains/music/music-texts.ts';
import { readMp3, readWavFile } from './support/audio-checks.ts';
import { relaxedAuthLimits } from './support/auth.ts';
import { chatUser } from './support/chat-rows.ts';
import { databaseKinds } from './support/databases.ts';
import { type Caller, newVisitorKey, send } from './support/images.ts';
import {
  musicCatalogueOf,
  musicJobWhen,
  musicTestEnv,
  startPiece,
  toneEngines,
  toneSampleRate,
} from './support/music.ts';
import { useTestApp } from './support/test-app.ts';

/** Words no log line may carry (the prompt of every piece made here). */
const secretPrompt = 'Quiet harbour lanterns at dusk, sáo trúc and rain';

describe.each(databaseKinds)('the music creator on %s', (kind) => {
  const tones = toneEngines();
  const t = useTestApp(
    kind,
    // Trace: every line the app may write is checked for the words it was given.
    { ...relaxedAuthLimits, ...musicTestEnv, MUSIC_CLOUD_PLAN: 'free', LOG_LEVEL: 'trace' },
    { music: { engines: tones.engines } },
  );
  afterAll(() => tones.composer.release());

  const user = (label: string) => chatUser(t.app, label);
  let addressCount = 0;
  const visitor = (): Caller => ({
    visitorKey: newVisitorKey(),
    address: `203.0.113.${(addressCount += 1)}`,
  });
  const remaining = async (caller: Caller) =>
    (await musicCatalogueOf(t.app, caller)).limits.remainingToday;
  const compose = (seconds: number, extra: Record<string, unknown> = {}) => ({
    settings: { prompt: secretPrompt, genre: 'ambient', durationSeconds: seconds },
    ...extra,
  });
  const made = async (caller: Caller, body: Record<string, unknown>): Promise<MusicPiece> => {
    const started = await startPiece(t.app, caller, body);
    const job = await musicJobWhen(t.app, caller, started.id);
    expect(job.state, job.error ?? '').toBe('completed');
    const piece = job.result?.piece;
    if (!piece) throw new Error('the job has no piece');
    return piece;
  };
  const get = (caller: Caller, url: string) => send(t.app, caller, 'GET', url);

  it("lists the engines' models with their plans, the default, and the caller's allowance", async () => {
    const guest = await musicCatalogueOf(t.app, visitor());
    expect(guest.models.map((model) => model.id)).toEqual(['composer:tones', 'fal:cloud-tones']);
    expect(guest.defaultModel).toBe('composer:tones');
    expect(guest.models[0]).toMatchObject({ quality: 'offline-composer', allowed: true });
    expect(guest.limits).toEqual({ maxSecondsPerPiece: 30, dailySeconds: 60, remainingToday: 60 });
    const free = await musicCatalogueOf(t.app, await user('music-catalogue'));
    expect(free.limits).toEqual({ maxSecondsPerPiece: 60, dailySeconds: 400, remainingToday: 400 });
    const entries = t.app.providers.catalogue.of('music');
    expect(entries.map((entry) => entry.id)).toEqual(['composer:tones', 'fal:cloud-tones']);
  });

  it('makes a piece through its stages, with files only its owner can read', async () => {
    const owner = await user('music-owner');
    const before = await remaining(owner);
    const reached = tones.composer.hold();
    const started = await startPiece(t.app, owner, compose(20));
    expect(started.state).toMatch(/queued|running/);
    await reached;
    const running = await musicJobWhen(t.app, owner, started.id, ['running']);
    expect(running.progress?.stage).toBe('planning');
    tones.composer.release();
    const job = await musicJobWhen(t.app, owner, started.id);
    expect(job.state, job.error ?? '').toBe('completed');
    expect(job.progress).toMatchObject({ percent: 100, stage: 'storing' });
    const piece = job.result?.piece as MusicPiece;
    expect(piece).toMatchObject({
      parentId: null,
      operation: null,
      model: 'composer:tones',
      modelName: 'Test tones',
      quality: 'offline-composer',
      durationMs: 20_000,
      title: secretPrompt,
    });
    expect(piece.settings).toMatchObject({ genre: 'ambient', instruments: ['piano', 'bass'] });
    expect(piece.sections.map((section) => section.name)).toEqual(['intro', 'verse', 'outro']);
    expect(await remaining(owner)).toBe(before - 20);

    const mp3 = await get(owner, piece.audioUrl);
    expect(mp3.statusCode).toBe(200);
    expect(mp3.headers['content-type']).toBe('audio/mpeg');
    expect(mp3.headers['content-disposition']).toBe('inline');
    const summary = readMp3(mp3.rawPayload);
    expect(summary.sampleRate).toBe(toneSampleRate);
    expect(summary.seconds).toBeGreaterThanOrEqual(20);
    expect(summary.seconds).toBeLessThan(20.2);
    const download = await get(owner, `${piece.audioUrl}?download=1`);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="quiet-harbour/);
    const range = await send(t.app, owner, 'GET', piece.audioUrl);
    expect(range.statusCode).toBe(200);
    const partial = await t.app.inject({
      method: 'GET',
      url: piece.audioUrl,
      headers: { authorization: `Bearer ${owner.bearer}`, range: 'bytes=0-99' },
    });
    expect(partial.statusCode).toBe(206);
    expect(partial.rawPayload).toHaveLength(100);

    const wav = await get(owner, piece.wavUrl ?? '');
    expect(wav.headers['content-disposition']).toMatch(/attachment; filename=".*\.wav"/);
    expect(readWavFile(wav.rawPayload)).toMatchObject({ seconds: 20, channels: 2 });
    const midi = await get(owner, piece.midiUrl ?? '');
    expect(midi.headers['content-type']).toBe('audio/midi');
    expect(midi.headers['content-disposition']).toMatch(/\.mid"/);
    expect(midi.rawPayload.toString('ascii', 0, 4)).toBe('MThd');
    expect(piece.stems.map((stem) => stem.instrument)).toEqual(['piano', 'bass']);
    for (const stem of piece.stems) {
      const file = await get(owner, stem.url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toContain(`-${stem.instrument}.wav`);
      expect(readWavFile(file.rawPayload).seconds).toBe(20);
      expect(file.rawPayload.length).toBe(stem.bytes);
    }
    const zip = await get(owner, piece.stemsZipUrl ?? '');
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toMatch(/-stems\.zip"/);
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(entries).sort()).toEqual([
      expect.stringMatching(/-bass\.wav$/),
      expect.stringMatching(/-piano\.wav$/),
    ]);
    for (const entry of Object.values(entries)) {
      expect(readWavFile(Buffer.from(entry)).seconds).toBe(20);
    }
    expect((await get(owner, `/api/music/pieces/${piece.id}`)).json()).toEqual(piece);
    // The job's id reaches the same piece, for its owner.
    expect((await get(owner, `/api/music/pieces/${job.id}`)).json<MusicPiece>().id).toBe(piece.id);

    // Nobody else reaches any of it, by piece id or job id.
    const stranger = await user('music-stranger');
    const guest = visitor();
    for (const path of [
      `/api/music/pieces/${piece.id}`,
      piece.audioUrl,
      piece.wavUrl ?? '',
      piece.midiUrl ?? '',
      piece.stems[0]?.url ?? '',
      piece.stemsZipUrl ?? '',
      `/api/music/pieces/${piece.id}/family`,
      `/api/music/pieces/${job.id}`,
      `/api/music/pieces/${job.id}/audio`,
      `/api/jobs/${job.id}`,
    ]) {
      expect((await get(stranger, path)).statusCode, path).toBe(404);
      if (!path.endsWith('/family')) expect((await get(guest, path)).statusCode, path).toBe(404);
    }
    expect(
      (await send(t.app, stranger, 'DELETE', `/api/music/pieces/${piece.id}`)).statusCode,
    ).toBe(404);
    expect(
      (
        await send(t.app, stranger, 'POST', '/api/music/pieces', {
          ...compose(20),
          from: { pieceId: piece.id, operation: 'vary' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it("keeps a visitor's piece on its job, readable with their key only", async () => {
    const guest = visitor();
    const piece = await made(guest, compose(15));
    expect(piece.id).toMatch(/^music\.compose~/);
    expect(piece.audioUrl).toBe(`/api/music/pieces/${encodeURIComponent(piece.id)}/audio`);
    expect((await get(guest, piece.audioUrl)).statusCode).toBe(200);
    expect((await get(guest, piece.stemsZipUrl ?? '')).statusCode).toBe(200);
    expect((await get(visitor(), piece.audioUrl)).statusCode).toBe(404);
    expect((await get(await user('music-not-visitor'), piece.audioUrl)).statusCode).toBe(404);
    expect((await get({}, piece.audioUrl)).statusCode).toBe(401);
    expect((await get(guest, '/api/music/pieces')).statusCode).toBe(401);
    // Their own piece can be varied from its job's id.
    const variation = await made(guest, {
      ...compose(15),
      from: { pieceId: piece.id, operation: 'vary' },
    });
    expect(variation).toMatchObject({ parentId: piece.id, operation: 'vary', durationMs: 15_000 });
    expect((await send(t.app, {}, 'POST', '/api/music/pieces', compose(15))).json()).toMatchObject({
      message: visitorKeyRequiredText,
    });
  });

  it('refuses beyond the plan: a piece too long (400) and a day used up (429), taking nothing', async () => {
    const guest = visitor();
    const tooLong = await send(t.app, guest, 'POST', '/api/music/pieces', compose(45));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(musicServiceTexts.tooLong(45, 30, false));
    const free = await user('music-too-long');
    expect((await send(t.app, free, 'POST', '/api/music/pieces', compose(90))).json().message).toBe(
      musicServiceTexts.tooLong(90, 60, true),
    );
    expect(await remaining(guest)).toBe(60);
    await made(guest, compose(30));
    await made(guest, compose(25));
    const refused = await send(t.app, guest, 'POST', '/api/music/pieces', compose(15));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'quota',
      limit: 60,
      remaining: 5,
      refusedBy: 'plan',
    });
    expect(await remaining(guest)).toBe(5);
  });

  it('gives the seconds back when a job is cancelled or fails', async () => {
    const owner = await user('music-refunds');
    const before = await remaining(owner);
    const reached = tones.composer.hold();
    const started = await startPiece(t.app, owner, compose(30));
    await reached;
    expect(await remaining(owner)).toBe(before - 30);
    const cancel = await send(t.app, owner, 'DELETE', `/api/jobs/${started.id}`);
    expect(cancel.statusCode, cancel.body).toBeLessThan(300);
    expect((await musicJobWhen(t.app, owner, started.id)).state).toBe('cancelled');
    expect(await remaining(owner)).toBe(before);

    tones.composer.failNext(new MusicError('the renderer crashed'));
    const failing = await startPiece(t.app, owner, compose(30));
    const failed = await musicJobWhen(t.app, owner, failing.id);
    expect(failed).toMatchObject({ state: 'failed', error: musicJobFailureTexts.engineFailed });
    expect(failed.detail ?? null).toBeNull();
    // A refusal's suggested prompt reaches the page with the failed job, as its detail.
    tones.composer.failNext(
      new MusicError('refused', { refusal: { suggestedPrompt: 'An upbeat pop song' } }),
    );
    const refusedJob = await musicJobWhen(
      t.app,
      owner,
      (await startPiece(t.app, owner, compose(30))).id,
    );
    expect(refusedJob.error).toBe(musicJobFailureTexts.refused);
    expect(refusedJob.detail).toEqual({ suggestedPrompt: 'An upbeat pop song' });
    expect(await remaining(owner)).toBe(before);
    let stored = 0;
    for await (const object of t.app.storage.list(`user:${owner.id}`)) stored += object.size;
    expect(stored).toBe(0);
  });

  it('extends, rewrites a section and varies a piece, and shows its family', async () => {
    const owner = await user('music-family');
    const root = await made(owner, compose(20));
    const before = await remaining(owner);
    const longer = await made(owner, {
      ...compose(20),
      from: { pieceId: root.id, operation: 'extend', seconds: 10 },
    });
    expect(longer).toMatchObject({ parentId: root.id, operation: 'extend', durationMs: 30_000 });
    expect(longer.settings.key).toEqual(root.settings.key);
    expect(longer.settings.tempo).toBe(root.settings.tempo);
    expect(tones.composer.sourcesRead.at(-1)).toBe(20);
    expect(await remaining(owner)).toBe(before - 10);

    const rewritten = await made(owner, {
      ...compose(20),
      from: { pieceId: longer.id, operation: 'section', sectionIndex: 1 },
    });
    expect(rewritten).toMatchObject({
      parentId: longer.id,
      operation: 'section',
      durationMs: 30_000,
    });
    const lastCall = tones.composer.requests.at(-1);
    expect(lastCall?.from).toMatchObject({ operation: 'section', sectionIndex: 1 });

    const variation = await made(owner, {
      ...compose(20),
      from: { pieceId: root.id, operation: 'vary' },
    });
    expect(variation).toMatchObject({ parentId: root.id, operation: 'vary', durationMs: 20_000 });
    const { seed: rootSeed, ...rootRest } = root.settings;
    const { seed: variationSeed, ...variationRest } = variation.settings;
    expect(variationSeed).not.toBe(rootSeed);
    expect(variationRest).toEqual(rootRest);

    const family = await get(owner, `/api/music/pieces/${rewritten.id}/family`);
    expect(family.statusCode).toBe(200);
    const ids = family.json<MusicFamilyResponse>().pieces.map((piece) => piece.id);
    expect(ids[0]).toBe(root.id);
    expect(new Set(ids)).toEqual(new Set([root.id, longer.id, rewritten.id, variation.id]));
    expect(ids.indexOf(longer.id)).toBeLessThan(ids.indexOf(rewritten.id));

    const noSection = await send(t.app, owner, 'POST', '/api/music/pieces', {
      ...compose(20),
      from: { pieceId: root.id, operation: 'section', sectionIndex: 9 },
    });
    expect(noSection.json().message).toBe(musicTexts.sectionOutOfRange);
    const noSeconds = await send(t.app, owner, 'POST', '/api/music/pieces', {
      ...compose(20),
      from: { pieceId: root.id, operation: 'extend' },
    });
    expect(noSeconds.json().message).toBe(musicServiceTexts.extendNeedsSeconds);
    const past = await send(t.app, owner, 'POST', '/api/music/pieces', {
      ...compose(20),
      from: { pieceId: longer.id, operation: 'extend', seconds: 40 },
    });
    expect(past.json().message).toBe(musicServiceTexts.tooLong(70, 60, true));
  });

  it('refuses what a model cannot do, by its capabilities and its length', async () => {
    const owner = await user('music-capabilities');
    const cloudPiece = await made(owner, { ...compose(20), model: 'fal:cloud-tones' });
    expect(cloudPiece).toMatchObject({
      stems: [],
      stemsZipUrl: null,
      midiUrl: null,
      quality: 'cloud-ai',
    });
    expect((await get(owner, `/api/music/pieces/${cloudPiece.id}/midi`)).statusCode).toBe(404);
    expect((await get(owner, `/api/music/pieces/${cloudPiece.id}/stems.zip`)).statusCode).toBe(404);
    const extend = await send(t.app, owner, 'POST', '/api/music/pieces', {
      ...compose(20),
      model: 'fal:cloud-tones',
      from: { pieceId: cloudPiece.id, operation: 'extend', seconds: 5 },
    });
    expect(extend.statusCode).toBe(400);
    expect(extend.json().message).toBe(musicServiceTexts.lacks('Test cloud tones', 'extend'));
    const section = await send(t.app, owner, 'POST', '/api/music/pieces', {
      ...compose(20),
      model: 'fal:cloud-tones',
      from: { pieceId: cloudPiece.id, operation: 'section', sectionIndex: 0 },
    });
    expect(section.json().message).toBe(musicServiceTexts.lacks('Test cloud tones', 'section'));
    const long = await send(t.app, owner, 'POST', '/api/music/pieces', {
      ...compose(45),
      model: 'fal:cloud-tones',
    });
    expect(long.json().message).toBe(musicServiceTexts.modelTooShort('Test cloud tones', 45, 30));
    const unknown = await send(t.app, owner, 'POST', '/api/music/pieces', {
      ...compose(20),
      model: 'nobody:nothing',
    });
    expect(unknown.json().message).toBe(musicServiceTexts.unknownModel);
  });

  it('answers malformed bodies with 400 and every problem', async () => {
    const owner = await user('music-malformed');
    const refuse = async (body: unknown) => {
      const response = await send(t.app, owner, 'POST', '/api/music/pieces', body);
      expect(response.statusCode, response.body).toBe(400);
      return response.json<{ message: string; errors: string[] }>();
    };
    expect(await refuse({})).toMatchObject({
      message: 'Invalid request. Please check your input.',
      errors: [expect.stringMatching(/^settings: /)],
    });
    const bad = await refuse({
      settings: { genre: 'polka', tempo: 500, durationSeconds: 5, instruments: ['kazoo'] },
    });
    expect(bad.errors.map((error) => error.split(':')[0]).sort()).toEqual([
      'settings.durationSeconds',
      'settings.genre',
      'settings.instruments.0',
      'settings.tempo',
    ]);
    expect((await refuse({ settings: {}, from: { operation: 'vary' } })).errors).toEqual([
      expect.stringMatching(/^from\.pieceId: /),
    ]);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/music/pieces',
      headers: { authorization: `Bearer ${owner.bearer}`, 'content-type': 'text/plain' },
      payload: 'make music',
    });
    expect(notJson.statusCode).toBe(415);
    const missing = await send(t.app, owner, 'POST', '/api/music/pieces', {
      ...compose(20),
      from: { pieceId: 'no-such-piece', operation: 'vary' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(musicServiceTexts.unknownSource);
  });

  it('pages the pieces newest first, and deletes one with its files', async () => {
    const owner = await user('music-pages');
    const first = await made(owner, compose(15));
    const second = await made(owner, compose(15));
    const third = await made(owner, compose(15));
    const page = (await get(owner, '/api/music/pieces?limit=2')).json<MusicPiecesPage>();
    expect(page.pieces.map((piece) => piece.id)).toEqual([third.id, second.id]);
    expect(page.nextCursor).not.toBeNull();
    const next = (
      await get(owner, `/api/music/pieces?limit=2&cursor=${page.nextCursor ?? ''}`)
    ).json<MusicPiecesPage>();
    expect(next).toEqual({ pieces: [first], nextCursor: null });
    const badCursor = await get(owner, '/api/music/pieces?cursor=not-a-cursor');
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().message).toBe(musicServiceTexts.badCursor);

    const objects = async () => {
      const keys: string[] = [];
      for await (const object of t.app.storage.list(`user:${owner.id}`)) keys.push(object.key);
      return keys.length;
    };
    // MP3, WAV, MIDI and two stems each.
    expect(await objects()).toBe(15);
    const removed = await send(t.app, owner, 'DELETE', `/api/music/pieces/${second.id}`);
    expect(removed.statusCode).toBe(204);
    expect(await objects()).toBe(10);
    expect((await get(owner, `/api/music/pieces/${second.id}`)).statusCode).toBe(404);
    expect((await get(owner, second.audioUrl)).statusCode).toBe(404);
    expect((await send(t.app, owner, 'DELETE', `/api/music/pieces/${second.id}`)).statusCode).toBe(
      404,
    );
    const left = (await get(owner, '/api/music/pieces')).json<MusicPiecesPage>();
    expect(left.pieces.map((piece) => piece.id)).toEqual([third.id, first.id]);
  });

  it('writes nothing the user typed to the log', () => {
    const logs = t.logs.join('\n');
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).not.toContain('Quiet harbour');
    expect(logs).not.toContain('sáo trúc');
    expect(logs).not.toContain(JSON.stringify('sáo trúc').slice(1, -1));
  });
});
