import type { IncomingMessage, ServerResponse } from 'node:http';
import sharp from 'sharp';
import type { FakeUpstream, RecordedRequest } from './fake-upstreams.ts';
import { listenOnLoopback } from './loopback-server.ts';

/**
 * Image servers on 127.0.0.1 that speak each provider's real wire format, so the registry's
 * models are tested end to end without any outside service:
 * - openai (also openai-compatible): `POST /v1/images/generations` (JSON) and `/v1/images/edits`
 *   (multipart), answering `{data: [{b64_json}]}`
 * - google: `POST /v1beta/models/{model}:predict`, answering `{predictions: [{bytesBase64Encoded}]}`
 * - fal: `POST /{model id}`, answering `{images: [{url}], seed}`; the pictures at `GET /files/…`
 * - replicate: `POST /v1/models/{owner}/{name}/predictions` (Prefer: wait), answering a finished
 *   prediction `{status: 'succeeded', output: [url]}`; the pictures at `GET /files/…`
 * - comfyui: `POST /prompt`, `GET /history/{id}` (empty once, then the outputs), `GET /view`,
 *   `GET|POST /queue`, `POST /interrupt`
 * - automatic1111: `POST /sdapi/v1/txt2img` and `/img2img`, answering `{images, info}` with
 *   `all_seeds`; `POST /sdapi/v1/interrupt`
 * Each records what it was sent and notices when a client hangs up before the answer.
 */

export type ImageUpstreamKind =
  'openai' | 'google' | 'fal' | 'replicate' | 'comfyui' | 'automatic1111';

export type ImageBehaviour =
  /** As many pictures as asked. */
  | { kind: 'images' }
  /** The first generation request gets one picture fewer than it asked for, and no error. */
  | { kind: 'short' }
  /** This status with the provider's error body, saying `message`. */
  | { kind: 'error'; status: number; message: string }
  /** No answer until the client goes away (or 10 s pass); ComfyUI: a run that never ends. */
  | { kind: 'slow' }
  /** ComfyUI: the prompt is queued, then its run ends in this execution error. */
  | { kind: 'run-fails'; message: string };

/** What a fake was sent: multipart bodies as field → value (files as `file:<type>:<bytes>`). */
export type RecordedImageRequest = RecordedRequest;

/**
 * As the chat's fakes, with image behaviours. `hungUp` resolves when the client gave up: it
 * closed a request before the answer (ComfyUI: it asked for its prompt to leave the queue).
 */
export type FakeImageUpstream = Omit<FakeUpstream, 'kind' | 'behaviour'> & {
  readonly kind: ImageUpstreamKind;
  behaviour: ImageBehaviour;
};

/** The seed every fake reports for its first picture (A1111, fal); the next ones count up. */
export const fakeFirstSeed = 1234;

/** One channel value per variant, so each picture differs. */
const shades = [40, 110, 180, 250];

/** A small real PNG per variant (different colours), so a test can decode what came back. */
async function picture(index: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 8,
      height: 8,
      channels: 3,
      background: { r: shades[index % shades.length] ?? 0, g: 90, b: 160 },
    },
  })
    .png()
    .toBuffer();
}

/** Every picture a fake makes differs from the one before (a count across its requests). */
let picturesMade = 0;
const pictures = (count: number) =>
  Promise.all(Array.from({ length: Math.max(0, count) }, () => picture((picturesMade += 1))));

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const numberIn = (value: unknown, fallback: number) =>
  typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : fallback;

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  const bytes = Buffer.concat(chunks);
  const type = req.headers['content-type'] ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await new Response(bytes, { headers: { 'content-type': type } }).formData();
    const fields: Record<string, string | string[]> = {};
    for (const [name, value] of form) {
      const text =
        typeof value === 'string'
          ? value
          : `file:${value.type}:${(await value.arrayBuffer()).byteLength}`;
      const existing = fields[name];
      fields[name] = existing === undefined ? text : [existing, text].flat();
    }
    return fields;
  }
  const text = bytes.toString('utf8');
  return text ? (JSON.parse(text) as unknown) : null;
}

/** An answer: JSON, bytes, or nothing yet (the route keeps the client waiting). */
type Answer = { status: number; json: unknown } | { status: number; bytes: Buffer };

interface Route {
  /** How many pictures the request asks for, or null when it is not a generation. */
  asked(method: string, path: string, body: unknown): number | null;
  /** The generation's answer with these pictures (served at `files/<name>` when fetched by URL). */
  answer(pictures: Buffer[], body: unknown, fileURLs: string[]): Answer;
  /** The provider's error body. */
  errorBody(status: number, message: string): unknown;
  /** Any other request of the protocol (file downloads, polling), or null for 404. */
  other?(method: string, path: string, body: unknown, server: ServerState): Promise<Answer | null>;
}

interface ServerState {
  /** ComfyUI: prompt id → its pictures, how often its history was asked, how its run goes. */
  prompts: Map<string, { pictures: Buffer[]; polls: number; run: 'done' | 'endless' | string }>;
  gaveUp(): void;
}

