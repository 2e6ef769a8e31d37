import {
  startTransition,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useNavigate } from 'react-router-dom';
import { prerenderedElementId } from '../prerender/paths';

/**
 * A deferred part loads as soon as any of it is on the screen. Scrolling towards it has started
 * the load before then (interactions), and the server's drawing of it shows meanwhile.
 */
const onScreen = '0px';

/** What a visitor does that says they are about to go beyond the first screen. */
const interactions = ['scroll', 'wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/** The server's drawing of each deferred part, kept once read (the picture goes at hand-off). */
const drawnParts = new Map<string, string>();

/** The server's drawing of the part named `name`, from the prerendered picture of the page. */
function drawnPart(name: string): string | null {
  const kept = drawnParts.get(name);
  if (kept !== undefined) return kept;
  const part = document
    .getElementById(prerenderedElementId)
    ?.querySelector(`[data-deferred="${CSS.escape(name)}"]`);
  if (!part) return null;
  drawnParts.set(name, part.innerHTML);
  return part.innerHTML;
}

/** Whether it should load at once: nothing to watch with (jsdom), or a link to a part of it. */
const neededAtOnce = () =>
  typeof IntersectionObserver === 'undefined' || globalThis.location.hash !== '';

export interface DeferredProps {
  /** Names the part in the server's picture of the page and in the app (data-deferred). */
  name: string;
  /** A lazy element: its code is fetched when the part is about to be needed. */
  children: ReactNode;
}

/**
 * A part of a page below its first screen whose code loads only when it is about to be seen:
 * when the visitor first scrolls, touches, clicks or types, or when any of it is on the screen. Until then it shows the server's drawing of it (from the prerendered picture,
 * copied before the picture goes): the same text, for readers and screen readers alike, with
 * its links working through the router. A page served without a picture holds its place.
 * The prerenderer draws the part itself (react-dom/static waits for its code).
 */
export function Deferred({ name, children }: DeferredProps) {
  const [needed, setNeeded] = useState(() => import.meta.env.SSR || neededAtOnce());
  const held = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (needed) return;
    const need = () => startTransition(() => setNeeded(true));
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) need();
      },
      { rootMargin: onScreen },
    );
    // The part's box lays out nothing of its own (display: contents): its first child is watched.
    const target = held.current?.firstElementChild ?? held.current;
    if (target) observer.observe(target);
    const options = { once: true, passive: true } as const;
    for (const type of interactions) globalThis.addEventListener(type, need, options);
    return () => {
      observer.disconnect();
      for (const type of interactions) globalThis.removeEventListener(type, need);
    };
  }, [needed]);

  // In a transition, the drawing stays on the screen until the part's code is there.
  return (
    <Suspense fallback={<DrawnPart name={name} />}>
      {needed ? (
        <div data-deferred={name} style={contents}>
          {children}
        </div>
      ) : (
        <DrawnPart name={name} holder={held} />
      )}
    </Suspense>
  );
}

/**
 * The part's box takes no place in the layout: its children are laid out as the page's own (a
 * page's flex gap spaces them as if there were no box around them).
 */
const contents = { display: 'contents' } as const;

interface DrawnPartProps {
  name: string;
  holder?: RefObject<HTMLDivElement | null>;
}

/** The server's drawing of the part, inert apart from its links, which go through the router. */
function DrawnPart({ name, holder }: DrawnPartProps) {
  const own = useRef<HTMLDivElement>(null);
  const element = holder ?? own;
  const navigate = useNavigate();
  const [drawing] = useState(() => (typeof document === 'undefined' ? null : drawnPart(name)));

  useLayoutEffect(() => {
    // Our own server's markup of this very page (render.tsx), never anything a user wrote.
    if (drawing !== null && element.current) element.current.innerHTML = drawing;
  }, [element, drawing]);

  const follow = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest('a[href]');
    if (!(link instanceof HTMLAnchorElement) || link.origin !== globalThis.location.origin) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    void navigate(`${link.pathname}${link.search}${link.hash}`);
  };

  return (
    // The drawing's own links and buttons take the keyboard; this only routes their clicks.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div
      ref={element}
      data-deferred={name}
      onClick={follow}
      // Without a drawing, the part keeps a screen's height so nothing below it jumps up and back.
      style={drawing === null ? { minHeight: '100vh' } : contents}
    />
  );
}
