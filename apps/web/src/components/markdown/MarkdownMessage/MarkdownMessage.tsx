import {
  Children,
  isValidElement,
  useRef,
  type ComponentPropsWithoutRef,
  type ReactElement,
} from 'react';
import { useTranslation } from 'react-i18next';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { CopyButton } from '../CopyButton/CopyButton';
import * as styles from './MarkdownMessage.css';
import { rehypeHighlightCode } from './rehypeHighlightCode';
import { safeUrl } from './safeUrl';

function languageOf(children: ComponentPropsWithoutRef<'pre'>['children']): string | null {
  const code = Children.toArray(children).find(isValidElement) as
    ReactElement<{ className?: string }> | undefined;
  const match = /language-([\w+#.-]+)/.exec(code?.props.className ?? '');
  return match?.[1] ?? null;
}

function CodeBlock({ children }: ComponentPropsWithoutRef<'pre'>) {
  const { t } = useTranslation('common');
  const pre = useRef<HTMLPreElement>(null);
  const language = languageOf(children);
  return (
    <div className={styles.codeBlock}>
      <div className={styles.codeHeader}>
        <span>{language ?? t('markdown.code')}</span>
        <CopyButton label={t('markdown.copyCode')} text={() => pre.current?.textContent ?? ''} />
      </div>
      <pre ref={pre} className={styles.pre}>
        {children}
      </pre>
    </div>
  );
}

function SafeLink({ href, children }: ComponentPropsWithoutRef<'a'>) {
  // safeUrl emptied a dangerous address: the words stay, the link goes.
  if (!href) return <span>{children}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** Images in replies are not fetched (a reply could point anywhere): their description stays. */
function ImageText({ alt }: ComponentPropsWithoutRef<'img'>) {
  return alt ? <span>[{alt}]</span> : null;
}

const components: Components = { pre: CodeBlock, a: SafeLink, img: ImageText };
const remarkPlugins = [remarkGfm];
const rehypePlugins = [rehypeHighlightCode];

/**
 * A message as Markdown (GFM tables, lists, code with highlighting and a copy button), safely
 * (security.md §1.8): raw HTML is dropped, not rendered (no rehype-raw), URLs pass safeUrl,
 * links open in a new tab without a window.opener, and images are never loaded.
 *
 * Code is highlighted in the languages registered when it renders (highlightLanguages):
 * LazyMarkdown loads those a message names before it renders it.
 */
export function MarkdownMessage({ content }: { content: string }) {
  return (
    <div className={styles.markdown}>
      <Markdown
        skipHtml
        remarkPlugins={remarkPlugins}
        rehypePlugins={rehypePlugins}
        urlTransform={safeUrl}
        components={components}
      >
        {content}
      </Markdown>
    </div>
  );
}
