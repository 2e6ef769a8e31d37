import {
  TRANSCRIPTION_MAX_BYTES,
  transcriptionTexts,
  transcriptionTooLongText,
} from '@studio/contracts';
import { sandboxTranscriptionPhrases } from '@studio/sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { relaxedAuthLimits } from './support/auth.ts';
import { chatUser } from './support/chat-rows.ts';
import { databaseKinds } from './support/databases.ts';
import {
  at16kHz,
  dictate,
  dictationForm,
  dictationStatusOf,
  dictationTestEnv,
  sandboxSpeech,
  tone,
  wavOf,
  wavWithFormat,
} from './support/dictation.ts';
import { type Caller, newVisitorKey } from './support/images.ts';
import { useTestApp } from './support/test-app.ts';

const texts = {
  en: 'Please book a table for two at seven tonight.',
  vi: 'Làm ơn đặt cho tôi một bàn hai người lúc bảy giờ tối nay.',
} as const;

/**
 * Dictation through the route with TRANSCRIPTION_ENGINE=sandbox: the sandbox's own speech comes
 * back as its words (it carries them in a RIFF LIST/INFO chunk, which the API forwards with the
 * recording untouched); any other recording is heard as the sandbox's fixed phrase. Every
 * refusal happens before the engine hears anything.
 */
