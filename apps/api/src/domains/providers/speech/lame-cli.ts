import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import type { PcmAudio } from './wav.ts';

/**
 * Debian's `lame` (LAME 3.100, the encoder lamejs was ported from), where the machine has it:
 * measured here on a 60 s stereo 44.1 kHz mix at 192 kbit/s, 1.1–1.7 s against lamejs's 8–9 s,
 * the same bit rate and frame count, and in a process of its own, so the API's event loop is not
 * the one doing the work. `npm start` and `npm test` install it on Debian when run as root
 * (packages/devtools/src/ensure-debian-package.mjs); without it lamejs encodes, as before.
 */

/** Where `lame` is on PATH; null when it is not. Looked up once. */
let found: Promise<string | null> | null = null;

export function findLame(): Promise<string | null> {
  found ??= (async () => {
    for (const dir of (process.env['PATH'] ?? '').split(path.delimiter)) {
      if (!dir) continue;
      const candidate = path.join(dir, 'lame');
      try {
        await access(candidate, constants.X_OK);
        return candidate;
      } catch {
        // not in this directory
      }
    }
    return null;
  })();
  return found;
}

/** A 60 s stereo mix takes about a second; this is a hung encoder, not a long piece. */
const timeoutMs = 120_000;

/**
 * Encodes 16-bit PCM with `lame` reading raw samples on stdin and writing the MP3 to stdout, in
 * joint stereo (two channels) or mono at a constant bit rate, as lamejs is asked to. Rejects when
 * the encoder fails or writes nothing.
 */
export function encodeWithLame(
  executable: string,
  audio: PcmAudio,
  bitrateKbps: number,
): Promise<Buffer> {
  const args = [
    '-r',
    '-s',
    String(audio.sampleRate / 1000),
    '--bitwidth',
    '16',
    '--signed',
    '--little-endian',
    '-m',
    audio.channels === 1 ? 'm' : 'j',
    '-b',
    String(bitrateKbps),
    '--quiet',
    '-',
    '-',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(executable, args, {
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: timeoutMs,
      killSignal: 'SIGKILL',
    });
    const out: Buffer[] = [];
    let errorText = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      // Only the encoder's own words, kept short (never the audio).
      if (errorText.length < 500) errorText += chunk.toString('utf8');
    });
    child.on('error', reject);
    // A child that died early closes stdin under us: its exit says why, not the broken pipe.
    child.stdin.on('error', () => undefined);
    child.on('close', (code, signal) => {
      const mp3 = Buffer.concat(out);
      if (code === 0 && mp3.length > 0) resolve(mp3);
      else {
        reject(
          new Error(
            `lame failed (${signal ?? `exit ${String(code)}`})${errorText ? `: ${errorText.trim()}` : ''}`,
          ),
        );
      }
    });
    const { samples } = audio;
    child.stdin.end(Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength));
  });
}
