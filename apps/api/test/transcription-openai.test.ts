import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createOpenAiTranscriptionEngine,
  type OpenAiTranscriptionOptions,
} from '../src/domains/providers/transcription/openai-transcription-engine.ts';
import {
  TranscriptionError,
  type TranscriptionRequest,
} from '../src/domains/providers/transcription/transcription-engine.ts';
import { transcriptionModels } from '../src/domains/providers/transcription/transcription-engines.ts';
import { writeWav } from '../src/domains/providers/speech/wav.ts';
import {
  answerWith,
  hang,
  type SpeechUpstream,
  type SpeechUpstreamRequest,
  startSpeechUpstream,
} from './support/speech-upstream.ts';

/** A browser's recording starts with WebM's EBML header; the rest does not matter here. */
const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(2000, 7)]);
const json = (value: unknown) => answerWith(200, 'application/json', JSON.stringify(value));

/** The multipart form the stand-in received, parsed as a server would. */
async function formOf(request: SpeechUpstreamRequest | undefined): Promise<FormData> {
  return new Response(request?.body, {
    headers: { 'content-type': String(request?.headers['content-type']) },
  }).formData();
}

/** OpenAI's POST /v1/audio/transcriptions (and servers that speak it) against a stand-in. */
describe('OpenAI-compatible transcription client', () => {
  let upstream: SpeechUpstream;

  beforeAll(async () => {
    upstream = await startSpeechUpstream();
  });
  afterAll(() => upstream.close());
  beforeEach(() => {
    upstream.requests.length = 0;
  });

  function engine(overrides: Partial<OpenAiTranscriptionOptions> = {}) {
    return createOpenAiTranscriptionEngine({
      baseUrl: `${upstream.origin}/v1`,
      apiKey: 'sk-test-key',
      model: 'whisper-1',
      timeoutMs: 5000,
      ...overrides,
    });
  }

  function recording(overrides: Partial<TranscriptionRequest> = {}): TranscriptionRequest {
    return { audio: webm, mimeType: 'audio/webm;codecs=opus', language: 'vi', ...overrides };
  }

  it('posts the recording as multipart with model, language and json, and returns the words', async () => {
    upstream.answer = json({
      text: '  Xin chào các bạn.  ',
      usage: { type: 'duration', seconds: 2.5 },
    });
    const result = await engine().transcribe(recording());
    expect(upstream.requests[0]).toMatchObject({ method: 'POST', url: '/v1/audio/transcriptions' });
    expect(upstream.requests[0]?.headers.authorization).toBe('Bearer sk-test-key');
    expect(String(upstream.requests[0]?.headers['content-type'])).toMatch(
      /^multipart\/form-data; boundary=/,
    );
    const form = await formOf(upstream.requests[0]);
    const file = form.get('file') as File;
    expect(file.name).toBe('recording.webm');
    expect(file.type).toBe('audio/webm');
    expect(Buffer.from(await file.arrayBuffer()).equals(webm)).toBe(true);
    expect(form.get('model')).toBe('whisper-1');
    expect(form.get('language')).toBe('vi');
    expect(form.get('response_format')).toBe('json');
    expect(result).toEqual({ text: 'Xin chào các bạn.', language: 'vi', durationMs: 2500 });
  });

  it('lets the service tell the language when none is given, and reads its report', async () => {
    upstream.answer = json({ text: 'Hello there.', language: 'english', duration: 1.2 });
    const result = await engine({ apiKey: null }).transcribe(recording({ language: null }));
    const form = await formOf(upstream.requests[0]);
    expect(form.has('language')).toBe(false);
    expect(upstream.requests[0]?.headers.authorization).toBeUndefined();
    expect(result).toEqual({ text: 'Hello there.', language: 'en', durationMs: 1200 });

    upstream.answer = json({ text: 'Hôm nay trời đẹp quá.' });
    await expect(engine().transcribe(recording({ language: null }))).resolves.toEqual({
      text: 'Hôm nay trời đẹp quá.',
      language: 'vi',
      durationMs: null,
    });
  });

  it('measures a WAV itself when the service does not say how long it was', async () => {
    const wav = writeWav({ sampleRate: 16_000, channels: 1, samples: new Int16Array(24_000) });
    upstream.answer = json({ text: '' });
    const result = await engine().transcribe(
      recording({ audio: wav, mimeType: 'audio/wav', language: 'en' }),
    );
    expect((await formOf(upstream.requests[0])).get('file')).toMatchObject({
      name: 'recording.wav',
    });
    expect(result).toEqual({ text: '', language: 'en', durationMs: 1500 });
  });

  it('refuses what is not a recording it can send, before calling', async () => {
    await expect(engine().transcribe(recording({ mimeType: 'text/plain' }))).rejects.toThrow(
      new TranscriptionError(
        'The recording is not in an audio format the transcription service takes (WebM, Ogg, WAV, MP3, M4A or FLAC).',
      ),
    );
    await expect(engine().transcribe(recording({ audio: Buffer.alloc(0) }))).rejects.toThrow(
      new TranscriptionError('The recording is empty.'),
    );
    await expect(
      engine().transcribe(recording({ audio: Buffer.alloc(25 * 1024 * 1024 + 1) })),
    ).rejects.toThrow(
      new TranscriptionError(
        'The recording is larger than the transcription service takes (25 MB).',
      ),
    );
    expect(upstream.requests).toEqual([]);
  });

  it('maps the service’s errors to its own words, never its body', async () => {
    const cases = [
      [
        401,
        "The transcription service refused the server's key (401); the operator must check it.",
        'unauthorized',
      ],
      [
        429,
        'The transcription service is receiving too many requests (429); try again in a moment.',
        'rate-limited',
      ],
      [400, 'The transcription service could not read the recording (400).', 'http'],
      [413, 'The recording is too large for the transcription service.', 'http'],
      [500, 'The transcription service answered 500.', 'http'],
    ] as const;
    for (const [status, message, kind] of cases) {
      upstream.answer = answerWith(
        status,
        'application/json',
        JSON.stringify({ error: { message: 'you said "my secret words" with key sk-live-9' } }),
        { 'retry-after': '3' },
      );
      const error = await engine()
        .transcribe(recording())
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(TranscriptionError);
      expect(error).toMatchObject({
        message,
        failure: { kind, status, retryAfterSeconds: status === 429 ? 3 : null },
      });
      expect(JSON.stringify(error) + (error as Error).message).not.toMatch(/secret words|sk-live/);
    }
  });

  it('refuses an answer that is not JSON or has no text', async () => {
    upstream.answer = answerWith(200, 'text/html', '<html>proxy login</html>');
    await expect(engine().transcribe(recording())).rejects.toMatchObject({
      message: 'The transcription service sent an answer that is not JSON.',
      failure: { kind: 'malformed' },
    });
    upstream.answer = json({ segments: [] });
    await expect(engine().transcribe(recording())).rejects.toMatchObject({
      message: 'The transcription service sent an answer without text.',
      failure: { kind: 'malformed' },
    });
  });

  it('stops at the timeout, on the caller’s signal and when closed', async () => {
    upstream.answer = hang;
    await expect(engine({ timeoutMs: 300 }).transcribe(recording())).rejects.toMatchObject({
      message: 'The transcription service took longer than 0.3 s and was stopped.',
      failure: { kind: 'total-timeout' },
    });
    const client = engine();
    const controller = new AbortController();
    const cancelled = client.transcribe(recording(), controller.signal);
    await expect.poll(() => upstream.requests.length).toBe(2);
    controller.abort();
    await expect(cancelled).rejects.toThrow(new TranscriptionError('Transcribing was cancelled.'));
    const closed = client.transcribe(recording());
    await expect.poll(() => upstream.requests.length).toBe(3);
    await client.close();
    await expect(closed).rejects.toThrow(new TranscriptionError('Transcribing was cancelled.'));
  });

  it('is listed in the catalogue as OpenAI’s or a server of one’s own', () => {
    const settings = { apiKey: null, model: 'whisper-1', timeoutMs: 1000 };
    expect(
      transcriptionModels({ ...settings, baseUrl: 'https://api.openai.com/v1' })[0],
    ).toMatchObject({ id: 'whisper-1', provider: 'openai', plan: 'free' });
    expect(
      transcriptionModels({ ...settings, baseUrl: 'http://127.0.0.1:8000/v1' })[0],
    ).toMatchObject({ provider: 'openai-compatible' });
    expect(transcriptionModels(null)).toEqual([]);
  });
});
