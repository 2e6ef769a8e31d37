import type { WriterGenerationInput, WriterTransformInput, WriterVersion } from '@studio/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { streamGeneration, type WriterStreamEvent } from '../api/streamGeneration';
import { streamTransform } from '../api/streamTransform';

/** What is being written: a piece from a template, or a change to the text or a passage of it. */
export type WritingRequest =
  | { kind: 'generate'; request: WriterGenerationInput }
  | { kind: 'transform'; request: WriterTransformInput };

export type WritingState = 'idle' | 'streaming' | 'complete' | 'stopped' | 'failed';

/** How a run ended: the text it left, and the version the server kept (a signed-in user's). */
export interface WritingOutcome {
  state: Exclude<WritingState, 'idle' | 'streaming'>;
  content: string;
  version: WriterVersion | null;
  documentId: string | null;
  modelName: string | null;
  error: unknown;
}

/** The stream's `error` event: the server's words for the user. */
export class WritingStreamError extends Error {
  override readonly name = 'WritingStreamError';
}

export interface Writing {
  state: WritingState;
  error: unknown;
  /** The last request, for "regenerate". */
  last: WritingRequest | null;
  /** Streams `what`, calling `onText` with the whole text as it grows; resolves how it ended. */
  write: (what: WritingRequest, onText: (text: string) => void) => Promise<WritingOutcome | null>;
  stop: () => void;
}

/**
 * The text as it streams: a generation is the whole text; a transform of a passage is the text
 * with the passage's new words in its place (the rest kept as it is), as `done` will give it.
 */
function composer(what: WritingRequest): (streamed: string) => string {
  if (what.kind === 'generate' || !what.request.selection) return (streamed) => streamed;
  const { text, selection } = what.request;
  const before = text.slice(0, selection.start);
  const after = text.slice(selection.end);
  return (streamed) => `${before}${streamed}${after}`;
}

const eventsOf = (what: WritingRequest, signal: AbortSignal): AsyncGenerator<WriterStreamEvent> =>
  what.kind === 'generate'
    ? streamGeneration(what.request, signal)
    : streamTransform(what.request, signal);

/**
 * One generation or transform at a time, streamed into the editor; stop closes the connection
 * (the server keeps what came as a stopped version). Leaving the page stops the one under way.
 */
export function useWriting(): Writing {
  const [state, setState] = useState<WritingState>('idle');
  const [error, setError] = useState<unknown>(null);
  const [last, setLast] = useState<WritingRequest | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const write = useCallback(async (what: WritingRequest, onText: (text: string) => void) => {
    if (controller.current) return null;
    const abort = new AbortController();
    controller.current = abort;
    setState('streaming');
    setError(null);
    setLast(what);
    const compose = composer(what);
    let streamed = '';
    const outcome: WritingOutcome = {
      state: 'failed',
      content: compose(''),
      version: null,
      documentId: null,
      modelName: null,
      error: null,
    };
    try {
      for await (const event of eventsOf(what, abort.signal)) {
        if (event.type === 'start') {
          outcome.documentId = event.data.documentId;
          outcome.modelName = event.data.modelName;
        } else if (event.type === 'delta') {
          streamed += event.data.text;
          outcome.content = compose(streamed);
          onText(outcome.content);
        } else if (event.type === 'done') {
          outcome.state = 'complete';
          outcome.content = event.data.content;
          outcome.version = event.data.version;
          onText(outcome.content);
        } else {
          outcome.content = event.data.content || outcome.content;
          outcome.error = new WritingStreamError(event.data.message);
          onText(outcome.content);
        }
      }
      if (outcome.state !== 'complete' && !outcome.error) {
        outcome.error = new WritingStreamError('');
      }
    } catch (caught) {
      if (abort.signal.aborted) outcome.state = 'stopped';
      else outcome.error = caught;
    } finally {
      controller.current = null;
    }
    setState(outcome.state);
    setError(outcome.error);
    return outcome;
  }, []);

  const stop = useCallback(() => controller.current?.abort(), []);

  return { state, error, last, write, stop };
}
