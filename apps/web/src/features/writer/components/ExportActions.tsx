import { writerExportFormats, type WriterExportFormat } from '@studio/contracts';
import { Button, Inline, Stack, Text } from '@studio/ui';
import { Copy, Download } from 'lucide-react';
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../lib/api/endpoints/jobs/downloadJobResult';
import { useErrorText } from '../../../lib/api/useErrorText';
import { exportDocument, type ExportedText } from '../api/exportDocument';

export interface ExportActionsProps {
  text: ExportedText;
  /** The preview's element: its HTML is the rich text copied. */
  previewRef: RefObject<HTMLDivElement | null>;
  disabled: boolean;
}

type Notice = { tone: 'secondary' | 'critical'; text: string } | null;

/**
 * Copies the preview as rich text (HTML, with the Markdown as the plain text beside it), so it
 * pastes formatted into a mail or a word processor; the Markdown alone where the browser cannot.
 */
async function copyRich(html: string, markdown: string): Promise<void> {
  if (typeof ClipboardItem === 'undefined' || !navigator.clipboard.write) {
    await navigator.clipboard.writeText(markdown);
    return;
  }
  await navigator.clipboard.write([
    new ClipboardItem({
      'text/html': new Blob([html], { type: 'text/html' }),
      'text/plain': new Blob([markdown], { type: 'text/plain' }),
    }),
  ]);
}

/** Download as DOCX, PDF or Markdown; copy as Markdown or as rich text. */
export function ExportActions({ text, previewRef, disabled }: ExportActionsProps) {
  const { t } = useTranslation('writer');
  const describe = useErrorText();
  const [exporting, setExporting] = useState<WriterExportFormat | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  const download = async (format: WriterExportFormat) => {
    setExporting(format);
    setNotice(null);
    try {
      saveFile(await exportDocument(text, format));
      setNotice({
        tone: 'secondary',
        text: t('export.downloaded', { format: t(`export.formats.${format}`) }),
      });
    } catch (error) {
      setNotice({ tone: 'critical', text: t('export.failed', { reason: describe(error) }) });
    } finally {
      setExporting(null);
    }
  };

  const copy = async (rich: boolean) => {
    try {
      if (rich) await copyRich(previewRef.current?.innerHTML ?? '', text.content);
      else await navigator.clipboard.writeText(text.content);
      setNotice({
        tone: 'secondary',
        text: rich ? t('export.copiedRich') : t('export.copiedMarkdown'),
      });
    } catch {
      setNotice({ tone: 'critical', text: t('export.copyFailed') });
    }
  };

  return (
    <Stack gap="xs">
      <Inline gap="sm" align="center" role="group" aria-label={t('export.title')}>
        {writerExportFormats.map((format) => (
          <Button
            key={format}
            size="sm"
            variant="secondary"
            icon={<Download size={16} aria-hidden="true" />}
            loading={exporting === format}
            disabled={disabled || exporting !== null}
            onClick={() => void download(format)}
          >
            {t(`export.formats.${format}`)}
          </Button>
        ))}
        <Button
          size="sm"
          variant="ghost"
          icon={<Copy size={16} aria-hidden="true" />}
          disabled={disabled}
          onClick={() => void copy(false)}
        >
          {t('export.copyMarkdown')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          icon={<Copy size={16} aria-hidden="true" />}
          disabled={disabled}
          onClick={() => void copy(true)}
        >
          {t('export.copyRich')}
        </Button>
      </Inline>
      {notice ? (
        <Text
          as="p"
          size="sm"
          tone={notice.tone}
          role={notice.tone === 'critical' ? 'alert' : 'status'}
        >
          {notice.text}
        </Text>
      ) : null}
    </Stack>
  );
}
