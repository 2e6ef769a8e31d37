import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../src/domains/providers/speech/language.ts';
import { encodeMp3, mp3EncoderName } from '../src/domains/providers/speech/mp3.ts';
import {
  durationSeconds,
  parseWav,
  WavFormatError,
  writeWav,
} from '../src/domains/providers/speech/wav.ts';
import { readMp3, readWavFile } from './support/audio-checks.ts';

/** A 440 Hz tone: a known signal to encode and measure. */
function tone(seconds: number, sampleRate = 22_050, channels = 1) {
  const frames = Math.round(seconds * sampleRate);
  const samples = new Int16Array(frames * channels);
  for (let frame = 0; frame < frames; frame += 1) {
    const value = Math.round(8000 * Math.sin((2 * Math.PI * 440 * frame) / sampleRate));
    for (let channel = 0; channel < channels; channel += 1)
      samples[frame * channels + channel] = value;
  }
  return { sampleRate, channels, samples };
}

describe('WAV', () => {
  it('writes a file whose header sizes agree, and reads it back sample for sample', () => {
    const audio = tone(0.5);
    const file = writeWav(audio);
    const read = readWavFile(file);
    expect(read).toMatchObject({ sampleRate: 22_050, channels: 1 });
    expect(read.seconds).toBeCloseTo(0.5, 3);
    expect(Array.from(parseWav(file).samples)).toEqual(Array.from(audio.samples));
    expect(durationSeconds(audio)).toBeCloseTo(0.5, 3);
  });

  it('skips chunks it does not need (LIST) and pads odd ones', () => {
    const plain = writeWav(tone(0.1));
    const list = Buffer.concat([
      Buffer.from('LIST'),
      Buffer.from([3, 0, 0, 0]),
      Buffer.from('abc\0'),
    ]);
    const withList = Buffer.concat([plain.subarray(0, 36), list, plain.subarray(36)]);
    withList.writeUInt32LE(withList.length - 8, 4);
    expect(parseWav(withList).samples.length).toBe(parseWav(plain).samples.length);
  });

  it('cuts a data size past the end (streamed WAVs) to what is there', () => {
    const file = writeWav(tone(0.1));
    file.writeUInt32LE(0xffffffff, 40);
    expect(parseWav(file).samples.length).toBe(Math.round(0.1 * 22_050));
  });

  it.each([
    ['not RIFF', Buffer.from('<html>not audio</html>')],
    [
      '8-bit samples',
      (() => {
        const file = writeWav(tone(0.01));
        file.writeUInt16LE(8, 34);
        return file;
      })(),
    ],
    ['no data chunk', writeWav(tone(0.01)).subarray(0, 36)],
  ])('refuses %s', (_name, file) => {
    expect(() => parseWav(file)).toThrow(WavFormatError);
  });
});

/**
 * Both encoders: Debian's `lame` where installed (npm test installs it on Debian as root, and this
 * fails rather than skips without it) and the bundled lamejs, which does the work elsewhere.
 */
describe.each(['lame', 'lamejs'] as const)('MP3 with %s', (encoder) => {
  it.each([
    ['22.05 kHz mono', 22_050, 1, 22_050],
    // At 64 kbit/s LAME resamples stereo 44.1 kHz down to 24 kHz.
    ['44.1 kHz stereo', 44_100, 2, 24_000],
  ])(
    'encodes %s into whole Layer III frames of the right length',
    async (_name, rate, channels, mp3Rate) => {
      const summary = readMp3(await encodeMp3(tone(2, rate, channels), undefined, encoder));
      expect(summary.sampleRate).toBe(mp3Rate);
      expect(summary.bitrateKbps).toBe(64);
      // The encoder adds about one frame of delay and padding at each end.
      expect(summary.seconds).toBeGreaterThan(1.95);
      expect(summary.seconds).toBeLessThan(2.15);
    },
  );

  it('keeps music at 44.1 kHz and 192 kbit/s', async () => {
    const summary = readMp3(await encodeMp3(tone(3, 44_100, 2), 192, encoder));
    expect(summary).toMatchObject({ sampleRate: 44_100, bitrateKbps: 192 });
    expect(summary.seconds).toBeGreaterThan(2.95);
    expect(summary.seconds).toBeLessThan(3.15);
  });

  it('refuses more than two channels', async () => {
    await expect(encodeMp3(tone(0.1, 22_050, 3), undefined, encoder)).rejects.toThrow(
      'one or two channels',
    );
  });

  it('lets other work run while it encodes a long reply', async () => {
    let turns = 0;
    const ticker = setInterval(() => (turns += 1), 0);
    try {
      readMp3(await encodeMp3(tone(30), undefined, encoder));
    } finally {
      clearInterval(ticker);
    }
    expect(turns).toBeGreaterThan(5);
  });
});

describe('MP3 encoder choice', () => {
  it("uses Debian's lame where it is installed", async () => {
    expect(await mp3EncoderName()).toBe('lame');
  });
});

describe('detectLanguage', () => {
  it.each([
    ['Xin chào', 'vi'],
    ['Xin chào, tôi là trợ lý của bạn. Hôm nay bạn cần gì?', 'vi'],
    // Decomposed (NFD) Vietnamese, as some keyboards send it.
    ['Tiếng Việt rất hay'.normalize('NFD'), 'vi'],
    ['Hello, how can I help you today?', 'en'],
    ['I had phở and a café au lait in Hanoi this morning, it was lovely.', 'en'],
    ['', 'en'],
    ['12345 !!!', 'en'],
  ])('%j is %s', (text, language) => {
    expect(detectLanguage(text)).toBe(language);
  });
});
