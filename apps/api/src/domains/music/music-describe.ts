import {
  MUSIC_DURATION_MAX_SECONDS,
  MUSIC_DURATION_MIN_SECONDS,
  type MusicDescribeResponse,
  musicGenres,
  musicInstruments,
  musicMoods,
  musicModes,
  musicSettings,
  musicTonics,
} from '@studio/contracts';
import { generateText, type LanguageModel, NoObjectGeneratedError, Output } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Caller } from '../callers/caller.ts';
import { callerPlan } from '../callers/caller.ts';
import type { ModelRegistry } from '../models/model-registry.ts';
import { describeProviderFailure, logProviderFailure } from '../providers/index.ts';
import { readMusicKeywords } from './music-keywords.ts';

/**
 * POST /api/music/describe: words about a piece turned into the composer's settings by the
 * chat's model (its default for the caller's plan), as structured output checked against the
 * settings' own schema; when there is no model, it fails, it is slow, or its answer does not fit
 * (a model that answers in prose), or it is the sandbox model, the keyword reader reads the words
 * instead (`source: rules`). Nothing of the words is logged.
 */

const shape = musicSettings.shape;

/**
 * What the model is asked to fill: the settings' own fields (their types and limits from
 * musicSettings), each present and nullable, as strict structured output wants.
 */
export const describedSettings = z.object({
  prompt: shape.prompt.unwrap(),
  instrumental: shape.instrumental.unwrap(),
  genre: shape.genre.unwrap(),
  mood: shape.mood.unwrap(),
  tempo: shape.tempo.unwrap(),
  key: shape.key.unwrap(),
  durationSeconds: shape.durationSeconds.unwrap().nullable(),
  instruments: shape.instruments.unwrap(),
});

export const describeSystemPrompt = [
  'You turn a description of a piece of music into settings for a composer.',
  `genre: one of ${musicGenres.join(', ')}.`,
  `mood: one of ${musicMoods.join(', ')}, or null.`,
  'tempo: beats per minute (50 to 200), or null when not implied.',
  `key: { tonic: one of ${musicTonics.join(', ')}, mode: ${musicModes.join(' or ')} }, or null.`,
  `durationSeconds: the length asked for in seconds (${MUSIC_DURATION_MIN_SECONDS} to ${MUSIC_DURATION_MAX_SECONDS}), or null.`,
  `instruments: up to 6 of ${musicInstruments.join(', ')}; empty when none are named.`,
  'instrumental: false only when singing is asked for.',
  'prompt: the description as a short English phrase of style and feeling.',
  'The description may be in English or Vietnamese. Answer with the JSON object only.',
].join('\n');

const describeTimeoutMs = 20_000;

export function createMusicDescriber(deps: {
  /** The chat's models (read at each call: tests hand in their own). */
  models: () => Pick<ModelRegistry, 'defaultModelId' | 'languageModel' | 'get'>;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  /** The model's settings, or null when it gave none that fit. */
  async function ask(
    model: LanguageModel,
    modelId: string,
    text: string,
    signal: AbortSignal,
  ): Promise<MusicDescribeResponse['settings'] | null> {
    const timeout = AbortSignal.timeout(describeTimeoutMs);
    try {
      const result = await generateText({
        model,
        system: describeSystemPrompt,
        prompt: text,
        output: Output.object({ schema: describedSettings }),
        maxRetries: 0,
        maxOutputTokens: 400,
        abortSignal: AbortSignal.any([signal, timeout]),
      });
      const answer = result.output;
      const settings = musicSettings.safeParse({
        ...answer,
        prompt: answer.prompt.trim() || text,
        durationSeconds: answer.durationSeconds ?? undefined,
      });
      return settings.success ? settings.data : null;
    } catch (error) {
      // Prose instead of JSON or JSON that does not fit is an
      // answer, not a failed call: noted for debugging only. Either way the rules read the words.
      if (NoObjectGeneratedError.isInstance(error)) {
        deps.log.debug({ event: 'music_describe_unstructured', model: modelId }, 'no settings');
        return null;
      }
      logProviderFailure(deps.log, {
        tool: 'music-describe',
        model: modelId,
        failure: describeProviderFailure(error, timeout.aborted ? 'total' : null, deps.now()),
      });
      return null;
    }
  }

  return {
    async describe(
      caller: Caller,
      text: string,
      signal: AbortSignal,
    ): Promise<MusicDescribeResponse> {
      const registry = deps.models();
      const modelId = registry.defaultModelId(callerPlan(caller, deps.now()));
      const rules = readMusicKeywords(text);
      // The sandbox fills a schema from the words' surface (it has no understanding): the
      // keyword reader reads them better, and says so, rather than pass it off as a model's.
      if (modelId && registry.get(modelId)?.provider !== 'sandbox') {
        const settings = await ask(registry.languageModel(modelId), modelId, text, signal);
        if (settings) {
          // What the words name outright and the model left open, the keyword reader fills in.
          return {
            settings: {
              ...settings,
              mood: settings.mood ?? rules.mood,
              tempo: settings.tempo ?? rules.tempo,
              key: settings.key ?? rules.key,
              instruments:
                settings.instruments.length > 0 ? settings.instruments : rules.instruments,
            },
            source: 'model',
          };
        }
      }
      return { settings: rules, source: 'rules' };
    },
  };
}

export type MusicDescriber = ReturnType<typeof createMusicDescriber>;
