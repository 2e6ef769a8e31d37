import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxMusicHandler, sandboxMusicFetch } from '../src/index.ts';

const origin = 'http://sandbox.invalid';
const sandbox = sandboxMusicFetch({ slowMs: 200 });

function wavInfo(bytes: Buffer) {
  expect(bytes.toString('ascii', 0, 4)).toBe('RIFF');
  expect(bytes.toString('ascii', 8, 12)).toBe('WAVE');
  const channels = bytes.readUInt16LE(22);
  const sampleRate = bytes.readUInt32LE(24);
  const dataBytes = bytes.readUInt32LE(40);
  return {
    channels,
    sampleRate,
    seconds: dataBytes / 2 / channels / sampleRate,
    data: bytes.subarray(44),
  };
}

function eleven(body: unknown, format = 'pcm_44100', key: string | null = 'xi-sandbox') {
  return sandbox(`${origin}/v1/music?output_format=${format}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'xi-api-key': key } : {}) },
    body: JSON.stringify(body),
  });
}

function stability(fields: Record<string, string>, accept = 'audio/*') {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return sandbox(`${origin}/v2beta/audio/stable-audio-2/text-to-audio`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk-sandbox', accept },
    body: form,
  });
}

const falHeaders = { authorization: 'Key fal-sandbox', 'content-type': 'application/json' };

describe('ElevenLabs /v1/music', () => {
  it('makes headerless PCM of the asked length, the same for the same prompt', async () => {
    const first = await eleven({
      prompt: 'calm piano',
      music_length_ms: 4000,
      model_id: 'music_v1',
    });
    expect(first.status).toBe(200);
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(bytes.length).toBe(4 * 44_100 * 2);
    const again = Buffer.from(
      await (await eleven({ prompt: 'calm piano', music_length_ms: 4000 })).arrayBuffer(),
    );
    expect(again.equals(bytes)).toBe(true);
    expect(bytes.some((byte) => byte !== 0)).toBe(true);
  });

  it('makes a plan as long as its sections, as WAV when asked', async () => {
    const response = await eleven(
      {
        composition_plan: {
          positive_global_styles: ['pop'],
          negative_global_styles: [],
          sections: [
            {
              section_name: 'verse',
              positive_local_styles: [],
              negative_local_styles: [],
              duration_ms: 3000,
              lines: ['la la'],
            },
            {
              section_name: 'chorus',
              positive_local_styles: [],
              negative_local_styles: [],
              duration_ms: 4000,
              lines: [],
            },
          ],
        },
      },
      'wav_22050',
    );
    expect(response.status).toBe(200);
    const info = wavInfo(Buffer.from(await response.arrayBuffer()));
    expect(info).toMatchObject({ channels: 1, sampleRate: 22_050, seconds: 7 });
  });

  it('refuses a copyrighted prompt with a suggestion, and bad requests in its error shape', async () => {
    const refused = await eleven({
      prompt: 'a song like [copyrighted] hits',
      music_length_ms: 5000,
    });
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as {
      detail: { status: string; data: { prompt_suggestion: string } };
    };
    expect(body.detail.status).toBe('bad_prompt');
    expect(body.detail.data.prompt_suggestion).not.toContain('[copyrighted]');
    expect((await eleven({ prompt: 'x' }, 'pcm_44100', null)).status).toBe(401);
    expect((await eleven({ prompt: 'x', music_length_ms: 1000 })).status).toBe(422);
    expect((await eleven({ prompt: 'x', composition_plan: {} })).status).toBe(422);
    expect((await eleven({ prompt: 'x' }, 'mp3_44100_128')).status).toBe(422);
    const limited = await eleven({ prompt: '[rate-limit]' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect((await eleven({ prompt: '[fail]' })).status).toBe(500);
    const malformed = await eleven({ prompt: '[malformed] x', music_length_ms: 3000 });
    expect(malformed.status).toBe(200);
    expect((await malformed.text()).startsWith('<html>')).toBe(true);
  });

  it('answers [slow] late, and stops when the client goes away', async () => {
    const started = Date.now();
    await eleven({ prompt: '[slow] x', music_length_ms: 3000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    const controller = new AbortController();
    const pending = sandbox(`${origin}/v1/music?output_format=pcm_44100`, {
      method: 'POST',
      headers: { 'xi-api-key': 'k' },
      body: JSON.stringify({ prompt: '[slow]' }),
      signal: controller.signal,
    });
    controller.abort();
    await expect(pending).rejects.toThrow();
  });
});

describe('Stability text-to-audio', () => {
  it('makes a stereo WAV of the asked duration, the same for the same seed', async () => {
    const response = await stability({
      prompt: 'lofi',
      duration: '3',
      seed: '42',
      output_format: 'wav',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('seed')).toBe('42');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(wavInfo(bytes)).toMatchObject({ channels: 2, sampleRate: 44_100, seconds: 3 });
    const json = (await (
      await stability(
        { prompt: 'lofi', duration: '3', seed: '42', output_format: 'wav' },
        'application/json',
      )
    ).json()) as { audio: string; seed: number };
    expect(Buffer.from(json.audio, 'base64').equals(bytes)).toBe(true);
    const other = await stability({
      prompt: 'lofi',
      duration: '3',
      seed: '43',
      output_format: 'wav',
    });
    expect(Buffer.from(await other.arrayBuffer()).equals(bytes)).toBe(false);
  });

  it('refuses what Stability refuses', async () => {
    expect((await stability({ prompt: 'x', duration: '191', output_format: 'wav' })).status).toBe(
      400,
    );
    expect((await stability({ prompt: 'x', output_format: 'mp3' })).status).toBe(400);
    const moderated = await stability({ prompt: '[copyrighted]', output_format: 'wav' });
    expect(moderated.status).toBe(403);
    expect(((await moderated.json()) as { name: string }).name).toBe('content_moderation');
    expect((await stability({ prompt: '[fail]', output_format: 'wav' })).status).toBe(500);
    expect((await stability({ prompt: '[rate-limit]', output_format: 'wav' })).status).toBe(429);
  });
});

describe("fal's queue", () => {
  async function submit(app: string, input: unknown) {
    const response = await sandbox(`${origin}/${app}`, {
      method: 'POST',
      headers: falHeaders,
      body: JSON.stringify(input),
    });
    return { response, body: (await response.json()) as Record<string, string> };
  }
  const get = (url: string) => sandbox(url, { headers: falHeaders });

  it('moves IN_QUEUE → IN_PROGRESS → COMPLETED and answers a WAV file', async () => {
    const { body } = await submit('fal-ai/ace-step', {
      tags: 'pop',
      lyrics: 'la',
      duration: 5,
      seed: 7,
    });
    expect(body.status_url).toBe(`${origin}/fal-ai/ace-step/requests/${body.request_id}/status`);
    expect((await (await get(body.response_url ?? '')).json()) as object).toEqual({
      detail: 'Request is still in progress',
    });
    const states = [];
    for (let poll = 0; poll < 3; poll += 1) {
      states.push(((await (await get(body.status_url ?? '')).json()) as { status: string }).status);
    }
    expect(states).toEqual(['IN_QUEUE', 'IN_PROGRESS', 'COMPLETED']);
    const result = (await (await get(body.response_url ?? '')).json()) as {
      audio: { url: string; content_type: string };
      seed: number;
    };
    expect(result.seed).toBe(7);
    const file = Buffer.from(await (await sandbox(result.audio.url)).arrayBuffer());
    expect(wavInfo(file)).toMatchObject({ channels: 2, seconds: 5 });
    const cancelled = await sandbox(body.cancel_url ?? '', { method: 'PUT', headers: falHeaders });
    expect(cancelled.status).toBe(400);
  });

  it('cancels a request still running, checks input when it runs, and needs a key', async () => {
    const { body } = await submit('fal-ai/stable-audio', { prompt: 'rain', seconds_total: 3 });
    const cancel = await sandbox(body.cancel_url ?? '', { method: 'PUT', headers: falHeaders });
    expect(cancel.status).toBe(202);
    expect(await cancel.json()).toEqual({ status: 'CANCELLATION_REQUESTED' });
    expect((await get(body.response_url ?? '')).status).toBe(400);

    const bad = await submit('fal-ai/stable-audio', { prompt: 'rain', seconds_total: 48 });
    for (let poll = 0; poll < 3; poll += 1) await get(bad.body.status_url ?? '');
    expect((await get(bad.body.response_url ?? '')).status).toBe(422);

    const failing = await submit('fal-ai/ace-step', { tags: '[fail]' });
    for (let poll = 0; poll < 3; poll += 1) await get(failing.body.status_url ?? '');
    expect((await get(failing.body.response_url ?? '')).status).toBe(500);

    expect((await submit('fal-ai/ace-step', { tags: '[rate-limit]' })).response.status).toBe(429);
    expect((await submit('fal-ai/nothing', { tags: 'x' })).response.status).toBe(404);
    const keyless = await sandbox(`${origin}/fal-ai/ace-step`, { method: 'POST', body: '{}' });
    expect(keyless.status).toBe(401);
  });
});

describe('over HTTP', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer(createSandboxMusicHandler({ basePath: '/sandbox/music' }));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox/music`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('serves the three formats under its mount, fal URLs included', async () => {
    const music = await fetch(`${base}/v1/music?output_format=pcm_16000`, {
      method: 'POST',
      headers: { 'xi-api-key': 'k', 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'jazz', music_length_ms: 3000 }),
    });
    expect((await music.arrayBuffer()).byteLength).toBe(3 * 16_000 * 2);
    const submitted = (await (
      await fetch(`${base}/fal-ai/ace-step`, {
        method: 'POST',
        headers: falHeaders,
        body: JSON.stringify({ tags: 'jazz', duration: 5 }),
      })
    ).json()) as { status_url: string };
    expect(submitted.status_url.startsWith(`${base}/fal-ai/ace-step/requests/`)).toBe(true);
    expect((await fetch(submitted.status_url, { headers: falHeaders })).status).toBe(200);
  });
});
