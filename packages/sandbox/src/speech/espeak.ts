import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * eSpeak NG through the project's own worker program (packages/speech-espeak, GPL-3.0-or-later):
 * spawned as a separate process and never imported, so no GPL code is loaded into the sandbox.
 * One process per request, as the API's engine does: it writes one JSON request on stdin and
 * reads a 22.05 kHz mono WAV from stdout.
 */

export function espeakWorkerPath(): string {
  return createRequire(import.meta.url).resolve('@studio/speech-espeak/worker');
}

export interface EspeakRequest {
  text: string;
  /** An eSpeak NG voice and variant: `en-us+f3`, `vi+m2`. */
  voice: string;
  wordsPerMinute: number;
  pitch: number;
}

/** A WAV bigger than this is a broken worker (ten minutes of speech is 26 MB). */
const maxOutputBytes = 64 * 1024 * 1024;

/** Speaks the text; rejects when the worker fails or `signal` aborts (the process is killed). */
export function speakWithEspeak(
  request: EspeakRequest,
  signal: AbortSignal,
  workerPath = espeakWorkerPath(),
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new Error('aborted'));
      return;
    }
    // An empty environment: the worker needs nothing of ours.
    const child = spawn(process.execPath, [workerPath], { stdio: 'pipe', env: {} });
    const chunks: Buffer[] = [];
    let bytes = 0;
    let stderr = '';
    let failure: Error | null = null;
    const stop = (error: Error) => {
      failure ??= error;
      child.kill('SIGKILL');
    };
    const onAbort = () => stop(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > maxOutputBytes) stop(new Error('eSpeak NG produced too much audio'));
      else chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 2048) stderr += chunk.toString('utf8');
    });
    child.stdin.on('error', () => {});
    child.on('error', (error) => stop(error));
    child.on('close', (code) => {
      signal.removeEventListener('abort', onAbort);
      if (failure) reject(failure);
      else if (code === 0) resolve(Buffer.concat(chunks));
      else reject(new Error(stderr.trim().split('\n')[0] || `eSpeak NG exited with ${code}`));
    });
    child.stdin.end(JSON.stringify(request));
  });
}
