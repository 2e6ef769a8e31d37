import { PullError } from './pull-error.ts';
import { sha256FromLinkedEtag } from './sha256-file.ts';

export type FetchFunction = typeof globalThis.fetch;

export interface FollowedResponse {
  /** The last response of the chain (not a redirect). */
  response: Response;
  /** The SHA-256 the hub announced on the first response that carried X-Linked-ETag. */
  linkedSha256: string | null;
  /** X-Linked-Size of the same hop: the whole file's size, even for a ranged request. */
  linkedSize: number | null;
  finalUrl: URL;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const maxRedirects = 10;

function hostOf(url: URL): string {
  return url.host;
}

/** What fetch's opaque "fetch failed" means, from its cause (ECONNREFUSED, ENOTFOUND…). */
export function networkReason(error: unknown): string {
  if (error instanceof Error && error.cause instanceof Error) {
    const cause = error.cause as Error & { code?: string };
    return cause.code ? `${cause.code} (${cause.message})` : cause.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * GET with redirects followed by hand (redirect: 'manual'): Hugging Face answers the resolve URL
 * with a redirect to its CDN, and only that first response carries X-Linked-ETag (the file's
 * SHA-256); fetch's own following would hide it. The same headers (Range) go to every hop.
 */
export async function getFollowingRedirects(
  url: string,
  init: { headers: Record<string, string>; signal: AbortSignal; fetch?: FetchFunction },
): Promise<FollowedResponse> {
  const fetchImpl = init.fetch ?? globalThis.fetch;
  let current = new URL(url);
  let linkedSha256: string | null = null;
  let linkedSize: number | null = null;
  for (let hop = 0; hop <= maxRedirects; hop += 1) {
    if (current.protocol !== 'https:' && current.protocol !== 'http:') {
      throw new PullError('http', `Refusing to download from ${current.href}: not http(s).`, true);
    }
    let response: Response;
    try {
      response = await fetchImpl(current, {
        redirect: 'manual',
        headers: init.headers,
        signal: init.signal,
      });
    } catch (error) {
      if (init.signal.aborted) throw error;
      throw new PullError(
        'network',
        `Could not reach ${hostOf(current)}: ${networkReason(error)}. Check the connection and run the command again.`,
        true,
      );
    }
    if (linkedSha256 === null) {
      linkedSha256 = sha256FromLinkedEtag(response.headers.get('x-linked-etag'));
      const size = Number(response.headers.get('x-linked-size'));
      if (linkedSha256 !== null && Number.isSafeInteger(size) && size > 0) linkedSize = size;
    }
    const location = response.headers.get('location');
    if (!redirectStatuses.has(response.status) || location === null) {
      return { response, linkedSha256, linkedSize, finalUrl: current };
    }
    await response.body?.cancel();
    current = new URL(location, current);
  }
  throw new PullError('http', `Too many redirects (more than ${maxRedirects}) from ${url}.`, true);
}
