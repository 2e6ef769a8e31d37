/**
 * One server-sent event: its `event:` name ('message' when none), its joined `data:` lines, and
 * the stream's last event id when it came (the last `id:` so far, as EventSource keeps it).
 */
export interface SseFrame {
  event: string;
  data: string;
  id: string;
}

/**
 * An incremental parser for the text/event-stream format (WHATWG HTML §9.2.6): feed it text as
 * it arrives, in chunks cut anywhere (mid-line, mid-CRLF), and it returns the frames completed so
 * far. Lines end in LF, CRLF or CR; several `data:` lines join with LF; `:` lines are comments.
 */
export function createSseParser(): { push(chunk: string): SseFrame[]; end(): SseFrame[] } {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let lastEventId = '';
  // A chunk ending in CR may be the first half of a CRLF: the next chunk's LF is then skipped.
  let skipLeadingLf = false;

  const dispatch = (frames: SseFrame[]) => {
    if (data.length > 0) {
      frames.push({ event: event || 'message', data: data.join('\n'), id: lastEventId });
    }
    event = '';
    data = [];
  };

  const line = (text: string, frames: SseFrame[]) => {
    if (text === '') return dispatch(frames);
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    // A resumable stream numbers its events: the follower asks for the rest after the last.
    else if (field === 'id' && !value.includes('\0')) lastEventId = value;
    // retry means nothing here: a follower chooses its own pace to ask again.
  };

  return {
    push(chunk) {
      const frames: SseFrame[] = [];
      let text = chunk;
      if (skipLeadingLf && text.startsWith('\n')) text = text.slice(1);
      skipLeadingLf = false;
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i += 1) {
        const char = buffer[i];
        if (char !== '\n' && char !== '\r') continue;
        line(buffer.slice(start, i), frames);
        if (char === '\r') {
          if (i + 1 < buffer.length) {
            if (buffer[i + 1] === '\n') i += 1;
          } else {
            skipLeadingLf = true;
          }
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
      return frames;
    },
    end() {
      // The spec drops an unfinished frame at the end of the stream.
      buffer = '';
      event = '';
      data = [];
      return [];
    },
  };
}

/** A stream that went silent for longer than its server's keep-alives allow: presumed dead. */
export class SseStalledError extends Error {
  constructor(idleMs: number) {
    super(`No data for ${idleMs} ms: the connection is presumed dead`);
    this.name = 'SseStalledError';
  }
}

/**
 * The frames of a response body, decoded as UTF-8 (multi-byte characters split across reads).
 * Aborting `signal` cancels the body at once (not every fetch implementation errors a pending
 * read on abort) and rejects with the abort reason. With `idleMs`, a body that delivers nothing
 * (not even the server's keep-alive comment) for that long is cancelled and rejects with
 * SseStalledError: a connection whose other end died without closing it (a network that went
 * away, a proxy left holding it) would otherwise wait for TCP to give up, minutes later.
 */
export async function* readSseFrames(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
  idleMs?: number,
): AsyncGenerator<SseFrame> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = createSseParser();
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const read = (): Promise<ReadableStreamReadResult<Uint8Array>> => {
    if (idleMs === undefined) return reader.read();
    return new Promise((resolve, reject) => {
      timer = setTimeout(() => {
        cancel();
        reject(new SseStalledError(idleMs));
      }, idleMs);
      reader.read().then(resolve, reject);
    }).finally(() => clearTimeout(timer)) as Promise<ReadableStreamReadResult<Uint8Array>>;
  };
  try {
    for (;;) {
      signal?.throwIfAborted();
      const { done, value } = await read();
      signal?.throwIfAborted();
      if (done) break;
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
    yield* parser.push(decoder.decode());
    yield* parser.end();
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
}