const openaiError = (status: number, message: string) => ({
  error: {
    message,
    type: status >= 500 ? 'server_error' : 'invalid_request_error',
    param: null,
    code: null,
  },
});

const routes: Record<ImageUpstreamKind, Route> = {
  openai: {
    asked: (method, path, body) =>
      method === 'POST' && /^\/v1\/images\/(?:generations|edits)$/.test(path)
        ? numberIn(isJson(body) ? body.n : undefined, 1)
        : null,
    answer: (images) => ({
      status: 200,
      json: { created: 1, data: images.map((image) => ({ b64_json: image.toString('base64') })) },
    }),
    errorBody: openaiError,
  },
  google: {
    asked: (method, path, body) =>
      method === 'POST' && /^\/v1beta\/models\/[^/]+:predict$/.test(path) && isJson(body)
        ? numberIn(isJson(body.parameters) ? body.parameters.sampleCount : undefined, 1)
        : null,
    answer: (images) => ({
      status: 200,
      json: {
        predictions: images.map((image) => ({
          bytesBase64Encoded: image.toString('base64'),
          mimeType: 'image/png',
        })),
      },
    }),
    errorBody: (status, message) => ({
      error: { code: status, message, status: status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT' },
    }),
  },
  fal: {
    asked: (method, path, body) =>
      method === 'POST' && path.startsWith('/fal-ai/') && isJson(body)
        ? numberIn(body.num_images, 1)
        : null,
    answer: (images, body, fileURLs) => ({
      status: 200,
      json: {
        images: images.map((_, index) => ({
          url: fileURLs[index],
          width: 8,
          height: 8,
          content_type: 'image/png',
        })),
        seed: numberIn(isJson(body) ? body.seed : undefined, fakeFirstSeed),
        has_nsfw_concepts: images.map(() => false),
        prompt: isJson(body) ? body.prompt : '',
      },
    }),
    errorBody: (_status, message) => ({ detail: message }),
  },
  replicate: {
    asked: (method, path, body) =>
      method === 'POST' && /^\/v1\/models\/[^/]+\/[^/]+\/predictions$/.test(path) && isJson(body)
        ? numberIn(isJson(body.input) ? body.input.num_outputs : undefined, 1)
        : null,
    answer: (_images, _body, fileURLs) => ({
      status: 201,
      json: {
        id: 'prediction-1',
        status: 'succeeded',
        output: fileURLs,
      },
    }),
    errorBody: (status, message) => ({ title: 'Error', detail: message, status }),
  },
  comfyui: {
    asked: (method, path, body) => {
      if (method !== 'POST' || path !== '/prompt' || !isJson(body) || !isJson(body.prompt)) {
        return null;
      }
      const latent = Object.values(body.prompt).find(
        (node) => isJson(node) && isJson(node.inputs) && 'batch_size' in node.inputs,
      );
      return isJson(latent) && isJson(latent.inputs) ? numberIn(latent.inputs.batch_size, 1) : 1;
    },
    // Queued: the pictures come through /history and /view (see `other`).
    answer: () => ({ status: 200, json: {} }),
    errorBody: (_status, message) => ({
      error: { type: 'prompt_outputs_failed_validation', message, details: '' },
      node_errors: {},
    }),
    other: async (method, path, _body, server) => {
      const history = /^\/history\/([^/?]+)$/.exec(path);
      if (method === 'GET' && history) {
        const id = decodeURIComponent(history[1] ?? '');
        const prompt = server.prompts.get(id);
        if (!prompt) return { status: 200, json: {} };
        prompt.polls += 1;
        // Still running at the first poll, as a real run is.
        if (prompt.polls < 2 || prompt.run === 'endless') return { status: 200, json: {} };
        const failed = prompt.run === 'done' ? null : prompt.run;
        const status = failed
          ? {
              status_str: 'error',
              completed: false,
              messages: [
                ['execution_start', { prompt_id: id }],
                [
                  'execution_error',
                  { prompt_id: id, node_type: 'KSampler', exception_message: failed },
                ],
              ],
            }
          : { status_str: 'success', completed: true, messages: [] };
        return {
          status: 200,
          json: {
            [id]: {
              prompt: [],
              outputs: failed
                ? {}
                : {
                    '9': {
                      images: prompt.pictures.map((_, index) => ({
                        filename: `studio_${id}_${index}.png`,
                        subfolder: '',
                        type: 'output',
                      })),
                    },
                  },
              status,
            },
          },
        };
      }
      if (method === 'GET' && path.startsWith('/view?')) {
        const query = new URLSearchParams(path.slice('/view?'.length));
        const match = /^studio_(.+)_(\d+)\.png$/.exec(query.get('filename') ?? '');
        const image = match
          ? server.prompts.get(match[1] ?? '')?.pictures[Number(match[2])]
          : undefined;
        return image && query.get('type') === 'output' ? { status: 200, bytes: image } : null;
      }
      if (method === 'POST' && path === '/queue') {
        server.gaveUp();
        return { status: 200, json: {} };
      }
      if (path === '/queue') {
        return { status: 200, json: { queue_running: [], queue_pending: [] } };
      }
      if (method === 'POST' && path === '/interrupt') return { status: 200, json: {} };
      return null;
    },
  },
  automatic1111: {
    asked: (method, path, body) =>
      method === 'POST' && /^\/sdapi\/v1\/(?:txt2img|img2img)$/.test(path) && isJson(body)
        ? numberIn(body.batch_size, 1)
        : null,
    answer: (images, body) => {
      const asked = numberIn(isJson(body) ? body.seed : undefined, -1);
      const first = asked === -1 ? fakeFirstSeed : asked;
      return {
        status: 200,
        json: {
          images: images.map((image) => image.toString('base64')),
          parameters: {},
          info: JSON.stringify({
            seed: first,
            all_seeds: images.map((_, index) => first + index),
          }),
        },
      };
    },
    errorBody: (_status, message) => ({
      error: 'RuntimeError',
      detail: '',
      body: '',
      errors: message,
    }),
    other: async (method, path) =>
      method === 'POST' && path === '/sdapi/v1/interrupt' ? { status: 200, json: {} } : null,
  },
};

function send(res: ServerResponse, answer: Answer) {
  if ('bytes' in answer) {
    res.writeHead(answer.status, { 'content-type': 'image/png' });
    res.end(answer.bytes);
    return;
  }
  res.writeHead(answer.status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(answer.json));
}

/** Starts one fake image upstream on an ephemeral loopback port. */
export async function startFakeImageUpstream(kind: ImageUpstreamKind): Promise<FakeImageUpstream> {
  const route = routes[kind];
  const requests: RecordedImageRequest[] = [];
  const state = { behaviour: { kind: 'images' } as ImageBehaviour, shortened: false };
  /** fal's and Replicate's pictures, fetched by URL after the answer. */
  const files = new Map<string, Buffer>();
  let gaveUp = 0;
  const waiters: (() => void)[] = [];
  const clientGaveUp = () => {
    gaveUp += 1;
    waiters.splice(0).forEach((resolve) => resolve());
  };
  const comfy: ServerState = { prompts: new Map(), gaveUp: clientGaveUp };
  let origin = '';

  async function serve(req: IncomingMessage, res: ServerResponse) {
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const path = url.split('?')[0] ?? url;
    const body = method === 'POST' ? await readBody(req) : null;
    requests.push({ method, url, headers: req.headers, body });

    const file = /^\/files\/(.+)$/.exec(path);
    if (method === 'GET' && file) {
      const bytes = files.get(file[1] ?? '');
      send(res, bytes ? { status: 200, bytes } : { status: 404, json: { detail: 'not found' } });
      return;
    }
    const asked = route.asked(method, path, body);
    if (asked === null) {
      const other = await route.other?.(method, url, body, comfy);
      send(res, other ?? { status: 404, json: { error: `no route for ${method} ${url}` } });
      return;
    }
    const current = state.behaviour;
    if (current.kind === 'error') {
      send(res, { status: current.status, json: route.errorBody(current.status, current.message) });
      return;
    }
    if (current.kind === 'slow' && kind !== 'comfyui') {
      let closed = false;
      res.once('close', () => {
        closed = true;
      });
      const until = Date.now() + 10_000;
      while (!closed && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
      clientGaveUp();
      res.destroy();
      return;
    }
    const shorten = current.kind === 'short' && !state.shortened;
    if (shorten) state.shortened = true;
    const made = await pictures(shorten ? asked - 1 : asked);
    if (kind === 'comfyui') {
      // As ComfyUI does, the client's own prompt_id when it sends one.
      const id =
        isJson(body) && typeof body.prompt_id === 'string'
          ? body.prompt_id
          : `prompt-${comfy.prompts.size + 1}`;
      const run =
        current.kind === 'slow'
          ? 'endless'
          : current.kind === 'run-fails'
            ? current.message
            : 'done';
      comfy.prompts.set(id, { pictures: made, polls: 0, run });
      send(res, {
        status: 200,
        json: { prompt_id: id, number: comfy.prompts.size, node_errors: {} },
      });
      return;
    }
    const fileURLs = made.map((image) => {
      const name = `${kind}-${files.size}.png`;
      files.set(name, image);
      return `${origin}/files/${name}`;
    });
    send(res, route.answer(made, body, fileURLs));
  }

  const server = await listenOnLoopback(serve);
  origin = server.origin;
  const basePath: Record<ImageUpstreamKind, string> = {
    openai: '/v1',
    google: '/v1beta',
    fal: '',
    replicate: '/v1',
    comfyui: '',
    automatic1111: '',
  };

  return {
    kind,
    baseURL: `${origin}${basePath[kind]}`,
    get behaviour() {
      return state.behaviour;
    },
    set behaviour(next: ImageBehaviour) {
      state.behaviour = next;
      state.shortened = false;
    },
    requests,
    hungUp: () =>
      gaveUp > 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)),
    close: () => server.close(),
  };
}
