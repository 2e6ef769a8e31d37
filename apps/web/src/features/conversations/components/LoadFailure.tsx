import { Button, Text } from '@studio/ui';
import * as styles from './conversations.css';

export interface LoadFailureProps {
  /** What could not be loaded ("We couldn't load your conversations"). */
  title: string;
  /** Why, in the reader's words (the API error's description). */
  reason: string;
  retryLabel: string;
  onRetry: () => void;
}

/** A list or a dialog that could not load: what failed, why, and a button to try again. */
export function LoadFailure({ title, reason, retryLabel, onRetry }: LoadFailureProps) {
  return (
    <div role="alert" className={styles.loadError}>
      <Text as="p" weight="semibold">
        {title}
      </Text>
      <Text as="p" size="sm" tone="secondary">
        {reason}
      </Text>
      <Button size="sm" variant="secondary" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
