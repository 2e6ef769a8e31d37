import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseModelsConfig } from '../src/domains/models/models-config.ts';
import { defaultModel } from '../src/domains/models/pull/default-model.ts';
import { type DownloadProgress, downloadModel } from '../src/domains/models/pull/download-model.ts';
import { firstStartOffer } from '../src/domains/models/pull/first-start-offer.ts';
import { createProgressReporter } from '../src/domains/models/pull/progress-reporter.ts';
import { parsePullArgs } from '../src/domains/models/pull/pull-args.ts';
import { runPullCommand } from '../src/domains/models/pull/pull-command.ts';
import { PullError } from '../src/domains/models/pull/pull-error.ts';
import { sha256File } from '../src/domains/models/pull/sha256-file.ts';
import { writeTinyGguf } from './support/tiny-gguf.ts';

/**
 * A model hub on 127.0.0.1 serving a tiny GGUF the way Hugging Face does: /resolve/<file>
 * redirects to /cdn/<file> with the file's SHA-256 in X-Linked-ETag; /cdn honours Range (206,
 * 416). Behaviours make it cut a transfer part-way, ignore Range, or announce a wrong hash.
 */
interface Hub {
  baseUrl: string;
  requests: { url: string; range: string | undefined }[];
  /** The next /cdn response stops (socket destroyed) after this many body bytes. */
  cutAfter: number | null;
  /** Answers 200 with the whole file even to a Range request. */
  ignoreRange: boolean;
  /** What /resolve announces in X-Linked-ETag (null: no header). */
  linkedEtag: string | null;
  close(): Promise<void>;
}

async function startHub(file: Buffer, sha256: string): Promise<Hub> {
  const hub: Omit<Hub, 'baseUrl' | 'close'> = {
    requests: [],
    cutAfter: null,
    ignoreRange: false,
    linkedEtag: `"${sha256}"`,
  };
  const serveFile = (request: IncomingMessage, response: ServerResponse) => {
    const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? '');
    let start = 0;
    if (range?.[1] && !hub.ignoreRange) {
      start = Number(range[1]);
      if (start >= file.length) {
        response.writeHead(416, { 'content-range': `bytes */${file.length}` }).end();
        return;
      }
      response.writeHead(206, {
        'content-type': 'application/octet-stream',
        'content-length': file.length - start,
        'content-range': `bytes ${start}-${file.length - 1}/${file.length}`,
      });
    } else {
      response.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': file.length,
      });
    }
    const body = file.subarray(start);
    if (hub.cutAfter !== null) {
      const cut = hub.cutAfter;
      hub.cutAfter = null;
      // Flushed first, then the connection dies mid-body, as a dropped network would.
      response.write(body.subarray(0, cut), () => response.socket?.destroy());
      return;
    }
    response.end(body);
  };
  const server: Server = createServer((request, response) => {
    hub.requests.push({ url: request.url ?? '', range: request.headers.range });
    const url = request.url ?? '';
    if (url === '/resolve/tiny.gguf') {
      response.writeHead(302, {
        location: '/cdn/tiny.gguf',
        ...(hub.linkedEtag === null
          ? {}
          : { 'x-linked-etag': hub.linkedEtag, 'x-linked-size': String(file.length) }),
      });
      response.end();
    } else if (url === '/cdn/tiny.gguf') {
      serveFile(request, response);
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Entry not found');
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return Object.assign(hub, {
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  });
}

let work: string;
let model: { bytes: number; sha256: string; content: Buffer };
let hub: Hub;
let dir: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'model-pull-'));
  const source = path.join(work, 'source', 'tiny.gguf');
  const written = await writeTinyGguf(source);
  model = { ...written, content: await readFile(source) };
  hub = await startHub(model.content, model.sha256);
});

afterAll(async () => {
  await hub.close();
  await rm(work, { recursive: true, force: true });
});

