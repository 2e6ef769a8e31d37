import {
  Button,
  EmptyState,
  formatMoment,
  Heading,
  Inline,
  Spinner,
  Stack,
  Text,
} from '@studio/ui';
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import * as styles from './writer.css';

export interface ListedDocument {
  id: string;
  title: string;
  excerpt: string;
  versions: number;
  updatedAt: string;
}

export interface DocumentsPanelProps {
  signedIn: boolean;
  /** null while they load. */
  documents: readonly ListedDocument[] | null;
  /** Why they could not be read (or, for a visitor, kept in this browser). */
  problem: string | null;
  currentId: string | null;
  busy: boolean;
  onOpen: (id: string) => void;
  onDelete: (document: ListedDocument) => void;
  /** A user's list has more than a page: "Show more" reads the next. */
  more?: {
    loading: boolean;
    /** Why the last "Show more" failed, said beside it. */
    problem: string | null;
    onLoad: () => void;
  } | null;
}

/** The caller's documents: a user's on the server, a visitor's in this browser. */
export function DocumentsPanel({
  signedIn,
  documents,
  problem,
  currentId,
  busy,
  onOpen,
  onDelete,
  more = null,
}: DocumentsPanelProps) {
  const { t, i18n } = useTranslation('writer');
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <section aria-labelledby="writer-documents-title" className={styles.panel}>
      <Stack gap="md">
        <Heading level={4} as="h2" id="writer-documents-title">
          {t('documents.title')}
        </Heading>
        {signedIn ? null : (
          <Text as="p" size="sm" tone="secondary">
            {t('documents.visitorNote')}
          </Text>
        )}
        {problem ? (
          <Text as="p" size="sm" tone="critical" role="alert">
            {problem}
          </Text>
        ) : documents === null ? (
          <Spinner text={t('documents.loading')} />
        ) : documents.length === 0 ? (
          <EmptyState
            icon={<FileText size={24} aria-hidden="true" />}
            title={t('documents.empty')}
            description={t('documents.emptyHint')}
          />
        ) : (
          <ul className={styles.list} aria-label={t('documents.list')}>
            {documents.map((document) => (
              <li
                key={document.id}
                className={`${styles.row} ${document.id === currentId ? styles.current : ''}`}
                aria-current={document.id === currentId ? 'true' : undefined}
              >
                <Stack gap="xs">
                  <Text weight="semibold" maxLines={1} title={document.title}>
                    {document.title}
                  </Text>
                  <Text size="sm" tone="secondary" maxLines={2}>
                    {document.excerpt}
                  </Text>
                  <Text size="xs" tone="secondary">
                    {t('documents.meta', {
                      versions: document.versions,
                      time: formatMoment(document.updatedAt, language),
                    })}
                  </Text>
                </Stack>
                <Inline gap="xs">
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={busy || document.id === currentId}
                    aria-label={t('documents.openNamed', { title: document.title })}
                    onClick={() => onOpen(document.id)}
                  >
                    {t('documents.open')}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={busy}
                    aria-label={t('documents.deleteNamed', { title: document.title })}
                    onClick={() => onDelete(document)}
                  >
                    {t('documents.delete')}
                  </Button>
                </Inline>
              </li>
            ))}
          </ul>
        )}
        {more && documents && documents.length > 0 ? (
          <Stack gap="xs">
            {more.problem ? (
              <Text as="p" size="sm" tone="critical" role="alert">
                {more.problem}
              </Text>
            ) : null}
            <div>
              <Button
                size="sm"
                variant="secondary"
                loading={more.loading}
                disabled={more.loading}
                onClick={more.onLoad}
              >
                {t('documents.more')}
              </Button>
            </div>
          </Stack>
        ) : null}
      </Stack>
    </section>
  );
}
