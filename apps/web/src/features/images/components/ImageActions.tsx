import type { GeneratedImage } from '@studio/contracts';
import { Button } from '@studio/ui';
import { Download, Layers, PencilLine, SlidersHorizontal, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../lib/api/endpoints/jobs/downloadJobResult';
import { useErrorText } from '../../../lib/api/useErrorText';
import { downloadImage } from '../../../lib/api/endpoints/images/downloadImage';
import * as styles from './imageActions.css';

export interface ImageActionsProps {
  image: GeneratedImage;
  /** Fills the form with the image's settings (prompt, negative prompt, seed, ratio, model, style). */
  onReuse: (image: GeneratedImage) => void;
  /** Edit mode with the image as the source. */
  onIterate: (image: GeneratedImage) => void;
  /** Variation mode with the image as the source. */
  onVariation: (image: GeneratedImage) => void;
  /** Deletes it (the gallery only: a fresh result is kept until the page is left). */
  onDelete?: (image: GeneratedImage) => void;
  /**
   * Saves the file another way (a visitor's stored copy); by default the server's PNG is fetched
   * and saved under the server's name.
   */
  onDownload?: (image: GeneratedImage) => Promise<void>;
}

/**
 * What can be done with a picture, wherever it is shown (a result, the viewer, the gallery):
 * reuse its settings, iterate on it, ask for a variation, download the PNG (its generation
 * parameters inside) and, in the gallery, delete it.
 */
export function ImageActions({
  image,
  onReuse,
  onIterate,
  onVariation,
  onDelete,
  onDownload,
}: ImageActionsProps) {
  const { t } = useTranslation('images');
  const errorText = useErrorText();
  const [downloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  // Several pictures' actions sit side by side: the group names the one it acts on.
  const groupLabel = t('actions.label', {
    number: image.index + 1,
    prompt: image.prompt.length > 60 ? `${image.prompt.slice(0, 60)}…` : image.prompt,
  });

  const download = async () => {
    setDownloading(true);
    setFailure(null);
    try {
      if (onDownload) await onDownload(image);
      else saveFile(await downloadImage(image));
    } catch (error) {
      setFailure(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className={styles.actions} role="group" aria-label={groupLabel}>
      <Button
        size="sm"
        variant="ghost"
        icon={<SlidersHorizontal size={16} aria-hidden="true" />}
        onClick={() => onReuse(image)}
      >
        {t('actions.reuse')}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        icon={<PencilLine size={16} aria-hidden="true" />}
        onClick={() => onIterate(image)}
      >
        {t('actions.iterate')}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        icon={<Layers size={16} aria-hidden="true" />}
        onClick={() => onVariation(image)}
      >
        {t('actions.variation')}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        icon={<Download size={16} aria-hidden="true" />}
        loading={downloading}
        onClick={() => void download()}
      >
        {t('actions.download')}
      </Button>
      {onDelete ? (
        <Button
          size="sm"
          variant="ghost"
          icon={<Trash2 size={16} aria-hidden="true" />}
          onClick={() => onDelete(image)}
        >
          {t('actions.delete')}
        </Button>
      ) : null}
      {failure ? (
        <p className={styles.error} role="alert">
          {t('actions.downloadFailed', { reason: errorText(failure) })}
        </p>
      ) : null}
    </div>
  );
}
