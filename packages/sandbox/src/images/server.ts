import { edits } from './edits.ts';
import { GoogleProblem, googleErrorResponse, predict, predictPath } from './imagen.ts';
import { checkOpenAIKey, generations, OpenAIProblem, openaiErrorResponse } from './openai.ts';
import {
  Aborted,
  clientClosedRequest,
  type ImageRequest,
  type ImageResponse,
  json,
} from './wire.ts';

/**
 * The sandbox image server, transport-free: a request (method, path, headers, body bytes,
 * signal) in, a status and a JSON body out. It speaks the wire formats the AI SDK's providers
 * send: OpenAI's Images API (`/v1/images/generations`, `/v1/images/edits`) and Imagen through
 * the Gemini API (`/v1beta/models/{model}:predict`), and draws deterministic pictures (picture.ts).
 * http.ts serves it to Node's HTTP server, fetch.ts to an in-process `fetch`.
 */

export interface SandboxImageOptions {
  /** A prefix to strip from request paths (where it is mounted, e.g. /sandbox/images). */
  basePath?: string;
  /** How long a `[slow]` prompt waits before answering (ms). */
  slowMs?: number;
  /** The clock behind OpenAI's `created` field. */
  now?: () => Date;
}

export const sandboxImageDefaults = { slowMs: 2000 } as const;

function pathOf(url: string, basePath: string): string {
  const path = new URL(url, 'http://sandbox.invalid').pathname;
  if (basePath && (path === basePath || path.startsWith(`${basePath}/`))) {
    return path.slice(basePath.length) || '/';
  }
  return path;
}

const methodNotAllowed = (path: string) =>
  path.startsWith('/v1beta/')
    ? googleErrorResponse(new GoogleProblem(405, 'Use POST.', 'INVALID_ARGUMENT'))
    : openaiErrorResponse(new OpenAIProblem(405, 'Use POST.', null, 'method_not_allowed'));

function notFound(path: string): ImageResponse {
  if (path.startsWith('/v1beta/')) {
    return googleErrorResponse(new GoogleProblem(404, `No route for ${path}.`, 'NOT_FOUND'));
  }
  return json(404, {
    error: {
      message: `Invalid URL (${path}).`,
      type: 'invalid_request_error',
      param: null,
      code: 'not_found',
    },
  });
}

/** Answers one request (see the module comment). Never throws: every failure is an answer. */
export function createSandboxImageServer(
  options: SandboxImageOptions = {},
): (request: ImageRequest) => Promise<ImageResponse> {
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  const settings = {
    slowMs: options.slowMs ?? sandboxImageDefaults.slowMs,
    now: options.now ?? (() => new Date()),
  };

  const route = (request: ImageRequest, path: string): Promise<ImageResponse> | ImageResponse => {
    const isOpenAI = path === '/v1/images/generations' || path === '/v1/images/edits';
    const model = predictPath.exec(path)?.[1];
    if (!isOpenAI && model === undefined) return notFound(path);
    if (request.method !== 'POST') return methodNotAllowed(path);
    if (model !== undefined) return predict(request, model, settings);
    checkOpenAIKey(request.headers);
    return path === '/v1/images/edits' ? edits(request, settings) : generations(request, settings);
  };

  return async (request) => {
    const path = pathOf(request.url, basePath);
    try {
      return await route(request, path);
    } catch (error) {
      if (error instanceof OpenAIProblem) return openaiErrorResponse(error);
      if (error instanceof GoogleProblem) return googleErrorResponse(error);
      if (error instanceof Aborted) {
        return json(clientClosedRequest, { error: { message: error.message } });
      }
      const message = `The sandbox image server failed: ${error instanceof Error ? error.message : String(error)}`;
      return path.startsWith('/v1beta/')
        ? googleErrorResponse(new GoogleProblem(500, message, 'INTERNAL'))
        : openaiErrorResponse(new OpenAIProblem(500, message, null, null, 'server_error'));
    }
  };
}
