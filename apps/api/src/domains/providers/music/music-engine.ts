import type {
  MusicInstrument,
  MusicJobStage,
  MusicModel,
  MusicOperation,
  MusicPieceSection,
  MusicProvider,
  MusicSettings,
  ResolvedMusicSettings,
} from '@studio/contracts';
import type { ProviderFailure } from '../provider-failure.ts';
import type { PcmAudio } from '../speech/wav.ts';

/**
 * The music adapter's interface: the offline composer (composer-engine.ts: MIDI rendered with a
 * General MIDI sound font) and each provider's AI music model (ElevenLabs, Stable Audio, a fal
 * queue) take the same request and answer the same way, or fail with a MusicError. The registry
 * (music-registry.ts) is one too: it makes music through all of them, by the model's provider.
 */

/** A model as an engine lists it; the catalogue adds whether the caller's plan reaches it. */
export type MusicModelInfo = Omit<MusicModel, 'allowed'>;

/** The piece a new one starts from (extend, rewrite a section, vary). */
export interface MusicSource {
  settings: ResolvedMusicSettings;
  durationMs: number;
  sections: MusicPieceSection[];
  /**
   * What the engine kept of how it made the piece (the composer's arrangement, as JSON), to
   * continue it or rewrite a section exactly; null when the engine keeps none.
   */
  composition: unknown;
  /** The piece's own audio (the mix), for an engine that continues audio. */
  audio: () => Promise<PcmAudio>;
}

export interface MusicGenerateRequest {
  /** The model's own name (the part of its id after `<provider>:`). */
  model: string;
  /** As asked; the engine resolves what was left open and says so in its result. */
  settings: MusicSettings;
  from: {
    operation: MusicOperation;
    source: MusicSource;
    /** extend: how many seconds to add. */
    seconds?: number;
    /** section: which of the source's sections to write again. */
    sectionIndex?: number;
  } | null;
  signal: AbortSignal;
  /** Where the work is, for the job's progress (`fraction` 0–1 of that stage). */
  onProgress: (stage: MusicJobStage, fraction: number) => void;
}

export interface MusicGenerateResult {
  /** Every choice made: reusing these (with the seed) gives the same piece on this engine. */
  settings: ResolvedMusicSettings;
  /** The mix, 16-bit PCM (stereo 44.1 kHz for the composer; a provider's own rate otherwise). */
  audio: PcmAudio;
  /** Each instrument alone, same length and rate as the mix; empty when the engine has none. */
  stems: { instrument: MusicInstrument; audio: PcmAudio }[];
  /** A Standard MIDI File (type 1), when the engine writes one. */
  midi: Uint8Array | null;
  sections: MusicPieceSection[];
  /** JSON-serialisable; handed back as MusicSource.composition to extend or rewrite later. */
  composition: unknown;
}

/** One way of making music, which can be shut. */
export interface MusicEngine {
  readonly provider: MusicProvider;
  models(): MusicModelInfo[];
  /** Rejects with MusicError (a clear message, its kind) when it fails, times out or is refused. */
  generate(request: MusicGenerateRequest): Promise<MusicGenerateResult>;
  close?(): Promise<void>;
}

/** Why a music call failed: the job turns it into its users' words (musicJobFailureTexts). */
export class MusicError extends Error {
  readonly failure: ProviderFailure;
  /** The engine's model, for the log. */
  model: string | null;
  /**
   * A provider's refusal (copyrighted prompt) and the prompt it suggests instead, when it gives
   * one: the only provider words the user sees, as data.
   */
  readonly refusal: { suggestedPrompt: string | null } | null;

  constructor(
    message: string,
    options?: ErrorOptions & {
      failure?: ProviderFailure;
      model?: string;
      refusal?: { suggestedPrompt: string | null };
    },
  ) {
    super(message, options);
    this.name = 'MusicError';
    this.failure = options?.failure ?? { kind: 'engine', status: null, retryAfterSeconds: null };
    this.model = options?.model ?? null;
    this.refusal = options?.refusal ?? null;
  }
}
