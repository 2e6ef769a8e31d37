import type { LibraryItem } from '@studio/contracts';
import { Badge, Button, MediaCard, Text } from '@studio/ui';
import { PenLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { madeDetail } from '../../../components/media/mediaDetails';
import { ItemMenu } from './ItemMenu';
import { shortName, toolOf } from './toolLinks';
import * as styles from './library.css';

export interface DocumentItemCardProps {
  item: Extract<LibraryItem, { kind: 'document' }>;
  onDelete: (item: LibraryItem) => void;
}

/** Its start as plain words: without Markdown's marks, on one line. */
export function plainExcerpt(excerpt: string): string {
  return excerpt
    .replace(/[#*_>`~|]/g, '')
    .replace(/^\s*[-+]\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A content-writer document as the writer lists it: its title, the start of its text, how many
 * versions it has and when it was last written to; opened in the writer to go on.
 */
export function DocumentItemCard({ item, onDelete }: DocumentItemCardProps) {
  const { t, i18n } = useTranslation('library');
  const navigate = useNavigate();
  const { document } = item;
  const name = shortName(document.title);
  return (
    <MediaCard
      as="li"
      aspectRatio="auto"
      media={
        <div className={styles.documentPreview}>
          <Text as="p" size="sm" tone="secondary" maxLines={4}>
            {plainExcerpt(document.excerpt)}
          </Text>
        </div>
      }
      title={document.title}
      titleTooltip={document.title}
      titleLines={2}
      details={[
        { label: t('item.kind'), value: <Badge tone="accent">{t('kinds.document')}</Badge> },
        { label: t('item.versions'), value: String(document.versions) },
        madeDetail(t('item.updated'), document.updatedAt, i18n.language),
      ]}
      actions={
        <>
          <Button
            size="sm"
            variant="secondary"
            icon={<PenLine size={16} aria-hidden="true" />}
            aria-label={t('item.openDocumentNamed', { name })}
            onClick={() => void navigate(toolOf(item).path)}
          >
            {t('item.openDocument')}
          </Button>
          <ItemMenu item={item} name={name} onDelete={onDelete} />
        </>
      }
    />
  );
}
