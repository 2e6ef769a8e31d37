import { plainLine } from '@studio/contracts/plainText';
import * as styles from './chat.css';

/** The conversation's title as it reads (a model may write Markdown marks in it). */
export function ChatTitle({ title }: { title: string }) {
  return <h2 className={`${styles.title} ${styles.toolbarTitle}`}>{plainLine(title)}</h2>;
}
