import { Button, visuallyHidden } from '@studio/ui';
import { FileImage, X } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PngSettings as Found } from '../api/readPngParameters';
import { useImageFacts } from './imageFacts';
import * as styles from './studio.css';

export interface PngSettingsProps {
  /** What the last dropped or picked file held; null before any. */
  found: Found | null;
  /** A file was picked (the page reads it, as it does a dropped one). */
  onPick: (file: File) => void;
  onLoad: () => void;
  onDismiss: () => void;
}

/**
 * "Load settings from a PNG": a picture made here (or by AUTOMATIC1111, InvokeAI) keeps its
 * prompt, seed and size inside; dropping it on the page or picking it here offers to fill the
 * form with them.
 */
export function PngSettings({ found, onPick, onLoad, onDismiss }: PngSettingsProps) {
  const { t } = useTranslation('images');
  const facts = useImageFacts();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className={styles.choices}>
      <div className={styles.actions}>
        <Button
          size="sm"
          variant="ghost"
          icon={<FileImage size={16} aria-hidden="true" />}
          onClick={() => input.current?.click()}
        >
          {t('png.pick')}
        </Button>
        <span className={styles.muted}>{t('png.dropHint')}</span>
        <input
          ref={input}
          type="file"
          accept="image/png"
          className={visuallyHidden}
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) onPick(file);
            event.target.value = '';
          }}
        />
      </div>
      {found ? (
        <div className={styles.notice} role="status">
          {found.kind === 'found' ? (
            <>
              <p className={styles.plain}>
                {t('png.found', { name: found.fileName })}{' '}
                <strong>{found.parameters.prompt || t('results.untitled')}</strong>
              </p>
              <p className={styles.muted}>
                {[
                  found.parameters.seed !== null
                    ? t('png.seed', { seed: found.parameters.seed })
                    : null,
                  found.parameters.width !== null && found.parameters.height !== null
                    ? facts.size({
                        width: found.parameters.width,
                        height: found.parameters.height,
                      })
                    : null,
                  found.parameters.model,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </>
          ) : (
            <p className={styles.plain}>
              {t(found.kind === 'none' ? 'png.none' : 'png.notPng', { name: found.fileName })}
            </p>
          )}
          <div className={styles.actions}>
            {found.kind === 'found' ? (
              <Button size="sm" onClick={onLoad}>
                {t('png.load')}
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="ghost"
              icon={<X size={16} aria-hidden="true" />}
              onClick={onDismiss}
            >
              {t('png.dismiss')}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
