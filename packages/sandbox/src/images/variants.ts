import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PictureSpec } from './picture.ts';
import { type PromptFacts } from './prompt.ts';
import { Aborted } from './wire.ts';

/**
 * What both wire formats share once a request is understood: the magic words' misbehaviour,
 * the seed, and one picture per variant.
 */

export interface VariantsRequest {
  facts: PromptFacts;
  negativePrompt: string | null;
  style: string | null;
  count: number;
  /** The client's seed, or null: then one is picked at random, as real providers do. */
  seed: number | null;
  width: number;
  height: number;
}

export type Produced =
  { outcome: 'fail' } | { outcome: 'refuse' } | { outcome: 'images'; images: Buffer[] };

/** The largest random seed: any unsigned 31-bit number, which every provider accepts. */
const randomSeedLimit = 2 ** 31;

export async function produceVariants(
  request: VariantsRequest,
  slowMs: number,
  signal: AbortSignal,
  draw: (spec: PictureSpec) => Promise<Buffer>,
): Promise<Produced> {
  if (request.facts.slow) {
    try {
      await sleep(slowMs, undefined, { signal });
    } catch {
      throw new Aborted();
    }
  }
  if (request.facts.fail) return { outcome: 'fail' };
  if (request.facts.refuse) return { outcome: 'refuse' };
  const count = request.facts.short ? request.count - 1 : request.count;
  const seed = request.seed ?? randomInt(randomSeedLimit);
  const images: Buffer[] = [];
  for (let index = 0; index < count; index += 1) {
    if (signal.aborted) throw new Aborted();
    images.push(
      await draw({
        prompt: request.facts.text,
        negativePrompt: request.negativePrompt,
        style: request.style,
        seed,
        index,
        width: request.width,
        height: request.height,
      }),
    );
  }
  if (signal.aborted) throw new Aborted();
  return { outcome: 'images', images };
}
