import type { GeneratedImage } from '@studio/contracts';
import { IconButton, Modal } from '@studio/ui';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageActions, type ImageActionsProps } from './ImageActions';
import { useImageFacts } from './imageFacts';
import { ImagePicture } from './ImagePicture';
import * as styles from './studio.css';

export interface ImageViewerProps extends Omit<ImageActionsProps, 'image'> {
  images: readonly GeneratedImage[];
  /** The picture shown; null: closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/**
 * One run's pictures (or the gallery's) large, one at a time: the arrow keys and the buttons move
 * through them, Escape closes and focus goes back to the picture that opened it. Shows what made
 * the picture (prompt, model, seed, size) and its actions.
 */
export function ImageViewer({
  images,
  index,
  onIndexChange,
  onClose,
  ...actions
}: ImageViewerProps) {
  const { t } = useTranslation('images');
  const facts = useImageFacts();
  const image = index === null ? undefined : images[index];
  const count = images.length;
  const step = (by: number) => {
    if (index === null || count < 2) return;
    onIndexChange((index + by + count) % count);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // Arrow keys inside a field or a select move the caret or the choice, not the picture.
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, select')) return;
    if (event.key === 'ArrowRight') step(1);
    else if (event.key === 'ArrowLeft') step(-1);
    else return;
    event.preventDefault();
  };
  const afterOneAction =
    (act: (picture: GeneratedImage) => void) =>
    (picture: GeneratedImage): void => {
      onClose();
      act(picture);
    };

  return (
    <Modal.Root open={image !== undefined} onOpenChange={(open) => (open ? null : onClose())}>
      {image ? (
        <Modal.Content
          size="lg"
          title={t('viewer.title', { number: (index ?? 0) + 1, count })}
          description={t('viewer.description')}
        >
          {/* The keys act anywhere in the dialog, as in any picture viewer. */}
          {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
          <div className={styles.viewer} onKeyDown={onKeyDown}>
            <div className={styles.stage}>
              <IconButton
                label={t('viewer.previous')}
                icon={<ChevronLeft aria-hidden="true" />}
                variant="ghost"
                disabled={count < 2}
                onClick={() => step(-1)}
              />
              <ImagePicture key={image.id} image={image} className={styles.viewerImage} />
              <IconButton
                label={t('viewer.next')}
                icon={<ChevronRight aria-hidden="true" />}
                variant="ghost"
                disabled={count < 2}
                onClick={() => step(1)}
              />
            </div>
            <dl className={styles.details}>
              <dt>{t('viewer.prompt')}</dt>
              <dd>{image.prompt || t('results.untitled')}</dd>
              {image.negativePrompt ? (
                <>
                  <dt>{t('viewer.negativePrompt')}</dt>
                  <dd>{image.negativePrompt}</dd>
                </>
              ) : null}
              <dt>{t('viewer.model')}</dt>
              <dd>{image.modelName}</dd>
              <dt>{t('viewer.seed')}</dt>
              <dd>{facts.seed(image.seed)}</dd>
              <dt>{t('viewer.size')}</dt>
              <dd>{facts.size(image)}</dd>
              {image.style ? (
                <>
                  <dt>{t('viewer.style')}</dt>
                  <dd>{t(`form.styles.${image.style}`)}</dd>
                </>
              ) : null}
            </dl>
            <ImageActions
              image={image}
              {...actions}
              onReuse={afterOneAction(actions.onReuse)}
              onIterate={afterOneAction(actions.onIterate)}
              onVariation={afterOneAction(actions.onVariation)}
              {...(actions.onDelete ? { onDelete: afterOneAction(actions.onDelete) } : {})}
            />
          </div>
        </Modal.Content>
      ) : null}
    </Modal.Root>
  );
}