describe.each(databaseKinds)('dictation through the sandbox on %s', (kind) => {
  const t = useTestApp(kind, {
    ...relaxedAuthLimits,
    ...dictationTestEnv,
    TRANSCRIPTION_ENGINE: 'sandbox',
    LOG_LEVEL: 'info',
  });
  const speech: Partial<Record<'en' | 'vi', Buffer>> = {};
  let user: Caller & { id: string; bearer: string };

  beforeAll(async () => {
    speech.en = await sandboxSpeech(texts.en, 'en');
    speech.vi = await sandboxSpeech(texts.vi, 'vi');
  });

  const visitor = (): Caller => ({
    visitorKey: newVisitorKey(),
    // Each visitor from an address of their own, so one test's seconds are not another's.
    address: `203.0.113.${Math.floor(Math.random() * 250) + 1}`,
  });

  it('says dictation works here, through the sandbox, with the caller’s limits', async () => {
    const response = await dictationStatusOf(t.app, visitor());
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      available: true,
      engine: 'Sandbox',
      offline: false,
      sandbox: true,
      limits: { maxSeconds: 8, dailySeconds: 20, remainingSeconds: 20 },
    });
    expect(t.app.providers.catalogue.of('transcription')).toMatchObject([
      { id: 'sandbox', provider: 'sandbox', sandbox: true, modality: 'transcription' },
    ]);
  });

  for (const language of ['en', 'vi'] as const) {
    it(`gives back the sandbox’s own ${language} speech word for word (22.05 kHz, as spoken)`, async () => {
      user ??= await chatUser(t.app, 'dictation-user');
      const audio = speech[language] as Buffer;
      const response = await dictate(t.app, { bearer: user.bearer }, audio, 'auto');
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json();
      expect(answer).toMatchObject({ text: texts[language], language, engine: 'Sandbox' });
      expect(answer.durationMs).toBeGreaterThan(1500);
    });

    it(`gives back the same ${language} words from the recording at 16 kHz with its INFO chunk`, async () => {
      user ??= await chatUser(t.app, 'dictation-user');
      const audio = at16kHz(speech[language] as Buffer, { keepInfo: true });
      const response = await dictate(t.app, { bearer: user.bearer }, audio, language);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ text: texts[language], language });
    });

    it(`hears the fixed ${language} phrase in speech it did not tag (the INFO chunk left out)`, async () => {
      user ??= await chatUser(t.app, 'dictation-user');
      const audio = at16kHz(speech[language] as Buffer, { keepInfo: false });
      const response = await dictate(t.app, { bearer: user.bearer }, audio, language);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        text: sandboxTranscriptionPhrases[language],
        language,
        engine: 'Sandbox',
      });
    });
  }

  it('counts a recording’s seconds, rounded up, against the visitor’s day', async () => {
    const caller = visitor();
    const response = await dictate(t.app, caller, wavOf(tone(2.2)), 'en');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      text: sandboxTranscriptionPhrases.en,
      durationMs: 2200,
    });
    const status = (await dictationStatusOf(t.app, caller)).json();
    expect(status.limits).toEqual({ maxSeconds: 8, dailySeconds: 20, remainingSeconds: 17 });
  });

  it('refuses a recording longer than the plan allows (413, the limit in words), before counting it', async () => {
    const caller = visitor();
    const response = await dictate(t.app, caller, wavOf(tone(8.5)), 'en');
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(transcriptionTooLongText(8));
    expect((await dictationStatusOf(t.app, caller)).json().limits.remainingSeconds).toBe(20);
  });

  it('gives a signed-in user their plan’s longer recordings and larger day', async () => {
    const free = await chatUser(t.app, 'dictation-free');
    expect((await dictationStatusOf(t.app, free)).json().limits).toEqual({
      maxSeconds: 12,
      dailySeconds: 40,
      remainingSeconds: 40,
    });
    const long = await dictate(t.app, free, wavOf(tone(10)), 'en');
    expect(long.statusCode, long.body).toBe(200);
    expect((await dictate(t.app, free, wavOf(tone(12.5)), 'en')).json().message).toBe(
      transcriptionTooLongText(12),
    );

    const pro = await chatUser(t.app, 'dictation-pro');
    await t.app.db
      .updateTable('users')
      .set({ subscription_tier: 'pro' })
      .where('id', '=', pro.id)
      .execute();
    expect((await dictationStatusOf(t.app, pro)).json().limits).toMatchObject({
      maxSeconds: 30,
      dailySeconds: 100,
    });
  });

  it('refuses what the day’s seconds do not cover with 429 and the quota body', async () => {
    const caller = visitor();
    for (const seconds of [7, 7]) {
      expect((await dictate(t.app, caller, wavOf(tone(seconds)), 'en')).statusCode).toBe(200);
    }
    const refused = await dictate(t.app, caller, wavOf(tone(7)), 'en');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'quota',
      limit: 20,
      remaining: 6,
      refusedBy: 'plan',
      upgradeUrl: '/plans',
      message: "Only 6 of today's seconds of dictation are left.",
    });
    // What is left still works.
    expect((await dictate(t.app, caller, wavOf(tone(6)), 'en')).statusCode).toBe(200);
    expect((await dictationStatusOf(t.app, caller)).json().limits.remainingSeconds).toBe(0);
  });

  it('refuses a file that is not a WAV (415) and a WAV of another format (415)', async () => {
    const caller = visitor();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const notWav = await dictate(t.app, caller, png, 'en');
    expect(notWav.statusCode).toBe(415);
    expect(notWav.json().message).toBe(transcriptionTexts.notAudio);

    const stereo = wavOf(tone(2), 16_000, 2);
    const eightBit = wavWithFormat({ bits: 8 });
    const float = wavWithFormat({ format: 3, bits: 32 });
    const tooFast = wavWithFormat({ sampleRate: 96_000 });
    const tooSlow = wavWithFormat({ sampleRate: 4_000 });
    for (const audio of [stereo, eightBit, float, tooFast, tooSlow]) {
      const response = await dictate(t.app, caller, audio, 'en');
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toBe(transcriptionTexts.unsupported);
    }
    // 8 and 48 kHz are taken.
    for (const rate of [8_000, 48_000]) {
      const response = await dictate(t.app, caller, wavOf(tone(1, rate), rate), 'en');
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it('refuses a broken WAV (400) and a silent one (400) without counting them', async () => {
    const caller = visitor();
    const noData = wavOf(tone(1)).subarray(0, 36);
    const broken = await dictate(t.app, caller, noData, 'en');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe(transcriptionTexts.unreadable);

    const hiss = tone(3, 16_000, 0.002);
    for (const audio of [wavOf(new Int16Array(32_000)), wavOf(hiss), wavOf(new Int16Array(0))]) {
      const response = await dictate(t.app, caller, audio, 'en');
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(transcriptionTexts.silent);
    }
    // A few words in a long pause are speech.
    const pause = new Int16Array(16_000 * 5);
    pause.set(tone(0.3), 16_000 * 2);
    expect((await dictate(t.app, caller, wavOf(pause), 'en')).statusCode).toBe(200);
    expect((await dictationStatusOf(t.app, caller)).json().limits.remainingSeconds).toBe(15);
  });

  it('refuses a file over the size limit (413) and a form that is not this one (400)', async () => {
    const caller = visitor();
    const huge = Buffer.concat([wavOf(tone(1)), Buffer.alloc(TRANSCRIPTION_MAX_BYTES)]);
    const tooLarge = await dictate(t.app, caller, huge, 'en');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe(transcriptionTexts.tooLarge);

    const wrongField = dictationForm(wavOf(tone(1)), 'en', 'file');
    const badForm = await t.app.inject({
      method: 'POST',
      url: '/api/voice/transcriptions',
      headers: { 'content-type': wrongField.contentType },
      payload: wrongField.payload,
    });
    expect(badForm.statusCode).toBe(400);

    const french = await dictate(t.app, caller, wavOf(tone(1)), 'fr');
    expect(french.statusCode).toBe(400);
    expect(french.json().errors).toEqual(['language: must be auto, en or vi']);

    // No language field: auto.
    const noLanguage = await dictate(t.app, caller, wavOf(tone(1)), null);
    expect(noLanguage.statusCode, noLanguage.body).toBe(200);
  });

  it('logs sizes, lengths, the engine and the outcome, never a recording’s words', async () => {
    const logs = t.logs.join('\n');
    expect(logs).toContain('"event":"dictation"');
    expect(logs).toContain('"outcome":"transcribed"');
    expect(logs).toContain('"reason":"tooLong"');
    for (const words of [
      texts.en,
      texts.vi,
      'book a table',
      'đặt cho tôi',
      sandboxTranscriptionPhrases.en,
      sandboxTranscriptionPhrases.vi,
    ]) {
      expect(logs).not.toContain(words);
    }
  });
});

describe('dictation without an engine', () => {
  const t = useTestApp('sqlite', { ...dictationTestEnv, TRANSCRIPTION_ENGINE: 'none' });

  it('says dictation is unavailable, with the caller’s limits', async () => {
    const response = await dictationStatusOf(t.app, { visitorKey: newVisitorKey() });
    expect(response.json()).toEqual({
      available: false,
      engine: null,
      offline: false,
      sandbox: false,
      limits: { maxSeconds: 8, dailySeconds: 20, remainingSeconds: 20 },
    });
    expect(t.app.providers.catalogue.of('transcription')).toEqual([]);
  });

  it('answers 503 before reading the recording', async () => {
    const response = await dictate(t.app, { visitorKey: newVisitorKey() }, wavOf(tone(1)), 'en');
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe(transcriptionTexts.unavailable);
  });
});
