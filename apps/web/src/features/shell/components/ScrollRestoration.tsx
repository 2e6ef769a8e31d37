import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** Where positions are kept across reloads: the key React Router's own component used. */
const STORAGE_KEY = 'react-router-scroll-positions';

function savedPositions(): Record<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return typeof saved === 'object' && saved !== null ? (saved as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * The entry's key in the kept positions. A document's first entry has no key of its own (React
 * Router calls it 'default' on every page load), so it is told apart by its path: a fresh load of
 * /home must not take the position the reader left / at.
 */
export function positionKey(key: string, pathname: string): string {
  return key === 'default' ? `default:${pathname}` : key;
}

/**
 * Whether this document came back to an entry the reader was on (a reload, Back or Forward),
 * rather than being opened afresh (a link from elsewhere, a typed address), which starts at the top.
 */
function documentReturned(): boolean {
  const [entry] = performance.getEntriesByType?.('navigation') ?? [];
  const type = (entry as PerformanceNavigationTiming | undefined)?.type;
  return type === 'reload' || type === 'back_forward';
}

/** The element a hash names, if any (a hash that does not decode names none). */
function hashTarget(hash: string): HTMLElement | null {
  if (!hash) return null;
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

/**
 * A new page starts at its top, or at the element its hash names; Back, Forward and a reload
 * return to where the reader was on that history entry. This is what React Router's
 * ScrollRestoration does with a data router, for the declarative one: the position of each
 * history entry (by its key) is noted as the reader scrolls, and kept in session storage when
 * the page is left.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const key = positionKey(location.key, location.pathname);
  const { hash } = location;
  const positions = useRef<Record<string, number>>({});
  // The entry being read: a scroll belongs to it, including the one restoring it.
  const current = useRef(key);
  const leftFirstEntry = useRef(false);

  // Before the first restore (layout effects run in order).
  useLayoutEffect(() => {
    positions.current = savedPositions();
    window.history.scrollRestoration = 'manual';
    const note = () => {
      positions.current[current.current] = window.scrollY;
    };
    const keep = () => {
      note();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current));
      } catch {
        // Storage refused (private mode, full): positions last as long as this page.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', note, { passive: true });
    window.addEventListener('pagehide', keep);
    return () => {
      window.removeEventListener('scroll', note);
      window.removeEventListener('pagehide', keep);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    current.current = key;
    const saved = positions.current[key];
    // Until the reader first leaves it, the document's own first entry is restored only when they
    // came back to it; later (Back to that entry inside the app) it is, as every other entry.
    if (location.key !== 'default') leftFirstEntry.current = true;
    const restorable = leftFirstEntry.current || documentReturned();
    if (saved !== undefined && restorable) {
      window.scrollTo(0, saved);
      return;
    }
    const target = hashTarget(hash);
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [key, hash, location.key]);

  return null;
}
