import type { WriterVersion } from '@studio/contracts';
import { Badge, Button, formatMoment, Heading, Inline, Select, Stack, Text } from '@studio/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VersionCompare } from './VersionCompare';
import * as styles from './writer.css';

export interface VersionsPanelProps {
  /** Newest first. */
  versions: readonly WriterVersion[];
  currentNumber: number | null;
  busy: boolean;
  onRestore: (version: WriterVersion) => void;
}

/** What made a version: the template, the transform, the user's edit, or a restore. */
function useVersionLabel() {
  const { t } = useTranslation('writer');
  return (version: WriterVersion) =>
    version.kind === 'generate' && version.template
      ? t('versions.generated', { template: t(`templates.${version.template}.name`) })
      : version.kind === 'transform' && version.transform
        ? t('versions.transformed', { transform: t(`transforms.${version.transform}`) })
        : version.kind === 'restore' && version.restoredFrom
          ? t('versions.restored', { number: version.restoredFrom })
          : t('versions.edited');
}

/** Every version of the document: compare two side by side, restore one. */
export function VersionsPanel({ versions, currentNumber, busy, onRestore }: VersionsPanelProps) {
  const { t, i18n } = useTranslation('writer');
  const label = useVersionLabel();
  const [older, setOlder] = useState<number | null>(null);
  const [newer, setNewer] = useState<number | null>(null);
  const [comparing, setComparing] = useState(false);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const byNumber = (number: number | null) => versions.find((one) => one.number === number);
  const olderVersion = byNumber(older ?? versions[1]?.number ?? null);
  const newerVersion = byNumber(newer ?? versions[0]?.number ?? null);
  const options = versions.map((version) => ({
    value: String(version.number),
    label: t('versions.option', { number: version.number, what: label(version) }),
  }));

  return (
    <section aria-labelledby="writer-versions-title" className={styles.panel}>
      <Stack gap="md">
        <Heading level={4} as="h2" id="writer-versions-title">
          {t('versions.title')}
        </Heading>
        {versions.length === 0 ? (
          <Text as="p" size="sm" tone="secondary">
            {t('versions.none')}
          </Text>
        ) : (
          <ol className={styles.list} aria-label={t('versions.list')}>
            {versions.map((version) => {
              const isCurrent = version.number === currentNumber;
              return (
                <li
                  key={version.id}
                  className={`${styles.row} ${isCurrent ? styles.current : ''}`}
                  aria-current={isCurrent ? 'true' : undefined}
                >
                  <Stack gap="xs">
                    <Inline gap="xs" align="center">
                      <Text weight="semibold">
                        {t('versions.numbered', { number: version.number })}
                      </Text>
                      {isCurrent ? <Badge tone="accent">{t('versions.current')}</Badge> : null}
                      {version.state !== 'complete' ? (
                        <Badge tone={version.state === 'failed' ? 'critical' : 'warning'}>
                          {t(`versions.states.${version.state}`)}
                        </Badge>
                      ) : null}
                    </Inline>
                    <Text size="sm" tone="secondary">
                      {label(version)} · {formatMoment(version.createdAt, language)}
                    </Text>
                  </Stack>
                  {isCurrent ? null : (
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={busy}
                      aria-label={t('versions.restoreNumbered', { number: version.number })}
                      onClick={() => onRestore(version)}
                    >
                      {t('versions.restore')}
                    </Button>
                  )}
                </li>
              );
            })}
          </ol>
        )}
        {versions.length > 1 ? (
          <Stack gap="sm">
            <Inline gap="sm" align="end">
              <Select
                label={t('versions.older')}
                placeholder={false}
                size="sm"
                value={String(olderVersion?.number ?? '')}
                onChange={(event) => setOlder(Number(event.currentTarget.value))}
                options={options}
              />
              <Select
                label={t('versions.newer')}
                placeholder={false}
                size="sm"
                value={String(newerVersion?.number ?? '')}
                onChange={(event) => setNewer(Number(event.currentTarget.value))}
                options={options}
              />
              <Button size="sm" variant="secondary" onClick={() => setComparing((on) => !on)}>
                {comparing ? t('versions.hideCompare') : t('versions.compare')}
              </Button>
            </Inline>
            {comparing && olderVersion && newerVersion ? (
              <VersionCompare older={olderVersion} newer={newerVersion} />
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </section>
  );
}
