#!/usr/bin/env node
/**
 * eSpeak NG (WebAssembly, GPL-3.0-or-later) as a separate program, so that no GPL code is loaded
 * into the API's own process: the API spawns `node worker.mjs`, writes one JSON request on stdin
 *   {"text": "...", "voice": "en-us+f3", "wordsPerMinute": 175, "pitch": 50}
 * and reads the WAV file (22.05 kHz, 16-bit, mono) from stdout. On failure it writes one line to
 * stderr and exits with a non-zero code.
 *
 * One request per process, measured: a fresh process takes 670–850 ms for a short sentence
 * (2 busy cores) and a long-lived one 350–620 ms, the difference being only node's start-up
 * (~180 ms). The module's main() cannot be re-run on one instance (getopt keeps its position in
 * memory the module does not export), so each request re-instantiates the WASM either way; a
 * process per request keeps memory flat and lets a timeout kill exactly the request that hung.
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import ESpeakNg from 'espeak-ng';

/** The limits the API already applies; checked again because this is a program boundary. */
const limits = { maxTextLength: 20_000, minWordsPerMinute: 80, maxWordsPerMinute: 450 };
/** A voice name (subtags of 1–8, as in vi-vn-x-central) and an optional variant, e.g. en-us, vi, en-us+f3. */
const voicePattern = /^[a-z]{2,3}(-[a-z0-9]{1,8})*(\+[a-z0-9]{1,16})?$/;
/** A path inside the module's own in-memory file system (never the real disk). */
const outputFile = '/tmp/speech.wav';

class RequestError extends Error {}

/** @param {NodeJS.ReadableStream} stream */
async function readAll(stream) {
  /** @type {Buffer[]} */
  const chunks = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * @param {string} raw
 * @returns {{ text: string, voice: string, wordsPerMinute: number, pitch: number }}
 */
export function parseRequest(raw) {
  /** @type {unknown} */
  let value;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new RequestError('the request is not JSON');
  }
  if (typeof value !== 'object' || value === null)
    throw new RequestError('the request is not an object');
  const { text, voice, wordsPerMinute, pitch } = /** @type {Record<string, unknown>} */ (value);
  if (typeof text !== 'string' || text.trim() === '') throw new RequestError('text is empty');
  if (text.length > limits.maxTextLength) throw new RequestError('text is too long');
  if (typeof voice !== 'string' || !voicePattern.test(voice))
    throw new RequestError('voice is not valid');
  if (
    typeof wordsPerMinute !== 'number' ||
    !Number.isInteger(wordsPerMinute) ||
    wordsPerMinute < limits.minWordsPerMinute ||
    wordsPerMinute > limits.maxWordsPerMinute
  ) {
    throw new RequestError('wordsPerMinute must be a whole number from 80 to 450');
  }
  if (typeof pitch !== 'number' || !Number.isInteger(pitch) || pitch < 0 || pitch > 99) {
    throw new RequestError('pitch must be a whole number from 0 to 99');
  }
  return { text, voice, wordsPerMinute, pitch };
}

/**
 * Runs eSpeak NG's command line once inside the WASM module and returns the WAV bytes.
 * @param {{ text: string, voice: string, wordsPerMinute: number, pitch: number }} request
 * @returns {Promise<Buffer>}
 */
export async function synthesize(request) {
  /** @type {string[]} */
  const messages = [];
  let exitStatus = 0;
  const espeak = await ESpeakNg({
    // `-q` would suppress the file; `-b 1` reads the text as UTF-8; `--` so text starting with a
    // dash is spoken, not taken for an option.
    arguments: [
      '-b',
      '1',
      '-w',
      outputFile,
      '-v',
      request.voice,
      '-s',
      String(request.wordsPerMinute),
      '-p',
      String(request.pitch),
      '--',
      request.text,
    ],
    // Without a quit callback the module sets process.exitCode itself.
    quit: (/** @type {number} */ status) => {
      exitStatus = status;
    },
    print: () => {},
    printErr: (/** @type {string} */ line) => {
      if (!line.startsWith('program exited')) messages.push(line);
    },
  });
  if (exitStatus !== 0) {
    throw new Error(
      messages.find((line) => line.trim() !== '') ?? `espeak-ng exited with ${exitStatus}`,
    );
  }
  /** @type {Uint8Array} */
  let wav;
  try {
    wav = espeak.FS.readFile(outputFile);
  } catch {
    throw new Error('espeak-ng wrote no audio');
  }
  return Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength);
}

async function main() {
  try {
    const request = parseRequest(await readAll(process.stdin));
    const wav = await synthesize(request);
    process.stdout.write(wav, (error) => {
      process.exitCode = error ? 1 : 0;
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`speech-espeak: ${message.replace(/^Error: /, '')}\n`);
    process.exitCode = error instanceof RequestError ? 2 : 1;
  }
}

// Imported by its tests, run as a program by the API.
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  await main();
}
