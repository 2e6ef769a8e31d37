import { Midi } from '@tonejs/midi';
import type { MusicPiece } from '@studio/contracts';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readMp3, readWavFile } from './support/audio-checks.ts';
import { databaseKinds } from './support/databases.ts';
import { newVisitorKey, send } from './support/images.ts';
import { musicJobWhen, musicTestEnv, startPiece } from './support/music.ts';
import { useTestApp } from './support/test-app.ts';

/**
 * The music creator with the app's own default engine, the real offline composer (MIDI rendered
 * with the General MIDI sound font the install brings), through the routes a visitor uses: a
 * short piece composed, its MP3, WAV, MIDI and stems read back, then extended. Other route
 * behaviour is tested with a fast stand-in engine (music-pieces.test.ts).
 */
describe.each(databaseKinds)('the offline composer through the API on %s', (kind) => {
  const t = useTestApp(kind, { ...musicTestEnv });
  const guest = { visitorKey: newVisitorKey() };
  const file = async (url: string) => {
    const response = await send(t.app, guest, 'GET', url);
    expect(response.statusCode, url).toBe(200);
    return response.rawPayload;
  };
  const made = async (body: Record<string, unknown>): Promise<MusicPiece> => {
    const started = await startPiece(t.app, guest, body);
    const job = await musicJobWhen(t.app, guest, started.id, undefined, 90_000);
    expect(job.state, job.error ?? '').toBe('completed');
    if (!job.result) throw new Error('the job has no piece');
    return job.result.piece;
  };

  it('composes a piece a visitor hears, downloads as MP3, WAV and MIDI with its stems, and extends', async () => {
    const piece = await made({
      settings: {
        genre: 'jazz',
        mood: 'calm',
        tempo: 120,
        key: { tonic: 'F', mode: 'major' },
        durationSeconds: 16,
        instruments: ['piano', 'bass', 'drums'],
        seed: 7,
      },
    });
    expect(piece).toMatchObject({ model: 'composer:arranger', quality: 'offline-composer' });
    // 16 s at 120 BPM in 4/4 is 8 bars; within a bar (2 s) of it.
    expect(Math.abs(piece.durationMs - 16_000)).toBeLessThanOrEqual(2_000);

    const mp3 = readMp3(await file(piece.audioUrl));
    expect(Math.abs(mp3.seconds * 1000 - piece.durationMs)).toBeLessThan(200);
    if (!piece.wavUrl || !piece.midiUrl || !piece.stemsZipUrl) throw new Error('files missing');
    const wav = readWavFile(await file(piece.wavUrl));
    expect(wav).toMatchObject({ sampleRate: 44_100, channels: 2 });
    const peak = wav.samples.reduce((max, sample) => Math.max(max, Math.abs(sample)), 0) / 32_768;
    expect(20 * Math.log10(peak)).toBeGreaterThan(-12);
    expect(20 * Math.log10(peak)).toBeLessThan(-1);

    const midi = new Midi(await file(piece.midiUrl));
    expect(midi.header.tempos[0]?.bpm).toBeCloseTo(120, 0);
    expect(midi.header.keySignatures[0]).toMatchObject({ key: 'F', scale: 'major' });
    const named = midi.tracks.map((track) => track.name).join(' ');
    for (const instrument of ['piano', 'bass', 'drums']) expect(named).toContain(instrument);

    expect(piece.stems.map((stem) => stem.instrument).sort()).toEqual(['bass', 'drums', 'piano']);
    const zip = unzipSync(new Uint8Array(await file(piece.stemsZipUrl)));
    expect(Object.keys(zip)).toHaveLength(3);

    const longer = await made({
      settings: piece.settings,
      from: { pieceId: piece.id, operation: 'extend', seconds: 8 },
    });
    expect(longer).toMatchObject({ parentId: piece.id, operation: 'extend' });
    expect(longer.settings).toMatchObject({ tempo: 120, key: { tonic: 'F', mode: 'major' } });
    expect(longer.durationMs - piece.durationMs).toBeGreaterThanOrEqual(6_000);
    expect(longer.durationMs - piece.durationMs).toBeLessThanOrEqual(10_000);
  }, 240_000);
});
