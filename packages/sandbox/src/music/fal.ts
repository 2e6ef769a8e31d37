import { randomUUID } from 'node:crypto';
import { promptFacts, seedOfText } from './prompt.ts';
import { synthesiseTune, wavFile } from './tune.ts';
import {
  audio,
  isRecord,
  json,
  type MusicServerRequest,
  type MusicServerResponse,
} from './wire.ts';

/**
 * fal's queue (`https://queue.fal.run`, key as `Authorization: Key …`) for two music apps:
 * `fal-ai/ace-step` (ACE-Step: `tags`, `lyrics` — `[inst]` for none —, `duration` 5–240 s,
 * `seed`; answers `{audio: File, seed, tags, lyrics}`) and `fal-ai/stable-audio` (Stable Audio
 * Open: `prompt`, `seconds_total` 1–47, `steps`; answers `{audio_file: File}`). `POST /{app}`
 * submits and answers `{request_id, status_url, response_url, cancel_url, queue_position}`;
 * `GET …/requests/{id}/status` moves IN_QUEUE → IN_PROGRESS → COMPLETED, one step a poll;
 * `GET …/requests/{id}` answers the result (its input is checked there, 422 as fal does);
 * `PUT …/requests/{id}/cancel` answers 202 CANCELLATION_REQUESTED, or 400 ALREADY_COMPLETED.
 * The audio is a WAV file at `GET /files/{id}.wav` (fal's CDN, no key).
 */

export interface FalSettings {
  slowMs: number;
}

interface AppSpec {
  /** Checks the input: the words to read, the length and seed to make, or a 422 detail. */
  read: (
    input: Record<string, unknown>,
  ) =>
    | { texts: string[]; seconds: number; seed: number; echo: Record<string, unknown> }
    | { invalid: { loc: string[]; msg: string; type: string } };
  fileField: 'audio' | 'audio_file';
}

const invalid = (field: string, msg: string) => ({
  invalid: { loc: ['body', field], msg, type: 'value_error' },
});

const numberIn = (value: unknown, min: number, max: number) =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;

const apps: Record<string, AppSpec> = {
  'fal-ai/ace-step': {
    fileField: 'audio',
    read(input) {
      const { tags, lyrics = '', duration = 60, seed } = input;
      if (typeof tags !== 'string' || tags.trim() === '') return invalid('tags', 'Field required');
      if (typeof lyrics !== 'string') return invalid('lyrics', 'Input should be a valid string');
      if (!numberIn(duration, 5, 240))
        return invalid('duration', 'Input should be between 5 and 240');
      if (seed !== undefined && !(Number.isInteger(seed) && numberIn(seed, 0, 2 ** 32 - 1))) {
        return invalid('seed', 'Input should be a valid integer');
      }
      const used = typeof seed === 'number' ? seed : seedOfText(tags + lyrics);
      return {
        texts: [tags, lyrics],
        seconds: duration as number,
        seed: used,
        echo: { seed: used, tags, lyrics },
      };
    },
  },
  'fal-ai/stable-audio': {
    fileField: 'audio_file',
    read(input) {
      const { prompt, seconds_total: seconds = 30, steps = 100 } = input;
      if (typeof prompt !== 'string' || prompt.trim() === '')
        return invalid('prompt', 'Field required');
      if (!(Number.isInteger(seconds) && numberIn(seconds, 1, 47))) {
        return invalid('seconds_total', 'Input should be between 1 and 47');
      }
      if (!(Number.isInteger(steps) && numberIn(steps, 1, 1000))) {
        return invalid('steps', 'Input should be between 1 and 1000');
      }
      return { texts: [prompt], seconds: seconds as number, seed: seedOfText(prompt), echo: {} };
    },
  },
};

interface QueuedRequest {
  app: string;
  input: Record<string, unknown>;
  polls: number;
  slowUntil: number | null;
  cancelled: boolean;
  result: MusicServerResponse | null;
}

/** The most requests (and files) kept: the oldest go first. */
const kept = 64;
const sampleRate = 44_100;

function remember<T>(map: Map<string, T>, key: string, value: T): void {
  map.set(key, value);
  while (map.size > kept) {
    const oldest = map.keys().next().value;
    if (oldest === undefined) break;
    map.delete(oldest);
  }
}

export interface FalQueue {
  serve(request: MusicServerRequest, path: string, origin: string): Promise<MusicServerResponse>;
}

