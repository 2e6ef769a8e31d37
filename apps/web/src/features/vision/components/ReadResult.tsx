import type { VisionCatalogueResponse, VisionRead, VisionTableFormat } from '@studio/contracts';
import { Button, Checkbox, formatMoment, Heading, Inline, Stack, Text, useToast } from '@studio/ui';
import { Copy, Download, FileSpreadsheet } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../lib/api/endpoints/jobs/downloadJobResult';
import { useImageObjectUrl } from '../../../lib/api/endpoints/images/useImageObjectUrl';
import { useErrorText } from '../../../lib/api/useErrorText';
import { getReadFile } from '../api/getReadFile';
import { getReadTable } from '../api/getReadTable';
import { useCopy } from '../hooks/useCopy';
import { downloadName, wholePercent } from '../model/readText';
import {
  placeWords,
  rangeEnd,
  rangeStart,
  selectedText,
  type WordRange,
} from '../model/wordSelection';
import { AnswerPanel } from './AnswerPanel';
import { WordPicture } from './WordPicture';
import * as styles from './vision.css';

export interface ReadResultProps {
  read: VisionRead;
  catalogue: VisionCatalogueResponse | null;
  headingId: string;
}

/** Under this the page says some words may be wrong. */
const LOW_CONFIDENCE = 70;

/**
 * A read picture: the picture with its words' boxes (selectable, to copy just them), the text
 * beside it (copy, .txt), how sure the reader was, the table as CSV or XLSX when the text is in
 * columns, then the answers about it.
 */
export function ReadResult({ read, catalogue, headingId }: ReadResultProps) {
  const { t, i18n } = useTranslation('vision');
  const describe = useErrorText();
  const { toast } = useToast();
  const copy = useCopy();
  const picture = useImageObjectUrl(read.fileUrl, getReadFile);
  const words = useMemo(() => placeWords(read.lines), [read.lines]);
  const [range, setRange] = useState<WordRange | null>(null);
  const [showBoxes, setShowBoxes] = useState(true);
  const chosen = selectedText(words, range);
  const hasText = read.text.trim().length > 0;
  const percent = wholePercent(read.confidence);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const languages = read.languages.map((code) => t(`languages.${code}`)).join(' + ');

  const downloadText = () =>
    saveFile({
      blob: new Blob([read.text], { type: 'text/plain;charset=utf-8' }),
      fileName: downloadName(read, 'txt'),
    });
  const downloadTable = async (format: VisionTableFormat) => {
    try {
      saveFile(await getReadTable(read, format));
    } catch (error) {
      toast({ tone: 'critical', title: t('result.tableFailed', { reason: describe(error) }) });
    }
  };

  return (
    <Stack as="section" gap="lg" aria-labelledby={headingId} className={styles.panel}>
      <Heading level={3} as="h2" id={headingId}>
        {t('result.title')}
      </Heading>
      <div className={styles.result}>
        <Stack gap="sm">
          <WordPicture
            src={picture.url}
            width={read.width}
            height={read.height}
            words={words}
            range={range}
            onRangeChange={setRange}
            onCopy={() => void copy(chosen)}
            showBoxes={showBoxes}
          />
          {words.length > 0 ? (
            <>
              <Checkbox
                checked={showBoxes}
                onChange={(event) => setShowBoxes(event.target.checked)}
              >
                {t('result.boxes')}
              </Checkbox>
              <Text as="p" size="sm" tone="secondary">
                {t('result.wordsHelp')}
              </Text>
            </>
          ) : null}
          {range ? (
            <Inline gap="sm">
              <Text as="p" size="sm" weight="semibold">
                {t('result.selected', { count: rangeEnd(range) - rangeStart(range) + 1 })}
              </Text>
              <Button
                size="sm"
                icon={<Copy size={16} aria-hidden="true" />}
                onClick={() => void copy(chosen)}
              >
                {t('result.copySelection')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setRange(null)}>
                {t('result.clearSelection')}
              </Button>
            </Inline>
          ) : null}
        </Stack>

        <Stack gap="md">
          <Stack gap="xs">
            <Heading level={4} as="h3">
              {t('result.text')}
            </Heading>
            {hasText ? (
              <Text as="p" size="sm" weight="semibold">
                {t('result.confidence', { percent })}
              </Text>
            ) : null}
            <Text as="p" size="sm" tone="secondary">
              {t('result.engine', { engine: read.engine, languages })}
            </Text>
            {hasText && percent < LOW_CONFIDENCE ? (
              <Text as="p" size="sm" tone="caution">
                {t('result.lowConfidence')}
              </Text>
            ) : null}
          </Stack>
          {hasText ? (
            <pre
              className={styles.text}
              lang={read.languages.length === 1 ? read.languages[0] : undefined}
            >
              {read.text}
            </pre>
          ) : (
            <Text as="p">{t('result.noText')}</Text>
          )}
          {hasText ? (
            <Inline gap="sm">
              <Button
                size="sm"
                variant="secondary"
                icon={<Copy size={16} aria-hidden="true" />}
                onClick={() => void copy(read.text)}
              >
                {t('result.copy')}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                icon={<Download size={16} aria-hidden="true" />}
                onClick={downloadText}
              >
                {t('result.download')}
              </Button>
            </Inline>
          ) : null}
          {read.hasTable ? (
            <Stack gap="xs" role="group" aria-labelledby={`${headingId}-table`}>
              <Text as="p" size="sm" weight="semibold" id={`${headingId}-table`}>
                {t('result.table')}
              </Text>
              <Text as="p" size="sm" tone="secondary">
                {t('result.tableHint')}
              </Text>
              <Inline gap="sm">
                {(['csv', 'xlsx'] as const).map((format) => (
                  <Button
                    key={format}
                    size="sm"
                    variant="secondary"
                    icon={<FileSpreadsheet size={16} aria-hidden="true" />}
                    onClick={() => void downloadTable(format)}
                  >
                    {t(`result.${format}`)}
                  </Button>
                ))}
              </Inline>
            </Stack>
          ) : null}
          {read.expiresAt ? (
            <Text as="p" size="sm" tone="secondary">
              {t('result.kept', { time: formatMoment(read.expiresAt, language) })}
            </Text>
          ) : null}
        </Stack>
      </div>

      <AnswerPanel read={read} catalogue={catalogue} hasText={hasText} />
    </Stack>
  );
}
