/** One entitlement grant as the timeline needs it. */
export interface TimelineGrant {
  grantedAt: Date;
  proMonths: number;
  godmodeMonths: number;
  revokedAt: Date | null;
}

export interface EntitlementEnds {
  proUntil: Date | null;
  godmodeUntil: Date | null;
}

function daysInUtcMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/**
 * Calendar months in UTC, clamping the day of the month: 31 Jan + 1 month = 28/29 Feb, not 2/3
 * March (a month bought on the 31st must not eat into the next one).
 */
export function addUtcMonths(from: Date, months: number): Date {
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const targetYear = year + Math.floor(month / 12);
  const targetMonth = ((month % 12) + 12) % 12;
  const day = Math.min(from.getUTCDate(), daysInUtcMonth(targetYear, targetMonth));
  return new Date(
    Date.UTC(
      targetYear,
      targetMonth,
      day,
      from.getUTCHours(),
      from.getUTCMinutes(),
      from.getUTCSeconds(),
      from.getUTCMilliseconds(),
    ),
  );
}

/** Extends an end date by `months` from max(start, current end); 0 months changes nothing. */
function extend(current: Date | null, start: Date, months: number): Date | null {
  if (months <= 0) return current;
  const from = current !== null && current > start ? current : start;
  return addUtcMonths(from, months);
}

/**
 * When Pro and GodMode end, from the grants alone (pure: the users table only caches this).
 * Live grants are chained in the order they were granted, each extending from the later of its
 * own start and the current end, so a renewal bought early stacks instead of overlapping. A
 * revoked grant (refund, reversal) drops out and the later ones re-chain over its time: that is
 * how a refund shortens or ends the entitlement. `now` is accepted for symmetry with the callers
 * and does not change the result: ends in the past are still reported (the membership history).
 */
export function entitlementTimeline(
  grants: readonly TimelineGrant[],
  _now?: Date,
): EntitlementEnds {
  const live = grants
    .filter((grant) => grant.revokedAt === null)
    .toSorted((a, b) => a.grantedAt.getTime() - b.grantedAt.getTime());
  let proUntil: Date | null = null;
  let godmodeUntil: Date | null = null;
  for (const grant of live) {
    proUntil = extend(proUntil, grant.grantedAt, grant.proMonths);
    godmodeUntil = extend(godmodeUntil, grant.grantedAt, grant.godmodeMonths);
  }
  return { proUntil, godmodeUntil };
}
