import { useEffect, useState, type RefObject } from 'react';

/** How far outside the viewport an image starts loading, so it is there when scrolled to. */
const LOAD_AHEAD = '200px';

/**
 * True once the element has come within LOAD_AHEAD of the viewport (and from then on): a long
 * conversation fetches only the images its reader scrolls to. Without IntersectionObserver
 * (old browsers, jsdom) everything counts as near.
 */
export function useNearViewport(element: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const target = element.current;
    if (near || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: LOAD_AHEAD },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, near]);

  return near;
}
