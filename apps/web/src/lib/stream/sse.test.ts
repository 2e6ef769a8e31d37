import { describe, expect, it } from 'vitest';
import { createSseParser, readSseFrames, type SseFrame, SseStalledError } from './sse';

function parseChunks(chunks: string[]): SseFrame[] {
  const parser = createSseParser();
  return [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.end()];
}

const stream = [
  'event: start\ndata: {"a":1}\n\n',
  'event: delta\ndata: {"text":"Xin chào"}\n\n',
  'event: done\ndata: {"ok":true}\n\n',
].join('');

const expected: SseFrame[] = [
  { event: 'start', data: '{"a":1}', id: '' },
  { event: 'delta', data: '{"text":"Xin chào"}', id: '' },
  { event: 'done', data: '{"ok":true}', id: '' },
];

describe('createSseParser', () => {
  it('reads whole frames', () => {
    expect(parseChunks([stream])).toEqual(expected);
  });

  it('gives the same frames wherever the text is cut', () => {
    for (let cut = 1; cut < stream.length; cut += 1) {
      expect(parseChunks([stream.slice(0, cut), stream.slice(cut)])).toEqual(expected);
    }
    expect(parseChunks([...stream])).toEqual(expected);
  });

  it('joins several data lines with a line feed', () => {
    expect(parseChunks(['event: delta\ndata: line one\ndata: line two\ndata:\n\n'])).toEqual([
      { event: 'delta', data: 'line one\nline two\n', id: '' },
    ]);
  });

  it('takes CRLF and CR line endings, also a CRLF cut in two', () => {
    const crlf = stream.replaceAll('\n', '\r\n');
    expect(parseChunks([crlf])).toEqual(expected);
    for (let cut = 1; cut < crlf.length; cut += 1) {
      expect(parseChunks([crlf.slice(0, cut), crlf.slice(cut)])).toEqual(expected);
    }
    expect(parseChunks([stream.replaceAll('\n', '\r')])).toEqual(expected);
  });

  it('skips comments, names unnamed events "message" and drops an unfinished last frame', () => {
    expect(
      parseChunks([': keep-alive\n\ndata: plain\n\nevent: delta\ndata: {"text":"cut"}']),
    ).toEqual([{ event: 'message', data: 'plain', id: '' }]);
  });

  it('keeps the value as sent after the one optional space', () => {
    expect(parseChunks(['data:no space\n\ndata:  two spaces\n\n'])).toEqual([
      { event: 'message', data: 'no space', id: '' },
      { event: 'message', data: ' two spaces', id: '' },
    ]);
  });

  it('gives each frame the last id so far, as EventSource keeps it', () => {
    expect(
      parseChunks([
        'id: 1\nevent: start\ndata: a\n\ndata: b\n\nevent: delta\nid: 7\ndata: c\n\nid\ndata: d\n\n',
      ]),
    ).toEqual([
      { event: 'start', data: 'a', id: '1' },
      { event: 'message', data: 'b', id: '1' },
      { event: 'delta', data: 'c', id: '7' },
      // A bare `id` line empties it.
      { event: 'message', data: 'd', id: '' },
    ]);
  });
});

describe('readSseFrames', () => {
  it('decodes UTF-8 characters split between reads', async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"text":"Tiếng Việt"}\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        // Cut inside the multi-byte "ế".
        const cut = bytes.indexOf(0xe1 /* first byte of ế */) + 1;
        controller.enqueue(bytes.slice(0, cut));
        controller.enqueue(bytes.slice(cut));
        controller.close();
      },
    });
    const frames: SseFrame[] = [];
    for await (const frame of readSseFrames(body)) frames.push(frame);
    expect(frames).toEqual([{ event: 'delta', data: '{"text":"Tiếng Việt"}', id: '' }]);
  });

  it('gives up on a body that stays silent longer than its idle limit, and not on one that keeps talking', async () => {
    const encoder = new TextEncoder();
    let cancelled = false;
    let talker: ReturnType<typeof setInterval> | undefined;
    // Keeps sending the keep-alive comment (every 20 ms, well within the limit of 500), then one
    // event, then goes silent.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        let sent = 0;
        talker = setInterval(() => {
          sent += 1;
          if (sent <= 8) controller.enqueue(encoder.encode(': keep-alive\n\n'));
          else if (sent === 9)
            controller.enqueue(encoder.encode('event: delta\ndata: {}\nid: 3\n\n'));
          else clearInterval(talker);
        }, 20);
      },
      cancel() {
        cancelled = true;
      },
    });
    const frames: SseFrame[] = [];
    const reading = (async () => {
      for await (const frame of readSseFrames(body, undefined, 500)) frames.push(frame);
    })();
    await expect(reading).rejects.toBeInstanceOf(SseStalledError);
    clearInterval(talker);
    expect(frames).toEqual([{ event: 'delta', data: '{}', id: '3' }]);
    expect(cancelled).toBe(true);
  });
});
