import { lazy, Suspense } from 'react';
import * as styles from './LazyMarkdown.css';

// The Markdown stack (react-markdown, remark-gfm, rehype-highlight) loads with the first message,
// not with the page: the chat and the shared conversation both start without it.
const MarkdownMessage = lazy(() =>
  import('../MarkdownMessage/MarkdownMessage').then((module) => ({
    default: module.MarkdownMessage,
  })),
);

/** A message's Markdown; its plain text until the renderer has loaded. */
export function LazyMarkdown({ content }: { content: string }) {
  return (
    <Suspense fallback={<p className={styles.plainText}>{content}</p>}>
      <MarkdownMessage content={content} />
    </Suspense>
  );
}
