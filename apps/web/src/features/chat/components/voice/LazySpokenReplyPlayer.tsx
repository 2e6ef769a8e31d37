import { lazy, Suspense } from 'react';
import type { SpokenReplyPlayerProps } from './SpokenReplyPlayer';
import * as styles from './voice.css';

// A spoken reply comes only after someone turns spoken replies on and sends: the player's code
// (and its icons) loads with the first one rather than with every visitor's first screen.
const Player = lazy(() =>
  import('./SpokenReplyPlayer').then((module) => ({ default: module.SpokenReplyPlayer })),
);

/** The spoken reply player, loaded when the first spoken reply arrives; its box held till then. */
export function LazySpokenReplyPlayer(props: SpokenReplyPlayerProps) {
  return (
    <Suspense fallback={<div className={styles.player} aria-hidden="true" />}>
      <Player {...props} />
    </Suspense>
  );
}
