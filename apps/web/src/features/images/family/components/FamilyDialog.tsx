import type { GeneratedImage } from '@studio/contracts';
import { Button, Modal, Spinner } from '@studio/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../../lib/api/useErrorText';
import { queryOptions, useQuery } from '../../../../lib/query';
import { galleryQueryKey } from '../../gallery/api/listGallery';
import type { GallerySource } from '../../gallery/gallerySource';
import { buildFamilyTree, flattenFamilyTree } from '../familyTree';
import { FamilyTree } from './FamilyTree';
import * as styles from './familyTree.css';

export interface FamilyDialogProps {
  image: GeneratedImage;
  source: GallerySource;
  onOpenChange: (open: boolean) => void;
  /** Opens the viewer on `images[index]`: the family in the tree's order. */
  onOpen: (images: GeneratedImage[], index: number) => void;
}

/**
 * Under the gallery's key: a new picture (possibly a new member) or a deletion reads the family
 * again along with the gallery.
 */
const familyQueryOptions = (source: GallerySource, image: GeneratedImage) =>
  queryOptions({
    queryKey: [...galleryQueryKey, source.owner, 'family', image.id],
    queryFn: (signal) => source.family(image, signal),
  });

/** An image's family in a dialog (loading, failed with a retry, or the tree). */
export function FamilyDialog({ image, source, onOpenChange, onOpen }: FamilyDialogProps) {
  const { t } = useTranslation('imageGallery');
  const describe = useErrorText();
  const family = useQuery(familyQueryOptions(source, image));
  // The keyboard starts in the tree, as the hint says: once the dialog has taken focus (and has
  // noted who opened it, to give focus back on close), or as soon as the tree arrives.
  const [opened, setOpened] = useState(false);

  const choose = (chosen: GeneratedImage) => {
    if (family.status !== 'success') return;
    const root = buildFamilyTree(family.data);
    const members = root ? flattenFamilyTree(root) : [chosen];
    onOpen(
      members,
      Math.max(
        0,
        members.findIndex(({ id }) => id === chosen.id),
      ),
    );
  };

  return (
    <Modal.Root open onOpenChange={onOpenChange}>
      <Modal.Content
        title={t('family.title')}
        description={t('family.description')}
        size="md"
        onOpenAutoFocus={(event) => {
          setOpened(true);
          // Loading, the corner button takes focus meanwhile; loaded, the tree takes it now.
          if (family.status === 'success') event.preventDefault();
        }}
      >
        <Modal.Body>
          {family.status === 'loading' ? <Spinner text={t('family.loading')} /> : null}
          {family.status === 'error' ? (
            <div role="alert">
              <p className={styles.status}>
                {t('family.loadFailed', { reason: describe(family.error) })}
              </p>
              <Button size="sm" variant="secondary" onClick={family.reload}>
                {t('retry')}
              </Button>
            </div>
          ) : null}
          {family.status === 'success' ? (
            <>
              <p className={styles.hint}>{t('family.hint')}</p>
              <FamilyTree
                family={family.data}
                currentId={image.id}
                loadFile={source.file}
                onChoose={choose}
                label={t('family.treeLabel')}
                focusOnShow={opened}
              />
            </>
          ) : null}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
