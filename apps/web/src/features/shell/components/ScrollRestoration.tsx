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
  const { key, hash } = useLocation();
  const positions = useRef<Record<string, number>>({});
  // The entry being read: a scroll belongs to it, including the one restoring it.
  const current = useRef(key);

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
    if (saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const target = hashTarget(hash);
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [key, hash]);

  return null;
}
