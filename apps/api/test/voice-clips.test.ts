import { randomUUID } from 'node:crypto';
import type { VoiceClip, VoiceClipsPage } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { relaxedAuthLimits } from './support/auth.ts';
import { chatUser } from './support/chat-rows.ts';
import { databaseKinds } from './support/databases.ts';
import { type Caller, newVisitorKey, send } from './support/images.ts';
import { useTestApp } from './support/test-app.ts';
import { sineSpeech, startSynthesis, voiceJobWhen, voiceTestEnv } from './support/voice.ts';

describe.each(databaseKinds)("a user's voice clips on %s", (kind) => {
  const speech = sineSpeech();
  const t = useTestApp(
    kind,
    { ...relaxedAuthLimits, ...voiceTestEnv },
    { voice: { speech: speech.service } },
  );

  const user = (label: string): Promise<Caller & { id: string; bearer: string }> =>
    chatUser(t.app, label);
  const visitor = (): Caller => ({ visitorKey: newVisitorKey(), address: '198.51.100.4' });

  /** A finished clip: its job id and the clip. */
  async function clipOf(caller: Caller, text: string, format = 'mp3') {
    const job = await startSynthesis(t.app, caller, { text, format });
    const done = await voiceJobWhen(t.app, caller, job.id);
    expect(done.state, done.error ?? '').toBe('completed');
    const clip = done.result?.clip;
    if (!clip) throw new Error('no clip');
    return { jobId: job.id, clip };
  }

  const keyOf = async (id: string) =>
    (
      await t.app.db
        .selectFrom('voice_clips')
        .select('storage_key')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).storage_key;

  it('pages clips newest first, with the settings that made each', async () => {
    const owner = await user('voice-pages');
    const made: VoiceClip[] = [];
    for (const text of ['One.', 'Two words.', 'Three little words.']) {
      made.push((await clipOf(owner, text)).clip);
    }
    const first = await send(t.app, owner, 'GET', '/api/voice/clips?limit=2');
    expect(first.statusCode).toBe(200);
    const page = first.json<VoiceClipsPage>();
    expect(page.clips.map((clip) => clip.text)).toEqual(['Three little words.', 'Two words.']);
    expect(page.clips[0]).toEqual(made[2]);
    expect(page.nextCursor).toEqual(expect.any(String));
    const second = await send(
      t.app,
      owner,
      'GET',
      `/api/voice/clips?limit=2&cursor=${page.nextCursor ?? ''}`,
    );
    expect(second.json<VoiceClipsPage>()).toEqual({ clips: [made[0]], nextCursor: null });
    const one = await send(t.app, owner, 'GET', `/api/voice/clips/${made[1]?.id ?? ''}`);
    expect(one.json()).toEqual(made[1]);
    const bad = await send(t.app, owner, 'GET', '/api/voice/clips?cursor=not-one-of-ours');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('This list link is not valid. Reload your clips.');
    expect((await send(t.app, visitor(), 'GET', '/api/voice/clips')).statusCode).toBe(401);
  });

  it('serves the audio with byte ranges, and as a download', async () => {
    const owner = await user('voice-range');
    const { clip } = await clipOf(owner, 'A clip to read in pieces. It has two sentences.', 'wav');
    const whole = await send(t.app, owner, 'GET', clip.audioUrl);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.length).toBe(clip.bytes);
    const range = await t.app.inject({
      method: 'GET',
      url: clip.audioUrl,
      headers: { authorization: `Bearer ${owner.bearer}`, range: 'bytes=0-43' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 0-43/${clip.bytes}`);
    expect(range.rawPayload).toEqual(whole.rawPayload.subarray(0, 44));
    expect(range.rawPayload.toString('ascii', 0, 4)).toBe('RIFF');
    const outside = await t.app.inject({
      method: 'GET',
      url: clip.audioUrl,
      headers: { authorization: `Bearer ${owner.bearer}`, range: `bytes=${clip.bytes + 10}-` },
    });
    expect(outside.statusCode).toBe(416);
    const download = await send(t.app, owner, 'GET', `${clip.audioUrl}?download=1`);
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="a-clip-to-read-in-pieces-it-has-two-sentences\.wav"/,
    );
  });

  it('deletes a clip with its file', async () => {
    const owner = await user('voice-delete');
    const { clip } = await clipOf(owner, 'Soon gone.');
    const key = await keyOf(clip.id);
    expect(await t.app.storage.head(key)).not.toBeNull();
    const deleted = await send(t.app, owner, 'DELETE', `/api/voice/clips/${clip.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(await t.app.storage.head(key)).toBeNull();
    expect((await send(t.app, owner, 'GET', clip.audioUrl)).statusCode).toBe(404);
    expect((await send(t.app, owner, 'DELETE', `/api/voice/clips/${clip.id}`)).statusCode).toBe(
      404,
    );
  });

  it('answers 404 to another user for every path to a clip, a job, its parts and its audio', async () => {
    const owner = await user('voice-owner');
    const stranger = await user('voice-stranger');
    const guest = visitor();
    const { jobId, clip } = await clipOf(owner, 'Mine alone. Nobody else hears it.');
    const paths: ['GET' | 'DELETE', string][] = [
      ['GET', `/api/voice/clips/${clip.id}`],
      ['GET', clip.audioUrl],
      ['DELETE', `/api/voice/clips/${clip.id}`],
      ['GET', `/api/voice/jobs/${jobId}/parts/0`],
      ['GET', `/api/voice/jobs/${jobId}/parts/1`],
      ['GET', `/api/voice/jobs/${jobId}/audio`],
      ['GET', `/api/jobs/${jobId}`],
      ['DELETE', `/api/jobs/${jobId}`],
    ];
    for (const [method, path] of paths) {
      const response = await send(t.app, stranger, method, path);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
    // A visitor's key reaches only visitors' jobs; the user paths need a sign-in.
    for (const [method, path] of paths) {
      const response = await send(t.app, guest, method, path);
      expect([401, 404], `${method} ${path}`).toContain(response.statusCode);
    }
    // The owner still has it all.
    expect((await send(t.app, owner, 'GET', clip.audioUrl)).statusCode).toBe(200);
    expect((await send(t.app, owner, 'GET', `/api/voice/jobs/${jobId}/parts/1`)).statusCode).toBe(
      200,
    );
    expect((await send(t.app, owner, 'GET', `/api/voice/jobs/${jobId}/audio`)).statusCode).toBe(
      200,
    );
  });

  it("keeps a visitor's clip and parts to that visitor's key", async () => {
    const guest = visitor();
    const other = visitor();
    const someone = await user('voice-not-the-visitor');
    const { jobId, clip } = await clipOf(guest, 'A visitor speaks. Twice.', 'wav');
    expect((await send(t.app, guest, 'GET', clip.audioUrl)).statusCode).toBe(200);
    expect((await send(t.app, guest, 'GET', `/api/voice/jobs/${jobId}/parts/0`)).statusCode).toBe(
      200,
    );
    for (const path of [clip.audioUrl, `/api/voice/jobs/${jobId}/parts/0`, `/api/jobs/${jobId}`]) {
      expect((await send(t.app, other, 'GET', path)).statusCode, path).toBe(404);
      expect((await send(t.app, someone, 'GET', path)).statusCode, path).toBe(404);
      expect((await send(t.app, { address: '198.51.100.4' }, 'GET', path)).statusCode, path).toBe(
        401,
      );
    }
    // No part past the last one, and no such job.
    expect((await send(t.app, guest, 'GET', `/api/voice/jobs/${jobId}/parts/2`)).statusCode).toBe(
      404,
    );
    const unknown = `voice.synthesize~${randomUUID()}`;
    expect((await send(t.app, guest, 'GET', `/api/voice/jobs/${unknown}/audio`)).statusCode).toBe(
      404,
    );
  });

  it("removes a user's clips, rows and files, with their account", async () => {
    const owner = await user('voice-leaving');
    const { clip } = await clipOf(owner, 'Goodbye.');
    const key = await keyOf(clip.id);
    const deleted = await send(t.app, owner, 'DELETE', '/api/userprofile', { confirm: 'DELETE' });
    expect(deleted.statusCode).toBe(204);
    const rows = await t.app.db
      .selectFrom('voice_clips')
      .select('id')
      .where('user_id', '=', owner.id)
      .execute();
    expect(rows).toEqual([]);
    expect(await t.app.storage.head(key)).toBeNull();
  });
});
