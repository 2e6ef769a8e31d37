import type {
  SpokenSentencePart,
  TranscriptionLanguage,
  TranscriptionResponse,
} from '@studio/contracts';
import type { AudioQueue } from '../../../../lib/audio/audioQueue';
import { base64Bytes } from '../../../../lib/audio/base64';
import { captureSampleRate, type Microphone } from '../../../../lib/audio/capture/microphone';
import { createVoiceActivity } from '../../../../lib/audio/capture/voiceActivity';
import { encodeWav } from '../../../../lib/audio/capture/wav';

/**
 * Conversation mode's loop, hands-free: listen (voice activity in the browser) → transcribe →
 * send → the reply is spoken sentence by sentence as it streams → listen again. Speaking over the
 * reply (barge-in) silences it and stops the rest of it; the new words are the next turn.
 */

export type ConversationPhase =
  | 'starting'
  /** Waiting for the user to speak. */
  | 'listening'
  /** The user is speaking. */
  | 'hearing'
  | 'transcribing'
  /** The words were sent; the reply has not started speaking yet. */
  | 'thinking'
  | 'speaking'
  | 'muted'
  | 'ended';

export interface ConversationSnapshot {
  phase: ConversationPhase;
  /** What the user said last (the caption of their side). */
  heard: string | null;
  /** The sentence of the reply being spoken (the caption of the assistant's side). */
  saying: string | null;
  /** Something went wrong in the last turn (the loop goes on listening). */
  problem: 'silent' | 'transcription' | 'send' | null;
  /** The input level (0–1), for the listening indicator. */
  level: number;
}

export interface ConversationDeps {
  openMicrophone: (onSamples: (samples: Float32Array) => void) => Promise<Microphone>;
  transcribe: (
    wav: Blob,
    language: TranscriptionLanguage,
    signal: AbortSignal,
  ) => Promise<TranscriptionResponse>;
  /** Sends the words as the user's message, asking for a spoken reply. */
  send: (text: string) => Promise<void>;
  /** Stops the reply being written (barge-in). */
  stopReply: () => void;
  createQueue: () => AudioQueue;
  language: () => TranscriptionLanguage;
  onChange: (snapshot: ConversationSnapshot) => void;
}

export interface ConversationLoop {
  start(): Promise<void>;
  end(): void;
  setMuted(muted: boolean): void;
  /** The reply's spoken sentences so far (all of them each time; repeats are ignored). */
  replyParts(parts: readonly SpokenSentencePart[]): void;
  /** The reply is complete: `count` sentences in all (0 when it was not spoken). */
  replyEnded(count: number): void;
  snapshot(): ConversationSnapshot;
}

/** A turn ends after this much quiet; a reply is interrupted by this much speech over it. */
const endOfTurnMs = 900;
const bargeInMs = 350;
/** Kept from before speech was detected, so the first syllable is not cut. */
const preRollMs = 400;
const preRollSamples = (captureSampleRate * preRollMs) / 1000;

