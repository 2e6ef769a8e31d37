import type { OfficeAnswer, OfficeAnswerInput, OfficeSource } from '@studio/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { streamOfficeAnswer } from '../api/answers';

/** The answer being written: its sources first, then its text as it arrives. */
export interface StreamingAnswer {
  task: OfficeAnswer['task'];
  question: string | null;
  text: string;
  sources: OfficeSource[];
  modelName: string | null;
}

export interface AnswerStream {
  /** Written now; null when nothing is. */
  streaming: StreamingAnswer | null;
  /** The answers written on this visit (kept ones come from GET …/answers), oldest first. */
  written: OfficeAnswer[];
  /** Why the last one failed (before it started, or the stream's own error). */
  error: unknown;
  ask: (request: OfficeAnswerInput) => Promise<void>;
  /** Closes the connection, which stops the answer; what was written stays, as stopped. */
  stop: () => void;
}

/** The stream's own `error` event: the words the API chose. */
export class AnswerStreamError extends Error {
  override readonly name = 'AnswerStreamError';
}

/**
 * A document's summaries and answers as they are written (POST …/answers, server-sent events):
 * one at a time; leaving the page closes the connection.
 */
export function useAnswerStream(documentId: string): AnswerStream {
  const [streaming, setStreaming] = useState<StreamingAnswer | null>(null);
  const [written, setWritten] = useState<OfficeAnswer[]>([]);
  const [error, setError] = useState<unknown>(null);
  const controller = useRef<AbortController | null>(null);
  const current = useRef<StreamingAnswer | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const show = (next: StreamingAnswer | null) => {
    current.current = next;
    setStreaming(next);
  };

  const ask = useCallback(
    async (request: OfficeAnswerInput) => {
      if (controller.current) return;
      const abort = new AbortController();
      controller.current = abort;
      setError(null);
      show({
        task: request.task,
        question: request.question ?? null,
        text: '',
        sources: [],
        modelName: null,
      });
      try {
        for await (const event of streamOfficeAnswer(documentId, request, abort.signal)) {
          const answer = current.current;
          if (!answer) break;
          if (event.type === 'start') {
            show({ ...answer, sources: event.data.sources, modelName: event.data.modelName });
          } else if (event.type === 'delta') {
            show({ ...answer, text: answer.text + event.data.text });
          } else if (event.type === 'done') {
            setWritten((answers) => [...answers, event.data.answer]);
            show(null);
          } else {
            throw new AnswerStreamError(event.data.message);
          }
        }
      } catch (failure) {
        const answer = current.current;
        if (abort.signal.aborted && answer) {
          // Stopped: what was written is kept as it is on the server, marked stopped.
          setWritten((answers) => [...answers, stoppedAnswer(answer)]);
        } else {
          setError(failure);
        }
      } finally {
        controller.current = null;
        show(null);
      }
    },
    [documentId],
  );

  const stop = useCallback(() => controller.current?.abort(), []);

  return { streaming, written, error, ask, stop };
}

function stoppedAnswer(answer: StreamingAnswer): OfficeAnswer {
  return {
    id: `stopped-${Date.now()}`,
    task: answer.task,
    question: answer.question,
    text: answer.text,
    sources: answer.sources,
    state: 'stopped',
    modelId: '',
    modelName: answer.modelName ?? '',
    createdAt: new Date().toISOString(),
  };
}
