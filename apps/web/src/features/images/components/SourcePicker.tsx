import { Button, visuallyHidden } from '@studio/ui';
import { ImageUp, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptedImageTypes, imageFileSize } from '../api/readImageFile';
import type { ImageSource } from '../form/imageForm';
import * as styles from './studio.css';

export interface SourcePickerProps {
  source: ImageSource | null;
  /** The source as a blob: URL, once it is there. */
  sourceUrl: string | null;
  onChange: (source: ImageSource | null) => void;
  error?: string | undefined;
}

/**
 * The picture an edit or a variation starts from: one from the results or the gallery (chosen
 * with their Edit and Variation actions), or a PNG, JPEG or WebP from the device.
 */
export function SourcePicker({ source, sourceUrl, onChange, error }: SourcePickerProps) {
  const { t } = useTranslation('images');
  const input = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState(false);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setRefused(false);
    try {
      const size = await imageFileSize(file);
      onChange({ kind: 'upload', file, ...size });
    } catch {
      setRefused(true);
    }
  };

  return (
    <div className={styles.choices}>
      <span className={styles.legend}>{t('source.label')}</span>
      {source && sourceUrl ? (
        <img
          className={styles.sourceThumb}
          src={sourceUrl}
          alt={
            source.kind === 'image'
              ? t('source.fromImage', { prompt: source.image.prompt })
              : t('source.fromFile', { name: source.file.name })
          }
        />
      ) : (
        <p className={styles.muted}>{t('source.none')}</p>
      )}
      <div className={styles.actions}>
        <Button
          size="sm"
          variant="secondary"
          icon={<ImageUp size={16} aria-hidden="true" />}
          onClick={() => input.current?.click()}
        >
          {t('source.upload')}
        </Button>
        {source ? (
          <Button
            size="sm"
            variant="ghost"
            icon={<X size={16} aria-hidden="true" />}
            onClick={() => onChange(null)}
          >
            {t('source.remove')}
          </Button>
        ) : null}
        <input
          ref={input}
          type="file"
          accept={acceptedImageTypes.join(',')}
          className={visuallyHidden}
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            void pick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
      {refused ? (
        <p className={styles.critical} role="alert">
          {t('source.unsupported')}
        </p>
      ) : null}
      {error ? (
        <p className={styles.critical} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
