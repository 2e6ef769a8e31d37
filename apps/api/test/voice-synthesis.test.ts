import {
  type VoiceSynthesisJob,
  voiceJobFailureTexts,
  voiceTexts as requestTexts,
} from '@studio/contracts';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { SpeechError } from '../src/domains/providers/speech/speech-engine.ts';
import { opusPreSkip, readOggPages } from '../src/domains/providers/speech/ogg-opus.ts';
import { voiceParts } from '../src/domains/voice/voice-job.ts';
import { readMp3, readWavFile } from './support/audio-checks.ts';
import { relaxedAuthLimits } from './support/auth.ts';
import { chatUser } from './support/chat-rows.ts';
import { databaseKinds, skipPostgres } from './support/databases.ts';
import { type Caller, newVisitorKey, send } from './support/images.ts';
import { followJobEvents, parseJobEvents } from './support/job-events.ts';
import { deleteRedisKeys, redisEnv, uniqueRedisPrefix } from './support/redis.ts';
import { useTestApp } from './support/test-app.ts';
import {
  catalogueOf,
  sentencesOf,
  sineSampleRate,
  sineSecondsPerCharacter,
  sineSpeech,
  startSynthesis,
  voiceJobWhen,
  voiceTestEnv,
  voiceWhere,
} from './support/voice.ts';

