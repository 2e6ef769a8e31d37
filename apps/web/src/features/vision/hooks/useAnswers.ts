import type { VisionAnswer, VisionAnswerInput, VisionRead } from '@studio/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { streamAnswer } from '../api/streamAnswer';

/** An answer as the page shows it: a kept one, or the one streaming in. */
export interface ShownAnswer {
  /** The server's id once `start` came; a local one before. */
  id: string;
  task: VisionAnswer['task'];
  question: string | null;
  targetLanguage: VisionAnswer['targetLanguage'];
  text: string;
  state: VisionAnswer['state'] | 'streaming';
  modelId: string | null;
  modelName: string | null;
  /** Why it failed: the stream's `error` words, or the refusal or broken connection. */
  error: unknown;
}

const shown = (answer: VisionAnswer): ShownAnswer => ({ ...answer, error: null });

export interface Answers {
  /** Newest first. */
  answers: ShownAnswer[];
  streaming: boolean;
  ask: (request: VisionAnswerInput) => Promise<void>;
  /** Stops the answer streaming in (closes the connection; the server keeps it as stopped). */
  stop: () => void;
}

/** The `error` event's words, as an Error the page can say. */
export class AnswerStreamError extends Error {
  override readonly name = 'AnswerStreamError';
}

let localIds = 0;

/**
 * A read's answers: those kept with it, then each new one streamed in (POST …/answers), one at a
 * time. Leaving the read (unmounting) stops the one under way.
 */
export function useAnswers(read: Pick<VisionRead, 'id' | 'answers'>): Answers {
  const [answers, setAnswers] = useState<ShownAnswer[]>(() =>
    [...read.answers].reverse().map(shown),
  );
  const controller = useRef<AbortController | null>(null);
  const [streaming, setStreaming] = useState(false);

  useEffect(() => () => controller.current?.abort(), []);

  const ask = useCallback(
    async (request: VisionAnswerInput) => {
      if (controller.current) return;
      const abort = new AbortController();
      controller.current = abort;
      setStreaming(true);
      localIds += 1;
      let id = `local-${localIds}`;
      const change = (update: Partial<ShownAnswer>) =>
        setAnswers((all) => all.map((one) => (one.id === id ? { ...one, ...update } : one)));
      setAnswers((all) => [
        {
          id,
          task: request.task,
          question: request.question ?? null,
          targetLanguage: request.targetLanguage ?? null,
          text: '',
          state: 'streaming',
          modelId: null,
          modelName: null,
          error: null,
        },
        ...all,
      ]);
      let text = '';
      let ended = false;
      try {
        for await (const event of streamAnswer(read.id, request, abort.signal)) {
          if (event.type === 'start') {
            const local = id;
            id = event.data.answerId;
            setAnswers((all) =>
              all.map((one) =>
                one.id === local
                  ? { ...one, id, modelId: event.data.modelId, modelName: event.data.modelName }
                  : one,
              ),
            );
          } else if (event.type === 'delta') {
            text += event.data.text;
            change({ text });
          } else if (event.type === 'done') {
            ended = true;
            change({ ...shown(event.data.answer) });
          } else {
            ended = true;
            change({ state: 'failed', error: new AnswerStreamError(event.data.message) });
          }
        }
        if (!ended) change({ state: 'failed', error: new AnswerStreamError('') });
      } catch (error) {
        change(abort.signal.aborted ? { state: 'stopped' } : { state: 'failed', error });
      } finally {
        controller.current = null;
        setStreaming(false);
      }
    },
    [read.id],
  );

  const stop = useCallback(() => controller.current?.abort(), []);

  return { answers, streaming, ask, stop };
}
