import type { OfficeDocument } from '@studio/contracts';
import { Badge, Button, Card, formatMoment, Inline, Stack, Text } from '@studio/ui';
import { Download, FileSpreadsheet, FileText, Presentation, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { originText, partsSummary } from '../model/partLabels';
import { useDocumentDownload } from './MadeDocument';

const formatIcon = (format: OfficeDocument['format']) =>
  format === 'xlsx' || format === 'csv' ? (
    <FileSpreadsheet size={18} />
  ) : format === 'pptx' ? (
    <Presentation size={18} />
  ) : (
    <FileText size={18} />
  );

export interface DocumentCardProps {
  document: OfficeDocument;
  /** The document it was made from, when the list holds it (its name says where it came from). */
  source: OfficeDocument | null;
  /** Open in the document view (the one open is marked). */
  onOpen: (document: OfficeDocument) => void;
  onDelete: (document: OfficeDocument) => void;
  open: boolean;
}

/** One of the caller's documents: its format, name, parts, how it came to be, when, its file. */
export function DocumentCard({ document, source, onOpen, onDelete, open }: DocumentCardProps) {
  const { t, i18n } = useTranslation('office');
  const download = useDocumentDownload();
  const origin = originText(document, source?.fileName ?? null);
  const parts = partsSummary(document)
    .map((text) => t(text.key, text.values))
    .join(', ');
  const name = document.fileName;
  return (
    <Card
      as="article"
      aria-label={name}
      aria-current={open || undefined}
      footer={
        <Inline gap="xs">
          <Button
            size="sm"
            variant={open ? 'primary' : 'secondary'}
            aria-label={t('documents.openNamed', { name })}
            onClick={() => onOpen(document)}
          >
            {t('documents.open')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            icon={<Download size={14} />}
            aria-label={t('documents.downloadNamed', { name })}
            onClick={() => void download(document)}
          >
            {t('documents.download')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            icon={<Trash2 size={14} />}
            aria-label={t('documents.deleteNamed', { name })}
            onClick={() => onDelete(document)}
          >
            {t('documents.delete')}
          </Button>
        </Inline>
      }
    >
      <Stack gap="xs">
        <Inline gap="sm" align="center">
          <span aria-hidden="true">{formatIcon(document.format)}</span>
          <Badge size="sm">{document.format.toUpperCase()}</Badge>
        </Inline>
        <Text as="p" weight="semibold" maxLines={2} title={name}>
          {name}
        </Text>
        <Text as="p" size="sm" tone="secondary">
          {parts}
        </Text>
        {origin ? (
          <Text as="p" size="sm" tone="secondary" maxLines={2}>
            {t(origin.key, origin.values)}
          </Text>
        ) : null}
        <Text as="p" size="xs" tone="secondary">
          {formatMoment(document.createdAt, i18n.resolvedLanguage ?? i18n.language)}
        </Text>
      </Stack>
    </Card>
  );
}
