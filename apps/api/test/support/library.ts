import { randomBytes } from 'node:crypto';
import type { ResolvedMusicSettings } from '@studio/contracts';
import { zipSync } from 'fflate';
import type { App } from '../../src/app.ts';
import { createImagesRepository } from '../../src/domains/images/images.repository.ts';
import { createMusicRepository } from '../../src/domains/music/music.repository.ts';
import {
  encodeMp3,
  encodeOggOpus,
  type PcmAudio,
  writeWav,
} from '../../src/domains/providers/index.ts';
import { createVoiceRepository } from '../../src/domains/voice/voice.repository.ts';
import { tinyMidi } from './music.ts';

/** The library's test app: no rate limit in the way of many requests. */
export const libraryTestEnv = { RATE_LIMIT_API_MAX: '100000', RATE_LIMIT_AUTH_MAX: '100000' };

const newId = () => randomBytes(12).toString('base64url');
const fakeKey = (userId: string, extension: string) =>
  `users/${userId}/test/${newId()}.${extension}`;

/** Settings a piece could have been made with (every choice made). */
export function pieceSettings(
  overrides: Partial<ResolvedMusicSettings> = {},
): ResolvedMusicSettings {
  return {
    prompt: '',
    lyrics: null,
    instrumental: true,
    genre: 'ambient',
    mood: 'calm',
    tempo: 90,
    key: { tonic: 'C', mode: 'major' },
    durationSeconds: 30,
    instruments: ['piano', 'bass'],
    structure: ['intro', 'outro'],
    seed: 7,
    ...overrides,
  };
}

/**
 * Rows straight into the tools' tables at a given time (what their jobs would have written), so
 * a list can be built fast and with ties. Their files are not stored: listing never reads them.
 */
export function libraryRows(app: App) {
  const images = createImagesRepository(app.db);
  const voice = createVoiceRepository(app.db);
  const music = createMusicRepository(app.db);
  return {
    async image(userId: string, at: Date, prompt = 'a red fox in snow'): Promise<string> {
      const id = newId();
      await images.insertMany(
        [
          {
            id,
            userId,
            jobId: newId(),
            index: 0,
            tool: 'generator',
            mode: 'generate',
            prompt,
            negativePrompt: null,
            modelId: 'sandbox',
            modelName: 'Sandbox image',
            seed: 1,
            aspectRatio: '1:1',
            style: null,
            width: 8,
            height: 8,
            parentId: null,
            storageKey: fakeKey(userId, 'png'),
          },
        ],
        at,
      );
      return id;
    },
    async clip(userId: string, at: Date, text = 'Hello there.'): Promise<string> {
      const id = newId();
      await voice.insertClip(
        {
          id,
          userId,
          text,
          language: 'en',
          voice: 'test',
          voiceName: 'Test',
          engine: 'test',
          speed: 1,
          pitch: 1,
          format: 'mp3',
          instructions: null,
          characters: text.length,
          durationMs: 1000,
          bytes: 100,
          storageKey: fakeKey(userId, 'mp3'),
        },
        at,
      );
      return id;
    },
    async piece(
      userId: string,
      at: Date,
      words: { title?: string; prompt?: string; lyrics?: string | null } = {},
    ): Promise<string> {
      const id = newId();
      await music.insert(
        {
          id,
          userId,
          parentId: null,
          operation: null,
          title: words.title ?? 'Calm ambient',
          settings: pieceSettings({ prompt: words.prompt ?? '', lyrics: words.lyrics ?? null }),
          composition: null,
          model: 'composer:tones',
          modelName: 'Test tones',
          provider: 'composer',
          quality: 'offline-composer',
          durationMs: 2000,
          sections: [{ name: 'intro', startMs: 0, endMs: 2000 }],
          files: {
            mp3: { key: fakeKey(userId, 'mp3'), bytes: 100 },
            wav: null,
            midi: null,
            stems: [],
          },
        },
        at,
      );
      return id;
    },
  };
}

/** A second of a rising tone: real audio for the encoders. */
function tone(sampleRate: number, channels: number): PcmAudio {
  const frames = sampleRate;
  const samples = new Int16Array(frames * channels);
  for (let i = 0; i < frames; i += 1) {
    const value = Math.round(8000 * Math.sin((2 * Math.PI * (220 + i / 100) * i) / sampleRate));
    for (let channel = 0; channel < channels; channel += 1) samples[i * channels + channel] = value;
  }
  return { sampleRate, channels, samples };
}

/** One file of each kind a browser keeps, as the tools make them. */
async function makeSampleFiles() {
  const mono = tone(16_000, 1);
  return {
    mp3: await encodeMp3(mono),
    wav: writeWav(mono),
    ogg: await encodeOggOpus(mono),
    midi: Buffer.from(tinyMidi(90)),
    stereoWav: writeWav(tone(16_000, 2)),
    /** A stems zip as the API serves one (stored, not deflated). */
    stemsZip: Buffer.from(
      zipSync(
        { 'piece-piano.wav': writeWav(mono), 'piece-bass.wav': writeWav(mono) },
        { level: 0 },
      ),
    ),
  };
}

let samples: ReturnType<typeof makeSampleFiles> | undefined;

/** The sample files, encoded once per test file. */
export const sampleFiles = () => (samples ??= makeSampleFiles());

/** A multipart/form-data body of an import: its text fields, then its files. */
export function importForm(
  fields: Record<string, string>,
  files: Record<string, Buffer>,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----library${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const [name, data] of Object.entries(files)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