let runs = 0;
beforeEach(() => {
  runs += 1;
  dir = path.join(work, `models-${runs}`);
  hub.requests.length = 0;
  hub.cutAfter = null;
  hub.ignoreRange = false;
  hub.linkedEtag = `"${model.sha256}"`;
});

afterEach(() => {
  hub.cutAfter = null;
});

const cdnUrl = () => `${hub.baseUrl}/cdn/tiny.gguf`;
const resolveUrl = () => `${hub.baseUrl}/resolve/tiny.gguf`;
const finalPath = () => path.join(dir, 'tiny.gguf');
const partPath = () => `${finalPath()}.part`;

async function pullError(promise: Promise<unknown>): Promise<PullError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PullError);
  return error as PullError;
}

describe('downloadModel', () => {
  it('streams the file, reporting progress that only grows and ends at the total', async () => {
    const progress: DownloadProgress[] = [];
    const result = await downloadModel({
      url: cdnUrl(),
      dir,
      file: 'tiny.gguf',
      sha256: model.sha256,
      verify: true,
      onProgress: (update) => progress.push(update),
    });

    expect(result).toMatchObject({
      path: finalPath(),
      bytes: model.bytes,
      sha256: model.sha256,
      verifiedBy: '--sha256',
      resumedFrom: 0,
    });
    expect(await sha256File(finalPath())).toBe(model.sha256);
    expect(existsSync(partPath())).toBe(false);
    expect(progress.length).toBeGreaterThan(2);
    const received = progress.map((update) => update.received);
    expect(received).toEqual([...new Set(received)].sort((a, b) => a - b));
    expect(progress.every((update) => update.total === model.bytes)).toBe(true);
    expect(received[0]).toBe(0);
    expect(received.at(-1)).toBe(model.bytes);
    expect(hub.requests.map((request) => request.range)).toEqual([undefined]);
  });

  it('keeps an interrupted transfer and resumes it with a Range request', async () => {
    const cut = 100_000;
    hub.cutAfter = cut;
    const interrupted = await pullError(
      downloadModel({ url: cdnUrl(), dir, file: 'tiny.gguf', sha256: model.sha256, verify: true }),
    );
    expect(interrupted.kind).toBe('interrupted');
    expect(interrupted.keepsPart).toBe(true);
    expect(interrupted.message).toMatch(/run the command again to resume/);
    expect((await stat(partPath())).size).toBe(cut);
    expect(existsSync(finalPath())).toBe(false);

    const progress: DownloadProgress[] = [];
    const result = await downloadModel({
      url: cdnUrl(),
      dir,
      file: 'tiny.gguf',
      sha256: model.sha256,
      verify: true,
      onProgress: (update) => progress.push(update),
    });

    expect(hub.requests.map((request) => request.range)).toEqual([undefined, `bytes=${cut}-`]);
    expect(result.resumedFrom).toBe(cut);
    expect(progress[0]).toEqual({ received: cut, total: model.bytes, resumedFrom: cut });
    expect(progress.at(-1)?.received).toBe(model.bytes);
    expect(await sha256File(finalPath())).toBe(model.sha256);
    expect(existsSync(partPath())).toBe(false);
  });

  it('starts over when the server answers a Range request with the whole file', async () => {
    await mkdir(dir, { recursive: true });
    await writeFile(partPath(), Buffer.alloc(5000, 0xff));
    hub.ignoreRange = true;

    const result = await downloadModel({
      url: cdnUrl(),
      dir,
      file: 'tiny.gguf',
      sha256: model.sha256,
      verify: true,
    });

    expect(hub.requests.map((request) => request.range)).toEqual(['bytes=5000-']);
    expect(result.resumedFrom).toBe(0);
    expect(await sha256File(finalPath())).toBe(model.sha256);
  });

  it('treats a 416 answer as an already complete part and verifies it', async () => {
    await writeTinyGguf(partPath());

    const result = await downloadModel({
      url: cdnUrl(),
      dir,
      file: 'tiny.gguf',
      sha256: model.sha256,
      verify: true,
    });

    expect(hub.requests.map((request) => request.range)).toEqual([`bytes=${model.bytes}-`]);
    expect(result).toMatchObject({ bytes: model.bytes, sha256: model.sha256 });
    expect(existsSync(partPath())).toBe(false);
  });

  it('takes the expected SHA-256 from X-Linked-ETag on the first response of a redirect', async () => {
    const result = await downloadModel({
      url: resolveUrl(),
      dir,
      file: 'tiny.gguf',
      sha256: null,
      verify: true,
    });

    expect(hub.requests.map((request) => request.url)).toEqual([
      '/resolve/tiny.gguf',
      '/cdn/tiny.gguf',
    ]);
    expect(result.verifiedBy).toBe('X-Linked-ETag');
    expect(await sha256File(finalPath())).toBe(model.sha256);
  });

  it('refuses a file whose content does not match the announced X-Linked-ETag', async () => {
    hub.linkedEtag = `"${'0'.repeat(64)}"`;
    const error = await pullError(
      downloadModel({ url: resolveUrl(), dir, file: 'tiny.gguf', sha256: null, verify: true }),
    );
    expect(error.kind).toBe('checksum');
    expect(error.message).toContain(`expected ${'0'.repeat(64)} from X-Linked-ETag`);
    expect(existsSync(finalPath())).toBe(false);
    expect(existsSync(partPath())).toBe(false);
  });

  it('refuses to install an unverifiable file unless told not to verify', async () => {
    hub.linkedEtag = null;
    const error = await pullError(
      downloadModel({ url: resolveUrl(), dir, file: 'tiny.gguf', sha256: null, verify: true }),
    );
    expect(error.kind).toBe('unverified');
    expect(error.message).toMatch(/--sha256 <hex>.*--no-verify/);
    expect(existsSync(finalPath())).toBe(false);

    const result = await downloadModel({
      url: resolveUrl(),
      dir,
      file: 'tiny.gguf',
      sha256: null,
      verify: false,
    });
    expect(result.verifiedBy).toBeNull();
    expect(result.sha256).toBe(model.sha256);
  });

  it('explains an HTTP 404 and installs nothing', async () => {
    const error = await pullError(
      downloadModel({
        url: `${hub.baseUrl}/cdn/missing.gguf`,
        dir,
        file: 'missing.gguf',
        sha256: model.sha256,
        verify: true,
      }),
    );
    expect(error.kind).toBe('http');
    expect(error.message).toBe(
      `Download failed: HTTP 404 from 127.0.0.1:${new URL(hub.baseUrl).port}: the file was not found there; check --url (and --file).`,
    );
    expect(existsSync(path.join(dir, 'missing.gguf'))).toBe(false);
  });

  it('says which host could not be reached when the connection is refused', async () => {
    const closed = await startHub(Buffer.alloc(1), model.sha256);
    const url = `${closed.baseUrl}/cdn/tiny.gguf`;
    await closed.close();
    const error = await pullError(
      downloadModel({ url, dir, file: 'tiny.gguf', sha256: model.sha256, verify: true }),
    );
    expect(error.kind).toBe('network');
    expect(error.message).toMatch(/^Could not reach 127\.0\.0\.1:\d+: ECONNREFUSED/);
  });

  it('keeps the part when stopped (Ctrl-C)', async () => {
    hub.cutAfter = null;
    const stop = new AbortController();
    const error = await pullError(
      downloadModel({
        url: cdnUrl(),
        dir,
        file: 'tiny.gguf',
        sha256: model.sha256,
        verify: true,
        signal: stop.signal,
        onProgress: ({ received }) => {
          if (received > 0) stop.abort();
        },
      }),
    );
    expect(error.kind).toBe('aborted');
    expect((await stat(partPath())).size).toBeGreaterThan(0);
    expect(existsSync(finalPath())).toBe(false);
  });
});