describe.each(databaseKinds)('voice synthesis on %s', (kind) => {
  const speech = sineSpeech();
  const t = useTestApp(
    kind,
    // Trace: every line the app may write is checked for the texts it was given.
    { ...relaxedAuthLimits, ...voiceTestEnv, LOG_LEVEL: 'trace' },
    { voice: { speech: speech.service } },
  );
  let address: string | null = null;
  afterAll(() => speech.release());

  const user = (label: string): Promise<Caller & { id: string; bearer: string }> =>
    chatUser(t.app, label);
  const visitor = (): Caller => ({ visitorKey: newVisitorKey(), address: '203.0.113.7' });
  const remaining = async (caller: Caller) =>
    (await catalogueOf(t.app, caller)).limits.remainingToday;

  it("lists every voice with what speaks it, the defaults, and the caller's allowance", async () => {
    const guest = await catalogueOf(t.app, visitor());
    expect(guest.voices.length).toBeGreaterThan(1);
    for (const voice of guest.voices) {
      expect(voice).toMatchObject({
        id: expect.any(String),
        engine: expect.any(String),
        provider: expect.any(String),
        quality: expect.any(String),
        plan: expect.any(String),
        sandbox: expect.any(Boolean),
      });
    }
    for (const id of Object.values(guest.defaultVoice)) {
      expect(guest.voices.map((voice) => voice.id)).toContain(id);
    }
    expect(guest.limits).toEqual({
      maxCharactersPerRequest: 300,
      dailyCharacters: 600,
      remainingToday: 600,
    });
    const free = await catalogueOf(t.app, await user('voice-catalogue'));
    expect(free.limits).toEqual({
      maxCharactersPerRequest: 1000,
      dailyCharacters: 1500,
      remainingToday: 1500,
    });
  });

  it('refuses what it cannot do with a clear message, and takes nothing from the allowance', async () => {
    const caller = await user('voice-refusals');
    const catalogue = await catalogueOf(t.app, caller);
    const english = voiceWhere(
      catalogue,
      (voice) => voice.language === 'en' && voice.plan === 'free',
    );
    const proVoice = voiceWhere(catalogue, (voice) => voice.plan === 'pro');
    const noInstructions = english;
    const noPitch = voiceWhere(catalogue, (voice) => !voice.capabilities.includes('pitch'));
    const refuse = async (body: Record<string, unknown>, status = 400, who: Caller = caller) => {
      const response = await send(t.app, who, 'POST', '/api/voice/syntheses', body);
      expect(response.statusCode, response.body).toBe(status);
      return response.json<{ message: string; errors?: string[] }>().message;
    };

    expect(await refuse({ text: '' })).toBe(requestTexts.textRequired);
    expect(await refuse({ text: '   \n ' })).toBe(requestTexts.textRequired);
    expect(await refuse({})).toBe('Invalid request. Please check your input.');
    expect(await refuse({ text: 'x'.repeat(1001) })).toBe(
      'This text has 1,001 characters; your plan speaks up to 1,000 in one request. Shorten it, or upgrade for longer texts.',
    );
    // Longer than any plan takes: still told the caller's own limit.
    expect(await refuse({ text: 'x'.repeat(50_001) })).toMatch(
      /^This text has 50,001 characters; your plan speaks up to 1,000 in one request\./,
    );
    expect(await refuse({ text: 'Hello.', voice: 'no-such-voice' })).toBe(
      'This voice is not available. Choose one of the listed voices.',
    );
    expect(await refuse({ text: 'Hello.', voice: proVoice.id }, 403)).toBe(
      `${proVoice.name} needs the Pro plan. Upgrade to use it.`,
    );
    expect(
      await refuse({ text: 'Hello.', voice: noInstructions.id, instructions: 'Whisper it.' }),
    ).toBe(
      `${noInstructions.name} cannot take instructions on how to speak. Remove them, or choose another voice.`,
    );
    expect(await refuse({ text: 'Hello.', voice: noPitch.id, pitch: 1.5 })).toBe(
      `${noPitch.name} cannot change its pitch. Set the pitch to 1, or choose another voice.`,
    );
    expect(await refuse({ text: 'Xin chào.', voice: english.id, language: 'vi' })).toBe(
      `${english.name} speaks English, not Vietnamese. Choose a Vietnamese voice, or set the language to English.`,
    );
    expect(await refuse({ text: '... --- !!! ???' })).toBe(requestTexts.nothingToSay);
    expect(await refuse({ text: 'Hello.', speed: 3 })).toBe(
      'Invalid request. Please check your input.',
    );
    expect(await refuse({ text: 'Hello.' }, 400, { address: '203.0.113.9' })).toBe(
      'Send your visitor key in the X-Visitor-Key header (43 letters, digits, "-" or "_"), or sign in.',
    );
    const guest = visitor();
    expect(await refuse({ text: 'y'.repeat(301) }, 400, guest)).toBe(
      'This text has 301 characters; without an account you can speak up to 300 in one request. Shorten it, or sign in for longer texts.',
    );
    expect(await remaining(caller)).toBe(1500);
    expect(await remaining(guest)).toBe(600);
  });

  it('speaks a text part by part: parts are served as they are ready, progress counts them, the clip joins them', async () => {
    const owner = await user('voice-speaks');
    const long =
      'This third part is one long sentence, long enough that it cannot join the two short sentences before it, because together they would pass the second part’s length.';
    const text = `First sentence here. The second one is a bit longer! And a third? ${long}`;
    // The first sentence alone, then whole sentences grouped (voiceParts).
    const sentences = [
      'First sentence here.',
      'The second one is a bit longer! And a third?',
      long,
    ];
    expect(voiceParts(text, 400)).toEqual(sentences);
    // The second part waits until released: the first can be fetched meanwhile.
    const second = speech.holdCall(2);
    const job = await startSynthesis(t.app, owner, { text, format: 'mp3' });
    expect(job).toMatchObject({ kind: 'voice.synthesize', result: null, error: null });
    address ??= await t.app.listen({ host: '127.0.0.1', port: 0 });
    const events = await followJobEvents(address, job.id, owner.bearer);
    await second;

    const part = (index: number) =>
      send(t.app, owner, 'GET', `/api/voice/jobs/${job.id}/parts/${index}`);
    const first = await vi.waitFor(async () => {
      const response = await part(0);
      expect(response.statusCode).toBe(200);
      return response;
    });
    expect(first.headers['content-type']).toBe('audio/wav');
    const firstAudio = readWavFile(first.rawPayload);
    expect(firstAudio.seconds).toBeCloseTo(
      'First sentence here.'.length * sineSecondsPerCharacter,
      2,
    );
    expect((await part(1)).statusCode).toBe(404);
    expect((await part(2)).statusCode).toBe(404);
    const running = await voiceJobWhen(t.app, owner, job.id, ['running']);
    expect(running.progress).toMatchObject({ stage: 'speaking', steps: { done: 1, total: 3 } });

    speech.release();
    const ended = await voiceJobWhen(t.app, owner, job.id);
    expect(ended.state).toBe('completed');
    const all = parseJobEvents(await events.ended);
    const progress = all.flatMap((event) =>
      event.type === 'progress' ? [event.data] : event.data.progress ? [event.data.progress] : [],
    );
    // The stream opened by the time the second part was being spoken: it starts at 0 or 1.
    const done = progress
      .filter((p) => p.stage === 'speaking')
      .map((p) => p.steps?.done)
      .filter((value, index, list) => value !== list[index - 1]);
    expect(done[0]).toBeLessThanOrEqual(1);
    expect(done).toEqual([0, 1, 2, 3].slice(done[0]));
    for (const p of progress) expect(p.steps?.total).toBe(3);
    expect([...new Set(progress.map((p) => p.stage))]).toEqual(['speaking', 'joining', 'storing']);
    const percents = progress.map((p) => p.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.at(-1)).toBe(100);

    // Every part is served in order, each as long as its sentences.
    for (const [index, sentence] of sentences.entries()) {
      const response = await part(index);
      expect(response.statusCode).toBe(200);
      expect(readWavFile(response.rawPayload).seconds).toBeCloseTo(
        sentence.length * sineSecondsPerCharacter,
        2,
      );
    }
    expect(speech.requests.slice(-3).map((request) => request.text)).toEqual(sentences);
    // One voice for every part: the language's default, chosen at the start.
    const catalogue = await catalogueOf(t.app, owner);
    expect(new Set(speech.requests.slice(-3).map((request) => request.voice))).toEqual(
      new Set([catalogue.defaultVoice['en']]),
    );

    const clip = ended.result?.clip;
    if (!clip) throw new Error('no clip');
    const spoken = sentences.join('').length * sineSecondsPerCharacter;
    expect(clip).toMatchObject({
      text,
      language: 'en',
      voice: catalogue.defaultVoice['en'],
      format: 'mp3',
      mimeType: 'audio/mpeg',
      characters: text.length,
      speed: 1,
      pitch: 1,
      instructions: null,
      audioUrl: `/api/voice/clips/${clip.id}/audio`,
    });
    expect(clip.durationMs).toBe(Math.round((spoken + 2 * 0.2) * 1000));
    const audio = await send(t.app, owner, 'GET', clip.audioUrl);
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect(audio.rawPayload.length).toBe(clip.bytes);
    const mp3 = readMp3(audio.rawPayload);
    expect(mp3.seconds).toBeGreaterThanOrEqual(clip.durationMs / 1000);
    expect(mp3.seconds).toBeLessThan(clip.durationMs / 1000 + 0.2);
    expect(await remaining(owner)).toBe(1500 - text.length);
  });

  it.each(['wav', 'ogg'] as const)('makes a %s clip', async (format) => {
    const owner = await user(`voice-${format}`);
    const text = 'Một câu tiếng Việt. Và một câu nữa.';
    const job = await startSynthesis(t.app, owner, { text, format, speed: 1.25 });
    const done = await voiceJobWhen(t.app, owner, job.id);
    expect(done.state, done.error ?? '').toBe('completed');
    const clip = done.result?.clip;
    if (!clip) throw new Error('no clip');
    expect(clip).toMatchObject({ language: 'vi', format, speed: 1.25 });
    expect(speech.requests.at(-1)).toMatchObject({ language: 'vi', speed: 1.25, format: 'wav' });
    const file = (await send(t.app, owner, 'GET', clip.audioUrl)).rawPayload;
    const seconds = clip.durationMs / 1000;
    expect(seconds).toBeGreaterThan(0);
    if (format === 'wav') {
      const wav = readWavFile(file);
      expect(wav.sampleRate).toBe(sineSampleRate);
      expect(wav.seconds).toBeCloseTo(seconds, 2);
    } else {
      const pages = readOggPages(file);
      expect(pages.every((page) => page.crc.computed === page.crc.written)).toBe(true);
      expect(pages[0]?.packets[0]?.toString('ascii', 0, 8)).toBe('OpusHead');
      const played = Number((pages.at(-1)?.granule ?? 0n) - BigInt(opusPreSkip)) / 48_000;
      expect(played).toBeCloseTo(seconds, 2);
    }
  });

  it("refuses a request past today's characters with the quota body (429)", async () => {
    const owner = await user('voice-daily');
    const first = await startSynthesis(t.app, owner, { text: sentencesOf(20) });
    await voiceJobWhen(t.app, owner, first.id);
    const left = await remaining(owner);
    expect(left).toBe(1500 - sentencesOf(20).length);
    const refused = await send(t.app, owner, 'POST', '/api/voice/syntheses', {
      text: sentencesOf(25),
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: `Only ${left} of today's characters of speech are left.`,
      code: 'quota',
      limit: 1500,
      remaining: left,
      refusedBy: 'plan',
      resetsAt: expect.any(String),
      upgradeUrl: '/plans',
    });
    // What is left can still be spoken.
    await startSynthesis(t.app, owner, { text: 'x'.repeat(left - 1) + '.' });
    expect(await remaining(owner)).toBe(0);
  });

  it('gives the characters back when a job is cancelled before it spoke anything', async () => {
    const owner = await user('voice-cancel');
    const waiting = speech.holdCall(1);
    const job = await startSynthesis(t.app, owner, { text: sentencesOf(4) });
    await waiting;
    expect(await remaining(owner)).toBe(1500 - sentencesOf(4).length);
    const cancelled = await send(t.app, owner, 'DELETE', `/api/jobs/${job.id}`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<VoiceSynthesisJob>().state).toBe('cancelled');
    expect(await remaining(owner)).toBe(1500);
  });

  it('keeps the characters of the sentences spoken before a cancel, and gives back the rest', async () => {
    const owner = await user('voice-cancel-later');
    const text = sentencesOf(3);
    const waiting = speech.holdCall(2);
    const job = await startSynthesis(t.app, owner, { text });
    await waiting;
    const cancelled = await send(t.app, owner, 'DELETE', `/api/jobs/${job.id}`);
    expect(cancelled.statusCode).toBe(200);
    await voiceJobWhen(t.app, owner, job.id, ['cancelled']);
    const firstSentence = sentencesOf(1);
    await vi.waitFor(async () => expect(await remaining(owner)).toBe(1500 - firstSentence.length));
  });

  it('fails the job in our words when the engine fails, gives the characters back, and logs no text', async () => {
    const owner = await user('voice-fails');
    const secret = 'Nobody should read this sentence in a log.';
    speech.failNext(
      new SpeechError('The speech engine failed: a worker crashed.', {
        failure: { kind: 'engine', status: null, retryAfterSeconds: null },
      }),
    );
    const job = await startSynthesis(t.app, owner, { text: secret });
    const done = await voiceJobWhen(t.app, owner, job.id);
    expect(done).toMatchObject({ state: 'failed', error: voiceJobFailureTexts.engineFailed });
    expect(await remaining(owner)).toBe(1500);
    expect(t.logs.length).toBeGreaterThan(10);
    expect(t.logs.filter((line) => line.includes('Nobody should read'))).toEqual([]);
    expect(
      t.logs.some(
        (line) => line.includes('"event":"provider_failed"') && line.includes('"tool":"voice"'),
      ),
    ).toBe(true);
  });

  it('tries a busy engine once more, keeping the parts already spoken', async () => {
    const owner = await user('voice-retry');
    const text = 'One sentence. Another sentence.';
    const before = speech.requests.length;
    // The first part is spoken; the second finds the engine busy, then the job runs again.
    const failing = speech.holdCall(2);
    const job = await startSynthesis(t.app, owner, { text, format: 'wav' });
    await failing;
    speech.failNext(new SpeechError('The speech engine is busy; try again in a moment.'));
    speech.release();
    const done = await voiceJobWhen(t.app, owner, job.id);
    expect(done.state, done.error ?? '').toBe('completed');
    // Two calls for the second part, one for the first: it was kept from the first attempt.
    expect(speech.requests.slice(before).map((request) => request.text)).toEqual([
      'One sentence.',
      'Another sentence.',
      'Another sentence.',
    ]);
    expect(await remaining(owner)).toBe(1500 - text.length);
  });

  it("lets a visitor make a clip and read it from their job with their key; it is not in anyone's list", async () => {
    const guest = visitor();
    const job = await startSynthesis(t.app, guest, {
      text: 'Hello from a visitor.',
      format: 'ogg',
    });
    const done = await voiceJobWhen(t.app, guest, job.id);
    expect(done.state).toBe('completed');
    const clip = done.result?.clip;
    expect(clip).toMatchObject({ id: job.id, audioUrl: `/api/voice/jobs/${job.id}/audio` });
    const audio = await send(t.app, guest, 'GET', clip?.audioUrl ?? '');
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/ogg');
    expect(readOggPages(audio.rawPayload).length).toBeGreaterThan(2);
    expect(await remaining(guest)).toBe(600 - 'Hello from a visitor.'.length);
    const rows = await t.app.db.selectFrom('voice_clips').select('id').execute();
    expect(rows.map((row) => row.id)).not.toContain(job.id);
  });
});

