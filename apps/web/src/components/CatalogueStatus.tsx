import { Button, Spinner, Stack, Text } from '@studio/ui';
import { useTranslation } from 'react-i18next';
import type { QueryState } from '../lib/query';
import { useErrorText } from '../lib/api/useErrorText';
import * as styles from './catalogueStatus.css';

export interface CatalogueStatusProps {
  /** The tool's catalogue query (its models, voices, formats, templates and allowance). */
  catalogue: QueryState<unknown>;
  /**
   * The tool's translation namespace: its words are `catalogue.loading`, `catalogue.failed`
   * (given the `reason`, already translated) and `catalogue.retry`.
   */
  namespace: string;
  /** Reads the catalogue again. */
  onRetry: () => void;
  /** The room the tool's form will take (see catalogueStatus.css.ts). */
  reserve: keyof typeof styles.reserve;
}

/**
 * What every studio tool shows before its form: a spinner while its catalogue loads, its failure
 * with a way to try again; nothing once it has arrived (the page draws the form).
 */
export function CatalogueStatus({ catalogue, namespace, onRetry, reserve }: CatalogueStatusProps) {
  const { t } = useTranslation(namespace);
  const describe = useErrorText();
  if (catalogue.status === 'loading') {
    return (
      <div className={styles.reserve[reserve]}>
        <Spinner text={t('catalogue.loading')} />
      </div>
    );
  }
  if (catalogue.status === 'error') {
    return (
      <Stack gap="xs" role="alert">
        <Text as="p">{t('catalogue.failed', { reason: describe(catalogue.error) })}</Text>
        <div>
          <Button size="sm" variant="secondary" onClick={onRetry}>
            {t('catalogue.retry')}
          </Button>
        </div>
      </Stack>
    );
  }
  return null;
}