export function createConversationLoop(deps: ConversationDeps): ConversationLoop {
  let snapshot: ConversationSnapshot = {
    phase: 'starting',
    heard: null,
    saying: null,
    problem: null,
    level: 0,
  };
  let microphone: Microphone | null = null;
  let muted = false;
  let turn = createVoiceActivity({
    sampleRate: captureSampleRate,
    silenceMs: endOfTurnMs,
    minSpeechMs: 200,
  });
  // Over the reply's own voice (what echo cancellation leaves of it) speech must be clearer.
  let overReply = createVoiceActivity({
    sampleRate: captureSampleRate,
    silenceMs: endOfTurnMs,
    minSpeechMs: bargeInMs,
    sensitivity: 6,
    minLevel: 0.03,
  });
  const preRoll: Float32Array[] = [];
  let preRollLength = 0;
  let utterance: Float32Array[] = [];
  let queue: AudioQueue | null = null;
  let unsubscribe: (() => void) | null = null;
  let request: AbortController | null = null;
  let lastLevelAt = 0;
  /** The reply's sentences so far, for the caption of the one being heard. */
  let sentences: readonly SpokenSentencePart[] = [];

  function set(change: Partial<ConversationSnapshot>): void {
    snapshot = { ...snapshot, ...change };
    deps.onChange(snapshot);
  }

  function resetVoice(): void {
    turn = createVoiceActivity({
      sampleRate: captureSampleRate,
      silenceMs: endOfTurnMs,
      minSpeechMs: 200,
    });
    overReply = createVoiceActivity({
      sampleRate: captureSampleRate,
      silenceMs: endOfTurnMs,
      minSpeechMs: bargeInMs,
      sensitivity: 6,
      minLevel: 0.03,
    });
  }

  function listen(): void {
    if (snapshot.phase === 'ended') return;
    resetVoice();
    utterance = [];
    set({ phase: muted ? 'muted' : 'listening', saying: null });
  }

  function silenceReply(): void {
    unsubscribe?.();
    unsubscribe = null;
    queue?.close();
    queue = null;
  }

  /** The user spoke over the reply: its voice and the rest of it stop; their words are next. */
  function bargeIn(): void {
    silenceReply();
    deps.stopReply();
    request?.abort();
    request = null;
    resetVoice();
    // The turn detector hears what was just said over the reply, so it knows the user is speaking.
    for (const chunk of preRoll) turn.push(chunk);
    beginUtterance();
  }

  function beginUtterance(): void {
    utterance = [...preRoll];
    set({ phase: 'hearing', problem: null });
  }

  async function finishUtterance(): Promise<void> {
    const length = utterance.reduce((sum, chunk) => sum + chunk.length, 0);
    const samples = new Float32Array(length);
    let offset = 0;
    for (const chunk of utterance) {
      samples.set(chunk, offset);
      offset += chunk.length;
    }
    utterance = [];
    set({ phase: 'transcribing' });
    const controller = new AbortController();
    request = controller;
    let heard: string;
    try {
      heard = (
        await deps.transcribe(
          encodeWav(samples, captureSampleRate),
          deps.language(),
          controller.signal,
        )
      ).text.trim();
    } catch {
      if (controller.signal.aborted) return;
      request = null;
      set({ problem: 'transcription' });
      listen();
      return;
    }
    if (controller.signal.aborted) return;
    request = null;
    if (!heard) {
      set({ problem: 'silent' });
      listen();
      return;
    }
    set({ phase: 'thinking', heard, saying: null });
    queue = deps.createQueue();
    const current = queue;
    sentences = [];
    unsubscribe = queue.subscribe(() => {
      const state = current.snapshot();
      const saying = sentences.find((part) => part.index === state.current)?.text ?? null;
      if (
        state.state === 'playing' &&
        (snapshot.phase !== 'speaking' || saying !== snapshot.saying)
      ) {
        set({ phase: 'speaking', saying });
      }
      if (state.state === 'ended' || state.state === 'failed') {
        silenceReply();
        listen();
      }
    });
    void queue.play();
    try {
      await deps.send(heard);
    } catch {
      if (queue === current) {
        silenceReply();
        set({ problem: 'send' });
        listen();
      }
    }
  }

  function onSamples(samples: Float32Array): void {
    if (snapshot.phase === 'ended') return;
    preRoll.push(samples);
    preRollLength += samples.length;
    while (preRoll.length > 1 && preRollLength - (preRoll[0]?.length ?? 0) >= preRollSamples) {
      preRollLength -= preRoll.shift()?.length ?? 0;
    }
    if (muted) return;
    const phase = snapshot.phase;
    if (phase === 'speaking' || phase === 'thinking') {
      if (overReply.push(samples) === 'speech-start') bargeIn();
      return;
    }
    if (phase === 'transcribing') return;
    const event = turn.push(samples);
    const now = performance.now();
    if (now - lastLevelAt > 100) {
      lastLevelAt = now;
      set({ level: turn.level() });
    }
    if (phase === 'listening' && event === 'speech-start') {
      beginUtterance();
      return;
    }
    if (snapshot.phase === 'hearing') {
      utterance.push(samples);
      if (event === 'speech-end') void finishUtterance();
    }
  }

  return {
    async start() {
      const opened = await deps.openMicrophone(onSamples);
      // Ended while the microphone was opening (End during "Starting the microphone…" or the
      // browser's permission prompt, or StrictMode's second mount): close it at once rather than
      // leave it recording with no call to stop it.
      if (snapshot.phase === 'ended') {
        opened.stop();
        return;
      }
      microphone = opened;
      listen();
    },
    end() {
      silenceReply();
      request?.abort();
      microphone?.stop();
      microphone = null;
      set({ phase: 'ended', level: 0 });
    },
    setMuted(next) {
      muted = next;
      if (
        snapshot.phase === 'listening' ||
        snapshot.phase === 'muted' ||
        snapshot.phase === 'hearing'
      ) {
        listen();
      }
    },
    replyParts(parts) {
      if (!queue) return;
      sentences = parts;
      for (const part of parts) queue.push(part.index, base64Bytes(part.data).buffer);
    },
    replyEnded(count) {
      if (!queue) return;
      queue.end(count);
      // A reply with no voice (speech failed) goes straight back to listening.
      if (count === 0) {
        silenceReply();
        listen();
      }
    },
    snapshot: () => snapshot,
  };
}
