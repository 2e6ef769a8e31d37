import type { GeneratedImage } from '@studio/contracts';
import { Modal, Text } from '@studio/ui';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useImageObjectUrl } from '../../../lib/api/endpoints/images/useImageObjectUrl';
import type { LibrarySource } from '../librarySource';
import * as styles from './library.css';

export interface PictureDialogProps {
  image: GeneratedImage;
  source: LibrarySource;
  onClose: () => void;
  /**
   * Where focus goes back on close, when what opened the picture is gone (a family tree's row):
   * by default, what had focus when it opened.
   */
  returnFocus?: RefObject<HTMLElement | null>;
}

/** A picture large, with its prompt; Escape closes and focus goes back to its thumbnail. */
export function PictureDialog({ image, source, onClose, returnFocus }: PictureDialogProps) {
  const { t } = useTranslation('library');
  const picture = useImageObjectUrl(image.fileUrl, (_fileUrl, signal) =>
    source.imageFile(image, signal),
  );
  return (
    <Modal.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Modal.Content
        size="lg"
        title={t('picture.title')}
        description={image.prompt}
        onCloseAutoFocus={(event) => {
          const target = returnFocus?.current;
          if (!target) return;
          event.preventDefault();
          target.focus();
        }}
      >
        <Modal.Body>
          {picture.status === 'ready' ? (
            <img
              className={styles.largePicture}
              src={picture.url}
              alt={image.prompt}
              width={image.width}
              height={image.height}
            />
          ) : (
            <Text as="p" tone="secondary" role="status">
              {picture.status === 'failed' ? t('item.unavailable') : t('picture.loading')}
            </Text>
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
