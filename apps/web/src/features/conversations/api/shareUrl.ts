import type { ShareResponse } from '@studio/contracts';
import { paths } from '../../../lib/paths';

/**
 * §7: the link is rebuilt on the client as {origin}/share/{slug}, whatever the server put in
 * shareUrl (behind a proxy it may not know the public origin).
 */
export function shareUrlFor(slug: string, origin: string = window.location.origin): string {
  return `${origin.replace(/\/+$/, '')}${paths.share(slug)}`;
}

/** A share state with its link rebuilt from this origin (§7). */
export function withLocalShareUrl<T extends ShareResponse>(share: T): T {
  return { ...share, shareUrl: share.slug ? shareUrlFor(share.slug) : null };
}
