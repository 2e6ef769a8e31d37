import { Button, Inline, Stack, Text } from '@studio/ui';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportFailure } from '../import/importPlan';
import { useMusicNames } from '../../../lib/media/musicNames';
import type { UseLibraryImport } from '../hooks/useLibraryImport';
import { nameOf, shortName } from './toolLinks';
import * as styles from './library.css';

export interface MovePanelProps {
  move: UseLibraryImport;
  onNotNow: () => void;
  /** Puts focus on the offer's Move button as it shows (the user asked for it back). */
  focusOffer?: boolean;
}

/**
 * A signed-in user's offer to move what they made in this browser as a visitor into their
 * account; then its progress (n of N); then what moved and what did not, with why.
 */
export function MovePanel({ move, onNotNow, focusOffer = false }: MovePanelProps) {
  const { t } = useTranslation('library');
  const { pieceTitle } = useMusicNames();
  const headingId = useId();
  const { state, waiting } = move;
  const moveButton = useRef<HTMLButtonElement>(null);
  const offering = state.phase === 'idle' && waiting.length > 0;
  useEffect(() => {
    if (focusOffer && offering) moveButton.current?.focus();
  }, [focusOffer, offering]);

  const reason = (failure: ImportFailure) => {
    if (failure.kind === 'unanswered') return t('move.reasons.unanswered');
    if (failure.reason) return t(`move.reasons.${failure.reason}`);
    return failure.message ?? t('move.reasons.unknown');
  };

  if (state.phase === 'moving') {
    return (
      <section className={styles.notice} aria-labelledby={headingId} aria-busy="true">
        <Text as="p" weight="semibold" id={headingId}>
          {t('move.movingTitle')}
        </Text>
        <Text as="p" size="sm" role="status">
          {t('move.progress', { done: state.done, total: state.total })}
        </Text>
        <progress className={styles.progress} value={state.done} max={state.total} />
      </section>
    );
  }

  if (state.phase === 'finished') {
    const { moved, failed } = state.outcome;
    const retryable = failed.some(({ failure }) => failure.kind === 'unanswered');
    return (
      <section className={styles.notice} aria-labelledby={headingId}>
        <Text as="p" weight="semibold" id={headingId} role="status">
          {t('move.moved', { count: moved.length })}
        </Text>
        {failed.length > 0 ? (
          <Stack gap="xs">
            <Text as="p" size="sm">
              {t('move.notMoved', { count: failed.length })}
            </Text>
            <ul className={styles.failures}>
              {failed.map(({ item, failure }) => (
                <li key={`${item.kind}:${item.id}`}>
                  <Text as="span" size="sm" weight="semibold">
                    {shortName(nameOf(item, pieceTitle)) || t(`kinds.${item.kind}`)}
                  </Text>
                  <Text as="span" size="sm" tone="secondary">
                    {' — '}
                    {reason(failure)}
                  </Text>
                </li>
              ))}
            </ul>
          </Stack>
        ) : null}
        <Inline gap="sm">
          {retryable ? (
            <Button size="sm" variant="primary" onClick={move.move}>
              {t('move.retry')}
            </Button>
          ) : null}
          <Button size="sm" variant="secondary" onClick={move.close}>
            {t('move.close')}
          </Button>
        </Inline>
      </section>
    );
  }

  if (waiting.length === 0) return null;
  return (
    <section className={styles.notice} aria-labelledby={headingId}>
      <Text as="p" weight="semibold" id={headingId}>
        {t('move.offerTitle', { count: waiting.length })}
      </Text>
      <Text as="p" size="sm" tone="secondary">
        {t('move.offerDescription')}
      </Text>
      <Inline gap="sm">
        <Button ref={moveButton} size="sm" variant="primary" onClick={move.move}>
          {t('move.offerAction', { count: waiting.length })}
        </Button>
        <Button size="sm" variant="ghost" onClick={onNotNow}>
          {t('move.notNow')}
        </Button>
      </Inline>
    </section>
  );
}
