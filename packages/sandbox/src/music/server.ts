import { elevenLabsMusic } from './elevenlabs.ts';
import { createFalQueue } from './fal.ts';
import { stabilityTextToAudio } from './stability.ts';
import { json, type MusicServerRequest, type MusicServerResponse } from './wire.ts';

/**
 * The sandbox music server, transport-free: three AI music providers' wire formats on loopback,
 * each making real audio (a synthesised tune of the asked length, the same for the same seed):
 * ElevenLabs' `POST /v1/music`, Stability's `POST /v2beta/audio/stable-audio-2/text-to-audio`
 * and fal's queue (`/fal-ai/ace-step`, `/fal-ai/stable-audio`, their `requests/…` and the audio
 * files at `/files/…`). http.ts serves it to Node's HTTP server, fetch.ts to an in-process
 * `fetch`. Point each provider's base URL at where it is mounted.
 */

export interface SandboxMusicOptions {
  /** A prefix to strip from request paths (where it is mounted, e.g. /sandbox/music). */
  basePath?: string;
  /** How long `[slow]` makes an answer wait (fal: how long it stays IN_PROGRESS). 30 s. */
  slowMs?: number;
  /**
   * The origin fal's URLs start with (status, result, files); by default the request's own
   * `Host`, over http.
   */
  publicOrigin?: string;
}

export const sandboxMusicDefaults = { slowMs: 30_000 } as const;

/** Not an HTTP status a client sees: the client went away before the answer was ready. */
const clientClosedRequest = 499;

export function createSandboxMusicServer(
  options: SandboxMusicOptions = {},
): (request: MusicServerRequest) => Promise<MusicServerResponse> {
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  const settings = { slowMs: options.slowMs ?? sandboxMusicDefaults.slowMs };
  const fal = createFalQueue(settings);
  return async (request) => {
    const url = new URL(request.url, 'http://sandbox.invalid');
    let path = url.pathname;
    if (basePath && (path === basePath || path.startsWith(`${basePath}/`))) {
      path = path.slice(basePath.length) || '/';
    }
    try {
      if (path === '/v1/music') return await elevenLabsMusic(request, settings);
      if (path === '/v2beta/audio/stable-audio-2/text-to-audio') {
        return await stabilityTextToAudio(request, settings);
      }
      const origin =
        options.publicOrigin?.replace(/\/+$/, '') ??
        `http://${request.headers.get('host') ?? 'sandbox.invalid'}${basePath}`;
      return await fal.serve(request, path, origin);
    } catch {
      if (request.signal.aborted) {
        return json(clientClosedRequest, { detail: 'The client closed the request.' });
      }
      return json(500, { detail: 'The sandbox music server failed.' });
    }
  };
}
