import { randomBytes } from 'node:crypto';
import { sandboxSpeechFetch } from '@studio/sandbox';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/app.ts';
import { resample } from '../../src/domains/providers/transcription/whisper-pcm.ts';
import { parseWav, writeWav } from '../../src/domains/providers/speech/wav.ts';
import { type Caller, headersOf } from './images.ts';

/** The dictation test app: small allowances so limits are reached in a few recordings. */
export const dictationTestEnv = {
  RATE_LIMIT_API_MAX: '100000',
  DICTATION_MAX_SECONDS_VISITOR: '8',
  DICTATION_DAILY_SECONDS_VISITOR: '20',
  DICTATION_MAX_SECONDS_FREE: '12',
  DICTATION_DAILY_SECONDS_FREE: '40',
  DICTATION_MAX_SECONDS_PRO: '30',
  DICTATION_DAILY_SECONDS_PRO: '100',
  DICTATION_DAILY_SECONDS_PER_ADDRESS: '1000',
};

/** A sine tone as 16-bit PCM: something loud enough to count as speech. */
export function tone(seconds: number, sampleRate = 16_000, amplitude = 0.3): Int16Array {
  const samples = new Int16Array(Math.round(seconds * sampleRate));
  for (let index = 0; index < samples.length; index += 1) {
    samples[index] = Math.round(
      amplitude * 32767 * Math.sin((2 * Math.PI * 440 * index) / sampleRate),
    );
  }
  return samples;
}

/** A mono 16-bit WAV of `samples`. */
export const wavOf = (samples: Int16Array, sampleRate = 16_000, channels = 1) =>
  writeWav({ sampleRate, channels, samples });

/** A WAV header and data with any format fields (8-bit, float…), for the refusals. */
export function wavWithFormat(options: {
  format?: number;
  channels?: number;
  sampleRate?: number;
  bits?: number;
  data?: Buffer;
}): Buffer {
  const { format = 1, channels = 1, sampleRate = 16_000, bits = 16 } = options;
  const data = options.data ?? Buffer.alloc(sampleRate * channels * (bits / 8), 0x40);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(format, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE((sampleRate * channels * bits) / 8, 28);
  header.writeUInt16LE((channels * bits) / 8, 32);
  header.writeUInt16LE(bits, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** The sandbox's own speech of `text`: 22.05 kHz mono WAV carrying its text (LIST/INFO). */
export async function sandboxSpeech(text: string, language: 'en' | 'vi'): Promise<Buffer> {
  const fetch = sandboxSpeechFetch();
  const response = await fetch('http://sandbox.invalid/v1/audio/speech', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'tts-1',
      voice: 'alloy',
      input: text,
      response_format: 'wav',
      language,
    }),
  });
  if (!response.ok) throw new Error(`the sandbox did not speak (${response.status})`);
  return Buffer.from(await response.arrayBuffer());
}

/** A RIFF chunk's bytes (header, body and padding), or null. */
function chunkOf(wav: Buffer, wanted: string): Buffer | null {
  let offset = 12;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    const end = offset + 8 + size + (size % 2);
    if (id === wanted) return wav.subarray(offset, end);
    offset = end;
  }
  return null;
}

/**
 * The WAV brought to 16 kHz as the browser records, keeping its LIST/INFO chunk (the sandbox's
 * words) or leaving it out, in which case it is any other recording to the sandbox.
 */
export function at16kHz(wav: Buffer, options: { keepInfo: boolean }): Buffer {
  const audio = parseWav(wav);
  const plain = writeWav({
    sampleRate: 16_000,
    channels: 1,
    samples: resample(audio.samples, audio.sampleRate, 16_000),
  });
  const info = chunkOf(wav, 'LIST');
  if (!options.keepInfo || !info) return plain;
  const withInfo = Buffer.concat([plain.subarray(0, 36), info, plain.subarray(36)]);
  withInfo.writeUInt32LE(withInfo.length - 8, 4);
  return withInfo;
}

/** The form the browser sends: `language` first, then the file `audio`. */
export function dictationForm(
  audio: Buffer,
  language: string | null = 'auto',
  fileField = 'audio',
): { payload: Buffer; contentType: string } {
  const boundary = `----studio${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  if (language !== null) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="language"\r\n\r\n${language}\r\n`,
      ),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="recording.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
    ),
    audio,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** POST /api/voice/transcriptions as `caller`. */
export function dictate(
  app: App,
  caller: Caller,
  audio: Buffer,
  language: string | null = 'auto',
): Promise<LightMyRequestResponse> {
  const form = dictationForm(audio, language);
  return app.inject({
    method: 'POST',
    url: '/api/voice/transcriptions',
    headers: { ...headersOf(caller), 'content-type': form.contentType },
    payload: form.payload,
    ...(caller.address ? { remoteAddress: caller.address } : {}),
  });
}

/** GET /api/voice/dictation as `caller`. */
export function dictationStatusOf(app: App, caller: Caller): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url: '/api/voice/dictation',
    headers: headersOf(caller),
    ...(caller.address ? { remoteAddress: caller.address } : {}),
  });
}
