import type { WriterVersion } from '@studio/contracts';
import { Heading, Stack } from '@studio/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { wordDiff } from '../model/wordDiff';
import * as styles from './writer.css';

export interface VersionCompareProps {
  older: WriterVersion;
  newer: WriterVersion;
}

/** Two versions side by side: the older with what went struck out, the newer with what came. */
export function VersionCompare({ older, newer }: VersionCompareProps) {
  const { t } = useTranslation('writer');
  const parts = useMemo(() => wordDiff(older.content, newer.content), [older, newer]);
  const side = (shown: 'removed' | 'added', version: WriterVersion) => (
    <Stack gap="xs">
      <Heading level={4} as="h4">
        {t('versions.numbered', { number: version.number })}
      </Heading>
      <div className={styles.versionText}>
        {parts.map((part, index) =>
          part.kind === 'same' ? (
            <span key={index}>{part.text}</span>
          ) : part.kind === shown ? (
            shown === 'removed' ? (
              <del key={index} className={styles.removed}>
                {part.text}
              </del>
            ) : (
              <ins key={index} className={styles.added}>
                {part.text}
              </ins>
            )
          ) : null,
        )}
      </div>
    </Stack>
  );
  return (
    <div
      className={styles.sideBySide}
      role="group"
      aria-label={t('versions.comparing', { older: older.number, newer: newer.number })}
    >
      {side('removed', older)}
      {side('added', newer)}
    </div>
  );
}
