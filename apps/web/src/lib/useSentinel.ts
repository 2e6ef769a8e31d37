import { useEffect, type RefObject } from 'react';

/** How far below the viewport the next page starts loading, so scrolling rarely waits. */
const LOAD_AHEAD = '600px';

/**
 * Calls `onNear` when the sentinel comes within LOAD_AHEAD of the viewport, while `enabled`.
 * `generation` (the number of items shown) observes afresh after each page: a sentinel still in
 * view after a short page asks for the next one. Without IntersectionObserver (jsdom, old
 * browsers) nothing happens, and the "Load more" button does the work.
 */
export function useSentinel(
  sentinel: RefObject<Element | null>,
  onNear: () => void,
  enabled: boolean,
  generation: number,
): void {
  useEffect(() => {
    const target = sentinel.current;
    if (!enabled || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onNear();
      },
      { rootMargin: `0px 0px ${LOAD_AHEAD} 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [sentinel, onNear, enabled, generation]);
}
