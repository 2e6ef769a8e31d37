import { paths } from '../../../lib/paths';

/**
 * §7: the link is rebuilt on the client as {origin}/share/{slug}, whatever the server put in
 * shareUrl (behind a proxy it may not know the public origin).
 */
export function shareUrlFor(slug: string, origin: string = window.location.origin): string {
  return `${origin.replace(/\/+$/, '')}${paths.share(slug)}`;
}
