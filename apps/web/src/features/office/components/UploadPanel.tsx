import type { OfficeCatalogueResponse, OfficeDocument, OfficeRefusal } from '@studio/contracts';
import { Button, Heading, Stack, Text } from '@studio/ui';
import { Upload } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadOfficeDocument } from '../api/jobs';
import { useOfficeJob } from '../hooks/useOfficeJob';
import { formatBytes, formatOfFileName, refusalText } from '../model/refusals';
import { FailureNotice } from './RefusalNotice';
import { JobStatus } from './JobStatus';
import * as styles from './office.css';

export interface UploadPanelProps {
  catalogue: OfficeCatalogueResponse;
  /** The file is read: the page opens its document. */
  onRead: (document: OfficeDocument) => void;
  /** A run ended, however (the pages left today are read again). */
  onSettled: () => void;
}

/** The file input's `accept`: every format the catalogue reads, by extension. */
const acceptOf = (formats: readonly string[]) => formats.map((format) => `.${format}`).join(',');

/**
 * Choosing or dropping a file (the formats and the size limit said before), sent to be read as a
 * job whose stages show with the scanned pages' count, cancellable; a refused file is said in
 * words. A file the page can tell is wrong (its type, its size) is refused before it is sent.
 */
export function UploadPanel({ catalogue, onRead, onSettled }: UploadPanelProps) {
  const { t, i18n } = useTranslation('office');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const headingId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [uploaded, setUploaded] = useState<number | null>(null);
  const [localRefusal, setLocalRefusal] = useState<OfficeRefusal | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const reading = useOfficeJob({ onDocument: onRead, onSettled });
  const { limits } = catalogue;

  const send = (file: File) => {
    setFileName(file.name);
    reading.reset();
    const format = formatOfFileName(file.name);
    const refusal: OfficeRefusal | null = !(catalogue.formats as readonly string[]).includes(format)
      ? 'unsupported'
      : file.size === 0
        ? 'empty'
        : file.size > limits.maxFileBytes
          ? 'too-large'
          : null;
    setLocalRefusal(refusal);
    if (refusal) return;
    setUploaded(0);
    void reading
      .start((signal) => uploadOfficeDocument(file, { signal, onProgress: setUploaded }))
      .then(() => setUploaded(null));
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !reading.busy) send(file);
  };

  const formats = catalogue.formats.map((format) => format.toUpperCase()).join(', ');
  const local = localRefusal ? refusalText(localRefusal, limits, language) : null;
  const run = reading.run;

  return (
    <section aria-labelledby={headingId} className={styles.panel}>
      <Heading level={4} as="h2" id={headingId}>
        {t('upload.title')}
      </Heading>
      {/* Dropping a file is the mouse's shortcut; the button below is the way for everyone. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div
        className={styles.dropZone}
        data-over={over}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <Upload size={28} aria-hidden="true" />
        <Text as="p" weight="semibold">
          {t('upload.drop')}
        </Text>
        <input
          ref={input}
          type="file"
          hidden
          accept={acceptOf(catalogue.formats)}
          aria-describedby={hintId}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) send(file);
          }}
        />
        <Button
          variant="primary"
          disabled={reading.busy}
          onClick={() => input.current?.click()}
          aria-describedby={hintId}
        >
          {t('upload.choose')}
        </Button>
        <Text as="p" size="sm" tone="secondary" id={hintId}>
          {t('upload.hint', {
            formats,
            size: formatBytes(limits.maxFileBytes, language),
            pages: limits.maxPages,
          })}
        </Text>
      </div>
      <Text as="p" size="sm" tone="secondary">
        {t('upload.offline')}
      </Text>

      {reading.busy ? (
        <Stack gap="xs">
          {fileName ? (
            <Text as="p" size="sm" weight="semibold">
              {t('upload.reading', { name: fileName })}
            </Text>
          ) : null}
          <JobStatus
            job={reading.job}
            uploaded={run?.status === 'starting' ? uploaded : null}
            onCancel={() => void reading.cancel()}
          />
        </Stack>
      ) : null}
      {local ? (
        <Text as="p" role="alert" tone="critical">
          {t(local.key, local.values)}
        </Text>
      ) : null}
      {run?.status === 'failed' ? <FailureNotice error={run.error} limits={limits} /> : null}
      {run?.status === 'cancelled' ? (
        <Text as="p" role="status" tone="secondary">
          {t('upload.cancelled')}
        </Text>
      ) : null}
    </section>
  );
}
