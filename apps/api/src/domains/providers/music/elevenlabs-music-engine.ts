import type { ModelPlan, MusicSection, ResolvedMusicSettings } from '@studio/contracts';
import {
  MusicError,
  type MusicEngine,
  type MusicGenerateRequest,
  type MusicGenerateResult,
  type MusicModelInfo,
} from './music-engine.ts';
import {
  cloudResult,
  defaultMusicTimeouts,
  MusicCall,
  type MusicTimeouts,
  OpenCalls,
  unsupportedOperation,
} from './music-http.ts';
import { musicPrompt, musicStyleWords, resolveMusicSettings } from './music-prompt.ts';

export const elevenLabsMusicDefaultBaseUrl = 'https://api.elevenlabs.io';
export const elevenLabsMusicModel = 'music_v1';

/** ElevenLabs' limits for `POST /v1/music` (its API reference). */
const lengthMs = { min: 3_000, max: 600_000 } as const;
const sectionMs = { min: 3_000, max: 120_000 } as const;
const maxSections = 30;
const maxLinesPerSection = 30;
const maxLineLength = 200;
/** Raw PCM, so no MP3 decoder is needed: 44.1 kHz 16-bit mono. */
const outputFormat = 'pcm_44100';
const sampleRate = 44_100;

/** The sections a voice sings in; the rest stay instrumental. */
const sungSections: ReadonlySet<MusicSection> = new Set([
  'verse',
  'pre-chorus',
  'chorus',
  'bridge',
]);

export interface ElevenLabsMusicOptions {
  /** Without /v1: https://api.elevenlabs.io. */
  baseUrl: string;
  apiKey: string;
  plan: ModelPlan;
  timeouts?: MusicTimeouts;
  /** The app's own sandbox stand-in answers at this address. */
  sandbox?: boolean;
  fetch?: typeof fetch;
}

const service = 'ElevenLabs';

interface PlanSection {
  section_name: string;
  positive_local_styles: string[];
  negative_local_styles: string[];
  duration_ms: number;
  lines: string[];
}

/** The structure fitted to ElevenLabs' section limits: 3–120 s each, at most 30. */
function fitStructure(
  structure: MusicSection[],
  totalMs: number,
): { name: MusicSection; ms: number }[] {
  let names = structure.slice(
    0,
    Math.max(1, Math.min(maxSections, Math.floor(totalMs / sectionMs.min))),
  );
  // A section longer than ElevenLabs takes is sung twice (a second verse) rather than cut.
  while (totalMs / names.length > sectionMs.max && names.length < maxSections) {
    names = names.flatMap((name) => [name, name]).slice(0, maxSections);
  }
  const weights = names.map((name) => (name === 'intro' || name === 'outro' ? 0.5 : 1));
  const weightTotal = weights.reduce((sum, weight) => sum + weight, 0);
  const raw = weights.map((weight) => (totalMs * weight) / weightTotal);
  // Within limits, then the rounding's remainder on the longest section so the total is exact.
  const ms = raw.map((value) =>
    Math.min(sectionMs.max, Math.max(sectionMs.min, Math.round(value))),
  );
  const difference = totalMs - ms.reduce((sum, value) => sum + value, 0);
  const longest = ms.indexOf(Math.max(...ms));
  ms[longest] = Math.min(sectionMs.max, Math.max(sectionMs.min, (ms[longest] ?? 0) + difference));
  return names.map((name, index) => ({ name, ms: ms[index] ?? sectionMs.min }));
}

/** The lyrics as lines of at most 200 characters, split at spaces. */
function lyricLines(lyrics: string): string[] {
  return lyrics
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .flatMap((line) => {
      const parts: string[] = [];
      let rest = line;
      while (rest.length > maxLineLength) {
        const cut = rest.lastIndexOf(' ', maxLineLength);
        const at = cut > 0 ? cut : maxLineLength;
        parts.push(rest.slice(0, at).trim());
        rest = rest.slice(at).trim();
      }
      if (rest !== '') parts.push(rest);
      return parts;
    });
}

/** The lines shared out in order over the sung sections (all of them if none is sung). */
function shareLines(sections: { name: MusicSection }[], lines: string[]): string[][] {
  const sung = sections
    .map((section, index) => (sungSections.has(section.name) ? index : -1))
    .filter((index) => index >= 0);
  const targets = sung.length > 0 ? sung : sections.map((_, index) => index);
  const shared: string[][] = sections.map(() => []);
  const perSection = Math.min(maxLinesPerSection, Math.ceil(lines.length / targets.length));
  targets.forEach((target, order) => {
    shared[target] = lines.slice(order * perSection, (order + 1) * perSection);
  });
  return shared;
}

