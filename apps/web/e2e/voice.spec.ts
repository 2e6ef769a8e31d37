import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { chromiumArgs, findChromium } from '@studio/devtools/chromium';

/**
 * Voice (issue 24) in Chromium against the real server: the offline engines speak, the sandbox
 * transcription hears (it answers a fixed phrase for speech it did not make itself), and
 * Chromium's fake microphone plays a file of its own: bursts of a voice-like sound (a gliding
 * harmonic tone shaped into syllables), then silence, over and over, so a turn starts, ends,
 * and starts again while the reply is still being spoken (a barge-in).
 */

/** 16 kHz mono WAV: `bursts` of `burstMs` sound, each followed by `gapMs` of silence. */
function voiceLikeWav(burstMs: number, gapMs: number): Buffer {
  const rate = 16_000;
  const samples: number[] = [];
  const period = ((burstMs + gapMs) / 1000) * rate;
  const burst = (burstMs / 1000) * rate;
  for (let i = 0; i < period; i += 1) {
    if (i >= burst) {
      samples.push(0);
      continue;
    }
    const t = i / rate;
    // A voice's pitch glides; syllables come four or five times a second.
    const pitch = 140 + 30 * Math.sin(2 * Math.PI * 1.3 * t);
    const syllable = 0.55 + 0.45 * Math.sin(2 * Math.PI * 4.5 * t);
    let value = 0;
    for (let harmonic = 1; harmonic <= 6; harmonic += 1) {
      value += Math.sin(2 * Math.PI * pitch * harmonic * t) / harmonic;
    }
    samples.push(0.35 * syllable * value);
  }
  const data = Buffer.alloc(44 + samples.length * 2);
  data.write('RIFF', 0);
  data.writeUInt32LE(36 + samples.length * 2, 4);
  data.write('WAVEfmt ', 8);
  data.writeUInt32LE(16, 16);
  data.writeUInt16LE(1, 20);
  data.writeUInt16LE(1, 22);
  data.writeUInt32LE(rate, 24);
  data.writeUInt32LE(rate * 2, 28);
  data.writeUInt16LE(2, 32);
  data.writeUInt16LE(16, 34);
  data.write('data', 36);
  data.writeUInt32LE(samples.length * 2, 40);
  samples.forEach((sample, index) =>
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, sample)) * 32767), 44 + index * 2),
  );
  return data;
}

const microphoneDir = path.join(tmpdir(), 'ai-studio-e2e-microphone');
mkdirSync(microphoneDir, { recursive: true });
const microphoneFile = path.join(microphoneDir, 'voice-like.wav');
writeFileSync(microphoneFile, voiceLikeWav(1400, 3600));

const executablePath = findChromium();

