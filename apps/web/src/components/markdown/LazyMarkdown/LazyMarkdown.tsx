import { lazy, Suspense, useDeferredValue, type LazyExoticComponent } from 'react';
import type { MarkdownMessage } from '../MarkdownMessage/MarkdownMessage';
import { loadLanguages, namedLanguages } from '../MarkdownMessage/highlightLanguages';
import * as styles from './LazyMarkdown.css';

// The Markdown stack (react-markdown, remark-gfm, highlight.js) loads with the first message, not
// with the page: the chat and the shared conversation both start without it.
const loadRenderer = () => import('../MarkdownMessage/MarkdownMessage');

const renderers = new Map<string, LazyExoticComponent<typeof MarkdownMessage>>();

/**
 * The renderer, once it and the highlighting languages a message names have loaded: one lazy
 * component per set of languages, so a message waits for its languages as it waits for the
 * renderer, and its code is never shown plain and then coloured.
 */
function rendererFor(languages: readonly string[]) {
  const key = languages.join(',');
  let renderer = renderers.get(key);
  if (!renderer) {
    renderer = lazy(() =>
      Promise.all([loadRenderer(), loadLanguages(languages)]).then(([module]) => ({
        default: module.MarkdownMessage,
      })),
    );
    renderers.set(key, renderer);
  }
  return renderer;
}

/** A message's Markdown; its plain text until the renderer has loaded. */
export function LazyMarkdown({ content }: { content: string }) {
  // A reply that names a new language while it streams keeps what it showed until it has loaded.
  const shown = useDeferredValue(content);
  const Renderer = rendererFor(namedLanguages(shown));
  return (
    <Suspense fallback={<p className={styles.plainText}>{content}</p>}>
      {/* eslint-disable-next-line react-hooks/static-components -- one cached component per set of languages, not a new one per render. */}
      <Renderer content={shown} />
    </Suspense>
  );
}
