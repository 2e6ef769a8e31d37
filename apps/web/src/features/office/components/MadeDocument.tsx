import type { OfficeDocument } from '@studio/contracts';
import { Button, Inline, Text, useToast } from '@studio/ui';
import { Download, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../lib/api/endpoints/jobs/downloadJobResult';
import { useErrorText } from '../../../lib/api/useErrorText';
import { downloadOfficeDocument } from '../api/documentFiles';

/** Saves a document's file, saying so in a toast when it cannot. */
export function useDocumentDownload() {
  const { t } = useTranslation('office');
  const describe = useErrorText();
  const { toast } = useToast();
  return async (document: OfficeDocument) => {
    try {
      saveFile(await downloadOfficeDocument(document));
    } catch (error) {
      toast({
        tone: 'critical',
        title: t('documents.downloadFailed'),
        description: describe(error),
      });
    }
  };
}

/** A document a job just made: its name, Download, and Open (to read and ask it). */
export function MadeDocument({
  document,
  onOpen,
}: {
  document: OfficeDocument;
  onOpen?: (document: OfficeDocument) => void;
}) {
  const { t } = useTranslation('office');
  const download = useDocumentDownload();
  return (
    <Inline gap="sm" align="center" role="status">
      <Text as="p" size="sm" weight="semibold">
        {t('made.ready', { name: document.fileName })}
      </Text>
      <Button
        size="sm"
        icon={<Download size={14} />}
        aria-label={t('documents.downloadNamed', { name: document.fileName })}
        onClick={() => void download(document)}
      >
        {t('documents.download')}
      </Button>
      {onOpen ? (
        <Button
          size="sm"
          variant="secondary"
          icon={<FileText size={14} />}
          aria-label={t('documents.openNamed', { name: document.fileName })}
          onClick={() => onOpen(document)}
        >
          {t('documents.open')}
        </Button>
      ) : null}
    </Inline>
  );
}
