import { speech, type SpeechSettings } from './speech.ts';
import { transcriptions } from './transcriptions.ts';
import {
  checkKey,
  json,
  OpenAIProblem,
  problemResponse,
  type SpeechServerRequest,
  type SpeechServerResponse,
} from './wire.ts';

/**
 * The sandbox speech server, transport-free: OpenAI's audio API both ways on loopback.
 * `POST /v1/audio/speech` speaks the text with eSpeak NG (real audio, WAV, MP3 or PCM) and
 * `POST /v1/audio/transcriptions` gives back the words of the sandbox's own audio, or a fixed
 * phrase for any other recording, so text → speech → text round trips are testable offline.
 * http.ts serves it to Node's HTTP server, fetch.ts to an in-process `fetch`.
 */

export interface SandboxSpeechOptions extends SpeechSettings {
  /** A prefix to strip from request paths (where it is mounted, e.g. /sandbox/speech). */
  basePath?: string;
}

/** Not an HTTP status a client sees: the client went away before the answer was ready. */
const clientClosedRequest = 499;

function pathOf(url: string, basePath: string): string {
  const path = new URL(url, 'http://sandbox.invalid').pathname;
  if (basePath && (path === basePath || path.startsWith(`${basePath}/`))) {
    return path.slice(basePath.length) || '/';
  }
  return path;
}

const routes: Record<string, true> = { '/v1/audio/speech': true, '/v1/audio/transcriptions': true };

/** Answers one request. Never throws: every failure is an answer. */
export function createSandboxSpeechServer(
  options: SandboxSpeechOptions = {},
): (request: SpeechServerRequest) => Promise<SpeechServerResponse> {
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  const settings: SpeechSettings = options.workerPath ? { workerPath: options.workerPath } : {};
  return async (request) => {
    const path = pathOf(request.url, basePath);
    try {
      if (!routes[path]) {
        throw new OpenAIProblem(404, `Invalid URL (${request.method} ${path}).`, null, 'not_found');
      }
      if (request.method !== 'POST') {
        throw new OpenAIProblem(405, 'Use POST.', null, 'method_not_allowed');
      }
      checkKey(request.headers);
      return path === '/v1/audio/speech'
        ? await speech(request, settings)
        : await transcriptions(request);
    } catch (error) {
      if (error instanceof OpenAIProblem) return problemResponse(error);
      if (request.signal.aborted) {
        return json(clientClosedRequest, { error: { message: 'The client closed the request.' } });
      }
      return problemResponse(
        new OpenAIProblem(500, 'The sandbox speech server failed.', null, 'internal_error'),
      );
    }
  };
}
