/**
 * A component's usage notes, written in its stories' meta (`parameters.usage`) so they sit next to
 * the examples they describe. The docs page (DocsPage.tsx) shows them above the props table; the
 * usage test keeps every public component's notes present and complete.
 *
 * The texts are Markdown (inline code, links to other components' docs).
 */
export interface ComponentUsage {
  /** When to reach for the component, and what it is for, in a sentence or two. */
  readonly use: string;
  /** What a page using it well does. */
  readonly do: readonly string[];
  /** The mistakes reviewers see, each with what to use instead. */
  readonly dont: readonly string[];
}

export function isComponentUsage(value: unknown): value is ComponentUsage {
  if (typeof value !== 'object' || value === null) return false;
  const usage = value as Record<string, unknown>;
  const sentences = (list: unknown) =>
    Array.isArray(list) &&
    list.length > 0 &&
    list.every((item) => typeof item === 'string' && item.trim().length > 0);
  return (
    typeof usage['use'] === 'string' &&
    usage['use'].trim().length > 0 &&
    sentences(usage['do']) &&
    sentences(usage['dont'])
  );
}