describe.skipIf(skipPostgres)('voice synthesis on postgres, queue bullmq, quotas in redis', () => {
  const prefix = uniqueRedisPrefix('voice-jobs');
  const speech = sineSpeech();
  const t = useTestApp(
    'postgres',
    { ...relaxedAuthLimits, ...voiceTestEnv, ...redisEnv(prefix) },
    { voice: { speech: speech.service } },
  );
  afterAll(async () => {
    speech.release();
    await deleteRedisKeys(prefix);
  });

  it('counts parts through the queue, makes the clip, and gives back a cancelled job’s characters', async () => {
    const owner = await chatUser(t.app, 'voice-bullmq');
    const remaining = async () => (await catalogueOf(t.app, owner)).limits.remainingToday;
    const text = 'One sentence first. Then the next sentence follows it.';
    const held = speech.holdCall(2);
    const job = await startSynthesis(t.app, owner, { text, format: 'ogg' });
    await held;
    await vi.waitFor(async () => {
      const now = await voiceJobWhen(t.app, owner, job.id, ['running']);
      expect(now.progress?.steps).toEqual({ done: 1, total: 2 });
    });
    expect((await send(t.app, owner, 'GET', `/api/voice/jobs/${job.id}/parts/0`)).statusCode).toBe(
      200,
    );
    speech.release();
    const done = await voiceJobWhen(t.app, owner, job.id);
    expect(done.state, done.error ?? '').toBe('completed');
    expect(done.progress?.steps).toEqual({ done: 2, total: 2 });
    expect(await remaining()).toBe(1500 - text.length);

    const waiting = speech.holdCall(1);
    const cancelledJob = await startSynthesis(t.app, owner, { text: sentencesOf(5) });
    await waiting;
    expect(await remaining()).toBe(1500 - text.length - sentencesOf(5).length);
    expect((await send(t.app, owner, 'DELETE', `/api/jobs/${cancelledJob.id}`)).statusCode).toBe(
      200,
    );
    await vi.waitFor(async () => expect(await remaining()).toBe(1500 - text.length));
  });
});