/** The bodies a refusal carries: `{detail: {status, data: {prompt_suggestion}}}`. */
function suggestionOf(body: unknown): { refused: boolean; suggestedPrompt: string | null } {
  const detail =
    typeof body === 'object' && body !== null ? (body as { detail?: unknown }).detail : undefined;
  if (typeof detail !== 'object' || detail === null)
    return { refused: false, suggestedPrompt: null };
  const { status, data } = detail as { status?: unknown; data?: unknown };
  if (status !== 'bad_prompt' && status !== 'bad_composition_plan') {
    return { refused: false, suggestedPrompt: null };
  }
  const suggestion =
    typeof data === 'object' && data !== null
      ? (data as { prompt_suggestion?: unknown }).prompt_suggestion
      : undefined;
  // A plan's refusal suggests a plan, not words: the page offers no prompt then.
  return {
    refused: true,
    suggestedPrompt:
      typeof suggestion === 'string' && suggestion.trim() !== '' ? suggestion.trim() : null,
  };
}

/**
 * ElevenLabs' music model (`POST /v1/music`, key in `xi-api-key`): a prompt with
 * `music_length_ms` and `force_instrumental`, or, to sing lyrics, a composition plan whose
 * sections carry the lines (and the settings as its global styles). Asks for raw PCM. A prompt
 * naming artists or copyrighted works is refused with a suggested prompt: a MusicError whose
 * `refusal` carries it.
 */
export function createElevenLabsMusicEngine(options: ElevenLabsMusicOptions): MusicEngine {
  const send = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeouts = options.timeouts ?? defaultMusicTimeouts;
  const calls = new OpenCalls();
  const info: MusicModelInfo = {
    id: `elevenlabs:${elevenLabsMusicModel}`,
    name: 'Eleven Music',
    provider: 'elevenlabs',
    quality: 'cloud-ai',
    capabilities: ['settings', 'lyrics', 'instrumental'],
    maxDurationSeconds: lengthMs.max / 1000,
    plan: options.plan,
    sandbox: options.sandbox ?? false,
  };

  function bodyFor(settings: ResolvedMusicSettings): {
    body: Record<string, unknown>;
    plannedMs: number[] | null;
    settings: ResolvedMusicSettings;
  } {
    const totalMs = settings.durationSeconds * 1000;
    if (settings.lyrics === null) {
      return {
        body: {
          prompt: musicPrompt(settings),
          music_length_ms: totalMs,
          model_id: elevenLabsMusicModel,
          force_instrumental: settings.instrumental,
        },
        plannedMs: null,
        settings,
      };
    }
    const sections = fitStructure(settings.structure, totalMs);
    const lines = shareLines(sections, lyricLines(settings.lyrics));
    const fitted = { ...settings, structure: sections.map((section) => section.name) };
    const plan: {
      positive_global_styles: string[];
      negative_global_styles: string[];
      sections: PlanSection[];
    } = {
      positive_global_styles: [
        ...(settings.prompt ? [settings.prompt] : []),
        ...musicStyleWords(fitted),
      ],
      negative_global_styles: [],
      sections: sections.map((section, index) => ({
        section_name: section.name,
        positive_local_styles: [],
        negative_local_styles: [],
        duration_ms: section.ms,
        lines: lines[index] ?? [],
      })),
    };
    return {
      body: { composition_plan: plan, model_id: elevenLabsMusicModel },
      plannedMs: sections.map((section) => section.ms),
      settings: fitted,
    };
  }

  async function generate(request: MusicGenerateRequest): Promise<MusicGenerateResult> {
    const unsupported = unsupportedOperation(service, info.name, request.from?.operation);
    if (unsupported) throw unsupported;
    if (request.settings.durationSeconds * 1000 > lengthMs.max) {
      throw new MusicError(`${info.name} makes at most ${lengthMs.max / 1000} s in one go.`, {
        model: request.model,
      });
    }
    const resolved = resolveMusicSettings(request.settings, { sings: true });
    const { body, plannedMs, settings } = bodyFor(resolved);
    const call = new MusicCall({
      service,
      model: request.model,
      timeouts,
      signal: request.signal,
      calls,
      fetch: send,
    });
    try {
      request.onProgress('generating', 0);
      const response = await call.send(
        `${base}/v1/music?output_format=${outputFormat}`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/octet-stream',
            'xi-api-key': options.apiKey,
          },
          body: JSON.stringify(body),
        },
        false,
      );
      if (response.status === 400 || response.status === 422) {
        // Read only to find a refusal's suggestion: the body is never logged or shown.
        const refusal = suggestionOf(await call.json(response).catch(() => null));
        if (refusal.refused) throw call.refusal(response.status, refusal.suggestedPrompt);
        throw call.statusError(response);
      }
      if (!response.ok) {
        await call.discard(response);
        throw call.statusError(response);
      }
      const audio = call.pcm(await call.bytes(response), sampleRate, 1);
      request.onProgress('generating', 1);
      return cloudResult(settings, audio, plannedMs);
    } finally {
      call.end();
    }
  }

  return {
    provider: 'elevenlabs',
    models: () => [info],
    generate,
    async close() {
      calls.abortAll();
    },
  };
}
