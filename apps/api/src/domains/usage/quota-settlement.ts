import type { QuotaKey } from './quota-counter.ts';
import type { QuotaHoldsRepository } from './quota-holds.repository.ts';

/**
 * The quota units a tool's job holds from its start to its end. The route holds them (taken
 * from the daily quota before the job is queued); whatever ends the job settles them once: the
 * job itself (keeping one unit per result made: an image tool's images), or a cancel that came
 * before it ran.
 */
export function createQuotaSettlement(deps: {
  holds: QuotaHoldsRepository;
  giveBack: (keys: readonly QuotaKey[], units: number) => Promise<void>;
  now: () => Date;
}) {
  return {
    /**
     * Records the units `jobId` holds under each of `keys` (before it is queued, so it can never
     * end first).
     */
    hold: (jobId: string, keys: readonly QuotaKey[], units: number) =>
      deps.holds.insert(jobId, { keys, units }, deps.now()),

    /**
     * Adds units taken since (under the same keys) to the job's hold; when the hold was settled
     * meanwhile they are given back at once and false is returned.
     */
    async add(jobId: string, keys: readonly QuotaKey[], units: number): Promise<boolean> {
      if (units <= 0) return true;
      if (await deps.holds.add(jobId, units)) return true;
      await deps.giveBack(keys, units);
      return false;
    },

    /** Keeps `kept` of the job's units and gives the rest back; a second settle does nothing. */
    async settle(jobId: string, kept: number): Promise<void> {
      const hold = await deps.holds.take(jobId);
      if (hold) await deps.giveBack(hold.keys, Math.max(0, hold.units - kept));
    },
  };
}

export type QuotaSettlement = ReturnType<typeof createQuotaSettlement>;
