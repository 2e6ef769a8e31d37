/**
 * How a message reads, wherever it is shown (the chat, a shared conversation): Markdown through
 * the one safe renderer, copy buttons, attached images. MarkdownMessage itself is not exported:
 * it is the heavy part, and LazyMarkdown loads it on first use.
 */
export { CopyButton } from './CopyButton/CopyButton';
export { LazyMarkdown } from './LazyMarkdown/LazyMarkdown';
export { MessageImage, type LoadImage } from './MessageImage/MessageImage';