describe('runPullCommand', () => {
  function capture() {
    const out: string[] = [];
    const errors: string[] = [];
    return {
      out,
      errors,
      io: {
        out: { write: (text: string) => void out.push(text), isTTY: false },
        error: (text: string) => void errors.push(text),
        cwd: work,
        modelsDir: () => dir,
      },
    };
  }

  it('prints the licence first, then progress, then how to use the model', async () => {
    const { out, errors, io } = capture();
    const status = await runPullCommand(['--url', resolveUrl()], io);

    expect(errors).toEqual([]);
    expect(status).toBe(0);
    const text = out.join('');
    expect(text.indexOf('Licence: ')).toBeLessThan(text.indexOf('%'));
    expect(text).toContain(`To: ${finalPath()}`);
    expect(text).toContain('The SHA-256 to check comes from X-Linked-ETag.');
    expect(text).toContain('Restart `npm start`: the chat now uses tiny.gguf.');
    expect(await sha256File(finalPath())).toBe(model.sha256);
  });

  it('exits non-zero on a checksum mismatch, leaving neither the file nor the part', async () => {
    const { errors, io } = capture();
    const status = await runPullCommand(
      ['--url', cdnUrl(), '--sha256', 'A'.repeat(64), '--dir', dir],
      io,
    );

    expect(status).toBe(1);
    expect(errors.join('\n')).toMatch(/does not match its SHA-256 \(expected a{64} from --sha256/);
    expect(existsSync(finalPath())).toBe(false);
    expect(existsSync(partPath())).toBe(false);
  });

  it('leaves an installed model alone', async () => {
    await writeTinyGguf(finalPath());
    const { out, io } = capture();
    expect(await runPullCommand(['--url', cdnUrl()], io)).toBe(0);
    expect(out.join('')).toContain(`Already installed: ${finalPath()}`);
    expect(hub.requests).toEqual([]);
  });

  it('exits non-zero with the usage hint on a bad argument', async () => {
    const { errors, io } = capture();
    expect(await runPullCommand(['--sha256', 'abc'], io)).toBe(1);
    expect(errors.join('')).toContain('--sha256 must be 64 hexadecimal characters');
    expect(errors.join('')).toContain('--help');
  });
});

describe('parsePullArgs', () => {
  it('defaults to the documented model and the API models directory', () => {
    expect(parsePullArgs([], '/here')).toEqual({
      kind: 'pull',
      source: defaultModel,
      sha256: null,
      verify: true,
      dir: null,
    });
    expect(defaultModel.url).toBe(
      'https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve/main/qwen2.5-0.5b-instruct-q4_k_m.gguf',
    );
    expect(defaultModel.licence).toMatch(/^Apache-2\.0/);
  });

  it('reads --url, --sha256, --file, --dir and --no-verify', () => {
    const args = parsePullArgs(
      [
        '--url',
        'https://example.test/models/a%20b.gguf?download=true',
        '--sha256',
        'AB'.repeat(32),
        '--dir',
        'models',
        '--no-verify',
      ],
      '/here',
    );
    expect(args).toMatchObject({
      kind: 'pull',
      source: { url: 'https://example.test/models/a%20b.gguf?download=true', file: 'a b.gguf' },
      sha256: 'ab'.repeat(32),
      verify: false,
      dir: path.resolve('/here', 'models'),
    });
    expect(
      parsePullArgs(['--url', 'https://example.test/x', '--file', 'mine.gguf'], '/'),
    ).toMatchObject({ source: { file: 'mine.gguf' } });
    expect(parsePullArgs(['--help'], '/')).toEqual({ kind: 'help' });
  });

  it.each([
    [['--file', '../escape.gguf'], /plain file name/],
    [['--file', 'model.bin'], /must end in \.gguf/],
    [['--url', 'ftp://example.test/a.gguf'], /must be http\(s\)/],
    [['--url', 'not a url'], /not a URL/],
    [['--url', 'https://example.test/'], /no file name/],
    [['--sha256', 'z'.repeat(64)], /64 hexadecimal/],
    [['--unknown'], /Unknown option '--unknown'/],
  ])('refuses %j', (argv, message) => {
    expect(() => parsePullArgs(argv, '/')).toThrow(message);
  });
});

describe('progress reporter', () => {
  const total = 1_000_000;
  const feed = (isTTY: boolean) => {
    const written: string[] = [];
    let clock = 0;
    const reporter = createProgressReporter(
      { write: (text) => void written.push(text), isTTY },
      () => clock,
    );
    // 1 MB/s: the clock reads received / 1000 ms.
    for (let received = 0; received <= total; received += 10_000) {
      clock = received / 1000;
      reporter.update({ received, total, resumedFrom: 0 });
    }
    reporter.finish();
    return written;
  };

  it('writes a plain line every 5 % when the output is not a terminal', () => {
    const lines = feed(false);
    expect(lines).toHaveLength(21);
    expect(lines.every((line) => line.endsWith('\n') && !line.includes('\r'))).toBe(true);
    expect(lines[1]).toBe(`[#${'-'.repeat(23)}]   5.0%  0.1 MB / 1.0 MB  1.0 MB/s  ETA 0:01\n`);
    expect(lines.at(-1)).toBe(`[${'#'.repeat(24)}] 100.0%  1.0 MB / 1.0 MB  1.0 MB/s  ETA 0:00\n`);
  });

  it('redraws one line on a terminal: percent, MB, speed and ETA', () => {
    const writes = feed(true);
    expect(writes.slice(0, -1).every((text) => text.startsWith('\r'))).toBe(true);
    expect(writes.at(-1)).toBe('\n');
    // \x1b[K clears what a longer earlier line left behind.
    expect(writes.at(-2)).toBe(
      `\r[${'#'.repeat(24)}] 100.0%  1.0 MB / 1.0 MB  1.0 MB/s  ETA 0:00\x1b[K`,
    );
  });
});

describe('first-start offer', () => {
  const none = { dir: '/data/models', file: null };
  const models = (
    env: Record<string, string>,
    { production = false, file = null }: { production?: boolean; file?: string | null } = {},
  ) =>
    parseModelsConfig(env, {
      production,
      allowSandboxInProduction: false,
      local: { modelsDir: none.dir, file },
    }).config;

  it('says the sandbox stands in and gives the pull command when nothing is set up', () => {
    const lines = firstStartOffer({ models: models({}), localModel: none });
    expect(lines?.[0]).toBe(
      'No chat model is installed: the chat uses the sandbox model, which gives canned answers.',
    );
    expect(lines?.join('\n')).toContain('run `npm run models:pull`, then restart');
    expect(lines?.join('\n')).toMatch(/about 0\.5 GB.*Apache-2\.0.*\/data\/models/s);
  });

  it('says chat is unavailable in production with nothing set up', () => {
    const lines = firstStartOffer({ models: models({}, { production: true }), localModel: none });
    expect(lines?.[0]).toMatch(/chat is unavailable/);
  });

  it('stays quiet when a local model is installed or CHAT_MODELS is set', () => {
    expect(
      firstStartOffer({
        models: models({}, { file: '/data/models/a.gguf' }),
        localModel: { dir: '/data/models', file: '/data/models/a.gguf' },
      }),
    ).toBeNull();
    const sandboxListed = models({
      CHAT_MODELS: JSON.stringify([
        { id: 'sandbox', name: 'Sandbox', provider: 'sandbox', model: 'sandbox' },
      ]),
    });
    expect(sandboxListed.models).toHaveLength(1);
    expect(firstStartOffer({ models: sandboxListed, localModel: none })).toBeNull();
  });
});