/** A queue with its own memory: each server made by createSandboxMusicServer has one. */
export function createFalQueue(settings: FalSettings): FalQueue {
  const requests = new Map<string, QueuedRequest>();
  const files = new Map<string, Buffer>();

  const urls = (origin: string, app: string, id: string) => {
    const base = `${origin}/${app}/requests/${id}`;
    return { status_url: `${base}/status`, response_url: base, cancel_url: `${base}/cancel` };
  };

  function stateOf(queued: QueuedRequest): 'IN_QUEUE' | 'IN_PROGRESS' | 'COMPLETED' {
    if (queued.cancelled || queued.result) return 'COMPLETED';
    if (queued.polls <= 1) return 'IN_QUEUE';
    if (queued.slowUntil !== null && Date.now() < queued.slowUntil) return 'IN_PROGRESS';
    return queued.polls === 2 ? 'IN_PROGRESS' : 'COMPLETED';
  }

  function resultOf(queued: QueuedRequest, origin: string): MusicServerResponse {
    if (queued.result) return queued.result;
    if (queued.cancelled) return json(400, { detail: 'Request was cancelled.' });
    const spec = apps[queued.app];
    if (!spec) return json(404, { detail: 'Application not found.' });
    const read = spec.read(queued.input);
    if ('invalid' in read) {
      queued.result = json(422, { detail: [read.invalid] });
      return queued.result;
    }
    const facts = promptFacts(...read.texts);
    if (facts.has('fail')) {
      queued.result = json(500, { detail: 'The sandbox failed on purpose.' });
      return queued.result;
    }
    const fileId = randomUUID();
    const file = facts.has('malformed')
      ? Buffer.from('fLaC not a wave file')
      : wavFile(
          synthesiseTune({ seconds: read.seconds, seed: read.seed, sampleRate, channels: 2 }),
          sampleRate,
          2,
        );
    remember(files, fileId, file);
    queued.result = json(200, {
      [spec.fileField]: {
        url: `${origin}/files/${fileId}.wav`,
        content_type: 'audio/wav',
        file_name: `${fileId}.wav`,
        file_size: file.length,
      },
      ...read.echo,
    });
    return queued.result;
  }

  async function serve(
    request: MusicServerRequest,
    path: string,
    origin: string,
  ): Promise<MusicServerResponse> {
    const file = /^\/files\/([0-9a-f-]{36})\.wav$/.exec(path);
    if (file) {
      const bytes = files.get(file[1] ?? '');
      if (request.method !== 'GET') return json(405, { detail: 'Use GET.' });
      return bytes ? audio('audio/wav', bytes) : json(404, { detail: 'File not found.' });
    }
    if (!/^Key\s+\S+/i.test(request.headers.get('authorization') ?? '')) {
      return json(401, { detail: 'Authorization: Key <your fal key> is required.' });
    }
    const match = /^\/([\w-]+\/[\w-]+)(?:\/requests\/([\w-]+)(\/status|\/cancel)?)?$/.exec(path);
    const app = match?.[1];
    if (!match || !app || !apps[app]) return json(404, { detail: 'Application not found.' });
    const id = match[2];

    if (id === undefined) {
      if (request.method !== 'POST') return json(405, { detail: 'Use POST.' });
      let input: unknown;
      try {
        input = JSON.parse(Buffer.from(request.body).toString('utf8'));
      } catch {
        return json(422, { detail: [{ loc: ['body'], msg: 'Invalid JSON', type: 'value_error' }] });
      }
      if (!isRecord(input)) {
        return json(422, {
          detail: [{ loc: ['body'], msg: 'Input should be an object', type: 'value_error' }],
        });
      }
      const facts = promptFacts(
        ...Object.values(input).filter((value) => typeof value === 'string'),
      );
      if (facts.has('rateLimit')) {
        return json(429, { detail: 'Too many requests.' }, { 'retry-after': '7' });
      }
      const requestId = randomUUID();
      remember(requests, requestId, {
        app,
        input,
        polls: 0,
        slowUntil: facts.has('slow') ? Date.now() + settings.slowMs : null,
        cancelled: false,
        result: null,
      });
      return json(200, {
        status: 'IN_QUEUE',
        request_id: requestId,
        ...urls(origin, app, requestId),
        queue_position: 0,
      });
    }

    const queued = requests.get(id);
    if (!queued || queued.app !== app) return json(404, { detail: 'Request not found.' });
    const kind = match[3];
    if (kind === '/status') {
      if (request.method !== 'GET') return json(405, { detail: 'Use GET.' });
      queued.polls += 1;
      const status = stateOf(queued);
      return json(200, {
        status,
        request_id: id,
        ...urls(origin, app, id),
        ...(status === 'IN_QUEUE' ? { queue_position: 0 } : {}),
        logs: null,
      });
    }
    if (kind === '/cancel') {
      if (request.method !== 'PUT') return json(405, { detail: 'Use PUT.' });
      if (stateOf(queued) === 'COMPLETED') return json(400, { status: 'ALREADY_COMPLETED' });
      queued.cancelled = true;
      return json(202, { status: 'CANCELLATION_REQUESTED' });
    }
    if (request.method !== 'GET') return json(405, { detail: 'Use GET.' });
    if (stateOf(queued) !== 'COMPLETED')
      return json(400, { detail: 'Request is still in progress' });
    return resultOf(queued, origin);
  }

  return { serve };
}
