import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { expect } from 'vitest';
import {
  SpeechError,
  type SpeechRequest,
} from '../../src/domains/providers/speech/speech-engine.ts';
import type { SpeechEngine } from '../../src/domains/providers/speech/speech-engine.ts';
import { listenOnLoopback } from './loopback-server.ts';

/**
 * A stand-in of one speech provider on 127.0.0.1: it records every request (method, path and
 * query, headers, the body's bytes) and answers with what the test sets, so each engine's wire
 * format is checked request by request.
 */

export interface SpeechUpstreamRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export type SpeechAnswer = (response: ServerResponse, request: SpeechUpstreamRequest) => void;

export interface SpeechUpstream {
  origin: string;
  requests: SpeechUpstreamRequest[];
  answer: SpeechAnswer;
  close(): Promise<void>;
}

export async function startSpeechUpstream(): Promise<SpeechUpstream> {
  const upstream: SpeechUpstream = {
    origin: '',
    requests: [],
    answer: (response) => response.end(),
    close: async () => {},
  };
  const server = await listenOnLoopback(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(chunks),
    };
    upstream.requests.push(request);
    upstream.answer(res, request);
  });
  upstream.origin = server.origin;
  upstream.close = () => server.close();
  return upstream;
}

export function answerWith(
  status: number,
  contentType: string,
  body: Buffer | string,
  headers: Record<string, string> = {},
): SpeechAnswer {
  return (response) => {
    response.writeHead(status, { 'content-type': contentType, ...headers });
    response.end(body);
  };
}

/** Never answers (until the client goes away). */
export const hang: SpeechAnswer = () => {};

export function speechRequest(overrides: Partial<SpeechRequest> = {}): SpeechRequest {
  return {
    text: 'Hello there.',
    language: null,
    voice: null,
    format: 'mp3',
    speed: 1,
    pitch: 1,
    ...overrides,
  };
}

/** Words an upstream's error body holds that must never reach a message or a log. */
const secretWords = 'Incorrect API key sk-live-123 for "the user text"';

/**
 * The failures every cloud engine maps the same way: 401, 429 (with its Retry-After), 500 and an
 * HTML error page become SpeechErrors in our own words with the right kind and status, and
 * nothing of the upstream's body; a service that never answers is stopped at the timeout.
 */
export async function expectFailuresMapped(
  upstream: SpeechUpstream,
  make: (timeoutMs: number) => SpeechEngine,
  service: string,
): Promise<void> {
  const engine = make(5000);
  const cases = [
    {
      status: 401,
      message: `${service} refused the server's key (401); the operator must check it.`,
      failure: { kind: 'unauthorized', status: 401, retryAfterSeconds: null },
    },
    {
      status: 429,
      message: `${service} is receiving too many requests (429); try again in a moment.`,
      failure: { kind: 'rate-limited', status: 429, retryAfterSeconds: 7 },
    },
    {
      status: 500,
      message: `${service} answered 500.`,
      failure: { kind: 'http', status: 500, retryAfterSeconds: null },
    },
  ];
  for (const { status, message, failure } of cases) {
    upstream.answer = answerWith(
      status,
      'application/json',
      JSON.stringify({ error: { message: secretWords } }),
      { 'retry-after': '7' },
    );
    const error = await engine.synthesize(speechRequest()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SpeechError);
    expect(error).toMatchObject({ message, failure });
    expect(`${(error as Error).message} ${JSON.stringify(error)}`).not.toContain('sk-live');
    expect(`${(error as Error).message} ${JSON.stringify(error)}`).not.toContain('user text');
  }

  upstream.answer = answerWith(502, 'text/html', '<html><body>Bad gateway</body></html>');
  await expect(engine.synthesize(speechRequest())).rejects.toMatchObject({
    name: 'SpeechError',
    message: `${service} answered 502.`,
    failure: { kind: 'http', status: 502 },
  });

  upstream.answer = hang;
  await expect(make(300).synthesize(speechRequest())).rejects.toMatchObject({
    name: 'SpeechError',
    message: `${service} took longer than 0.3 s and was stopped.`,
    failure: { kind: 'total-timeout', status: null },
  });
}

/** Every listed voice is tagged as a cloud voice of this provider, with its plan. */
export function expectCloudVoices(
  engine: SpeechEngine,
  provider: string,
  plan: string,
  capabilities: string[],
): void {
  const voices = engine.voices();
  expect(voices.length).toBeGreaterThan(0);
  for (const voice of voices) {
    expect(voice).toMatchObject({
      provider,
      quality: 'cloud-neural',
      plan,
      capabilities,
      sandbox: false,
    });
    expect(voice.id.startsWith(`${provider}:`)).toBe(true);
    expect(['en', 'vi']).toContain(voice.language);
  }
  expect(new Set(voices.map((voice) => voice.id)).size).toBe(voices.length);
  const defaults = engine.defaultVoices();
  for (const id of Object.values(defaults)) {
    expect(voices.map((voice) => voice.id)).toContain(id);
  }
}
