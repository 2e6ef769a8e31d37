import { useLayoutEffect, useRef, type ReactNode } from 'react';
import * as styles from './firstScreen.css';

/** Marks the block, for the prerendered page's own measure (prerender/layout.js). */
export const firstScreenBlockAttribute = 'data-first-screen-block';

export interface FirstScreenProps {
  children: ReactNode;
}

/**
 * A block that reaches down to the bottom of the first screen (the viewport with the page at its
 * top), whatever sits above it: the sandbox notice, the header, a title that wraps differently in
 * each language. The chat lives in one, so its composer is at the bottom of the first screen and
 * its messages scroll inside it, on a phone and a laptop alike.
 *
 * CSS cannot say how far down the page a block starts, so its top is measured before paint and
 * again whenever the page's size changes (a notice unfolds, a font arrives, the window narrows);
 * the height itself stays CSS (100dvh), so a phone's toolbar coming and going needs no script.
 */
export function FirstScreen({ children }: FirstScreenProps) {
  const block = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = block.current;
    if (!element) return;
    const measure = () => {
      const top = Math.max(0, Math.round(element.getBoundingClientRect().top + window.scrollY));
      element.style.setProperty(styles.topProperty, `${top}px`);
    };
    measure();
    // jsdom has no ResizeObserver: the first measure is all a test page gets.
    if (typeof ResizeObserver === 'undefined') return;
    // The block's own height follows from its top, not the other way round: no loop.
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={block} className={styles.firstScreen} {...{ [firstScreenBlockAttribute]: '' }}>
      {children}
    </div>
  );
}
