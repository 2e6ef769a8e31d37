import { performance } from 'node:perf_hooks';
import { describe, expect, it, vi } from 'vitest';
import { readMp3, readWavFile } from './support/audio-checks.ts';
import { relaxedAuthLimits } from './support/auth.ts';
import { chatUser } from './support/chat-rows.ts';
import { send } from './support/images.ts';
import { useTestApp } from './support/test-app.ts';
import { catalogueOf, startSynthesis, voiceJobWhen } from './support/voice.ts';

/** About 1,000 characters of ordinary prose: whole sentences, each said once or more. */
function prose(sentences: string[], characters = 1000): string {
  const picked: string[] = [];
  let length = -1;
  for (
    let index = 0;
    length + 1 + (sentences[index % sentences.length]?.length ?? 0) <= characters;
    index += 1
  ) {
    const sentence = sentences[index % sentences.length] ?? '';
    picked.push(sentence);
    length += sentence.length + 1;
  }
  return picked.join(' ');
}

const english = prose([
  'The city library opens at nine in the morning and closes at six in the evening.',
  'Children can borrow up to five books at a time, and adults up to ten.',
  'On Saturdays there is a reading hour for families in the garden room.',
  'Please return your books on time, so that others can enjoy them too.',
  'The reading room on the second floor is quiet, bright and open to everyone.',
]);
const vietnamese = prose([
  'Thư viện thành phố mở cửa lúc chín giờ sáng và đóng cửa lúc sáu giờ chiều.',
  'Trẻ em có thể mượn tối đa năm cuốn sách mỗi lần, người lớn được mượn mười cuốn.',
  'Vào thứ Bảy có giờ đọc sách cho các gia đình trong phòng vườn.',
  'Xin vui lòng trả sách đúng hạn để những người khác cũng được đọc.',
  'Phòng đọc ở tầng hai yên tĩnh, sáng sủa và mở cửa cho mọi người.',
]);

/**
 * The one suite through the real embedded engine (eSpeak NG in its worker processes): a text of
 * about 1,000 characters in each language, spoken part by part and joined. It also measures what
 * the page waits for: the first part, and the whole clip (printed; the report quotes them).
 */
describe('voice synthesis through the embedded engine', () => {
  const t = useTestApp('sqlite', { ...relaxedAuthLimits, RATE_LIMIT_API_MAX: '100000' });

  it.each([
    ['English', 'en', english],
    ['Vietnamese', 'vi', vietnamese],
  ] as const)(
    'speaks 1,000 characters of %s: parts as they come, then one MP3',
    async (name, language, text) => {
      expect(text.length).toBeGreaterThan(900);
      expect(text.length).toBeLessThanOrEqual(1000);
      const owner = await chatUser(t.app, `voice-espeak-${language}`);
      const catalogue = await catalogueOf(t.app, owner);
      const voice = catalogue.defaultVoice[language];
      expect(catalogue.voices.map((entry) => entry.id)).toContain(voice);

      const started = performance.now();
      const job = await startSynthesis(t.app, owner, { text, format: 'mp3' });
      const firstPart = await vi.waitFor(
        async () => {
          const response = await send(t.app, owner, 'GET', `/api/voice/jobs/${job.id}/parts/0`);
          expect(response.statusCode).toBe(200);
          return response;
        },
        { timeout: 60_000, interval: 10 },
      );
      const firstPartMs = performance.now() - started;
      const done = await voiceJobWhen(t.app, owner, job.id, undefined, 120_000);
      const totalMs = performance.now() - started;
      expect(done.state, done.error ?? '').toBe('completed');

      const part = readWavFile(firstPart.rawPayload);
      expect(part.seconds).toBeGreaterThan(1);
      const clip = done.result?.clip;
      if (!clip) throw new Error('no clip');
      expect(clip).toMatchObject({ language, voice, format: 'mp3', characters: text.length });
      const audio = await send(t.app, owner, 'GET', clip.audioUrl);
      const mp3 = readMp3(audio.rawPayload);
      // A thousand characters are about a minute of speech.
      expect(mp3.seconds).toBeGreaterThan(30);
      expect(Math.abs(mp3.seconds - clip.durationMs / 1000)).toBeLessThan(0.2);
      expect(done.progress?.steps?.done).toBe(done.progress?.steps?.total);

      console.info(
        `[voice/espeak] ${name}: ${text.length} characters, ${done.progress?.steps?.total} parts, ` +
          `first part after ${Math.round(firstPartMs)} ms, clip after ${Math.round(totalMs)} ms ` +
          `(${(clip.durationMs / 1000).toFixed(1)} s of audio, ${Math.round(clip.bytes / 1024)} KB MP3)`,
      );
    },
    180_000,
  );
});