test.use({
  permissions: ['microphone'],
  launchOptions: {
    ...(executablePath ? { executablePath } : {}),
    args: [
      ...chromiumArgs,
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${microphoneFile}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
});

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const replies = (page: Page) =>
  page.getByRole('region', { name: 'Messages' }).getByRole('listitem', { name: 'Assistant' });

/** Records when the page first starts a sound through Web Audio. */
async function watchSound(page: Page) {
  await page.addInitScript(() => {
    const scope = window as unknown as {
      firstSoundAt?: number;
      writingAtFirstSound?: boolean;
      sounds?: number;
      playing?: number;
      cut?: number;
    };
    const start = AudioBufferSourceNode.prototype.start;
    AudioBufferSourceNode.prototype.start = function (...args: Parameters<typeof start>) {
      if (scope.firstSoundAt === undefined) {
        scope.firstSoundAt = performance.now();
        const reply = [...document.querySelectorAll('li[aria-label="Assistant"]')].at(-1);
        scope.writingAtFirstSound = reply?.hasAttribute('aria-busy') ?? false;
      }
      scope.sounds = (scope.sounds ?? 0) + 1;
      // Sounding until it ends (by itself or stopped).
      scope.playing = (scope.playing ?? 0) + 1;
      this.addEventListener('ended', () => {
        scope.playing = (scope.playing ?? 1) - 1;
      });
      return start.apply(this, args);
    };
    // A sound stopped before its end (a sound that ends by itself is never stopped).
    const stop = AudioBufferSourceNode.prototype.stop;
    AudioBufferSourceNode.prototype.stop = function (...args: Parameters<typeof stop>) {
      scope.cut = (scope.cut ?? 0) + 1;
      return stop.apply(this, args);
    };
  });
}

test('a spoken reply starts while its text is still being written, and Stop silences it', async ({
  page,
}) => {
  await watchSound(page);
  // A visitor, as most first replies are heard.
  await page.goto('/');
  await expect(composer(page)).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Spoken replies Off' }).click();
  await page.getByRole('switch', { name: 'Read replies aloud' }).click();
  await page.keyboard.press('Escape');
  // When the reply's first sentence shows, and whether its text was still being written when
  // the first sound started.
  await page.evaluate(() => {
    const scope = window as unknown as { firstSentenceAt?: number };
    const observer = new MutationObserver(() => {
      const reply = [...document.querySelectorAll('li[aria-label="Assistant"]')].at(-1);
      if (scope.firstSentenceAt === undefined && /[.!?…]\s/.test(reply?.textContent ?? '')) {
        scope.firstSentenceAt = performance.now();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  // A slow reply (about 300 ms a word): its first sentence is spoken long before its end.
  await composer(page).fill('[slow] Tell me about the weather. Then say goodbye.');
  await composer(page).press('Enter');
  await expect
    .poll(
      () => page.evaluate(() => (window as unknown as { firstSoundAt?: number }).firstSoundAt),
      {
        timeout: 20_000,
      },
    )
    .toBeDefined();
  const times = await page.evaluate(() => {
    const scope = window as unknown as {
      firstSentenceAt?: number;
      firstSoundAt?: number;
      writingAtFirstSound?: boolean;
    };
    return {
      sentence: scope.firstSentenceAt,
      sound: scope.firstSoundAt,
      writing: scope.writingAtFirstSound,
    };
  });
  expect(times.sentence).toBeDefined();
  // The first sentence is heard while the reply is still being written.
  expect(times.writing, 'the reply was still being written at the first sound').toBe(true);
  console.log(
    `Spoken reply: first sound ${Math.round((times.sound ?? 0) - (times.sentence ?? 0))} ms after its first sentence showed`,
  );
  await expect(replies(page).last().getByRole('group', { name: 'Spoken reply' })).toBeVisible();
  // Stop ends the reply and its voice at once: what sounds is cut, and nothing more is started.
  await page.getByRole('button', { name: 'Stop' }).click();
  const soundsAtStop = await page.evaluate(
    () => (window as unknown as { sounds?: number }).sounds ?? 0,
  );
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { playing?: number }).playing ?? 0), {
      timeout: 2_000,
    })
    .toBe(0);
  await page.waitForTimeout(1_500);
  expect(await page.evaluate(() => (window as unknown as { sounds?: number }).sounds ?? 0)).toBe(
    soundsAtStop,
  );
});

test('a visitor dictates a message into the composer, checks it and sends it', async ({ page }) => {
  await page.goto('/');
  await expect(composer(page)).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Dictate' }).click();
  const session = page.getByRole('group', { name: 'Dictation' });
  await expect(session.getByText(/Listening/)).toBeVisible({ timeout: 15_000 });
  // The fake microphone speaks, then falls quiet: dictation stops by itself and writes it down.
  await expect(composer(page)).not.toHaveValue('', { timeout: 30_000 });
  const dictated = await composer(page).inputValue();
  expect(dictated.length).toBeGreaterThan(3);
  // Nothing was sent without review.
  await expect(replies(page)).toHaveCount(0);
  await composer(page).press('Enter');
  await expect(replies(page)).toHaveCount(1, { timeout: 20_000 });
});

test('a hands-free conversation: a turn is heard, answered aloud, and talking over the reply stops it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await watchSound(page);
  await page.goto('/');
  await expect(composer(page)).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Talk hands-free' }).click();
  const call = page.getByRole('dialog', { name: 'Voice conversation' });
  await expect(call.getByRole('status').first()).toHaveText(/Listening|Hearing you/, {
    timeout: 15_000,
  });
  // Turn one: heard, written down, sent; the reply is spoken.
  await expect(call.getByText(/^You:/)).toBeVisible({ timeout: 30_000 });
  await expect(call.getByText('Speaking — talk to interrupt')).toBeVisible({ timeout: 30_000 });
  await expect(call.getByText(/^Assistant:/)).toBeVisible();
  // The microphone speaks again over the reply (it is longer than the pause in the file): its
  // voice is cut short, and the new words are the next turn, sent as an ordinary message.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { cut?: number }).cut ?? 0), {
      timeout: 30_000,
    })
    .toBeGreaterThan(0);
  // The microphone keeps speaking every five seconds: each burst is a turn of its own.
  await expect
    .poll(
      () =>
        page
          .getByRole('region', { name: 'Messages' })
          .getByRole('listitem', { name: 'You' })
          .count(),
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(2);
  await call.getByRole('button', { name: 'End conversation' }).click();
  await expect(call).toBeHidden();
});

test('a visitor makes a clip on the voice page, plays it and finds it kept', async ({ page }) => {
  await page.goto('/voice-synthesis');
  await page
    .getByRole('textbox', { name: 'Text' })
    .fill('Hello there. This clip is made by the offline engine, sentence by sentence.');
  await page.getByRole('button', { name: 'Generate' }).click();
  // The clip: its audio element knows how long it is, and it plays.
  const clip = page.getByRole('region', { name: 'Your clip', exact: true });
  await expect(clip).toBeVisible({ timeout: 60_000 });
  const audio = clip.locator('audio');
  await clip.getByRole('button', { name: /^Play/ }).click();
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => element.duration), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  // Kept in this browser: there after a reload.
  await page.reload();
  await expect(
    page.getByText('Hello there. This clip is made by the offline engine').first(),
  ).toBeVisible({
    timeout: 15_000,
  });
});
