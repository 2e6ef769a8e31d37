import type { GeneratedImage, ImageFamily } from '@studio/contracts';
import { Button, Modal, Spinner } from '@studio/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/api/useErrorText';
import { buildFamilyTree, flattenFamilyTree } from '../../lib/media/familyTree';
import { queryOptions, useQuery, type QueryKey } from '../../lib/query';
import { FamilyTree, type LoadFamilyImage } from './FamilyTree';
import * as styles from './familyTree.css';

export interface ImageFamilyDialogProps {
  image: GeneratedImage;
  /**
   * Where the family is cached: under the key of the list the image was opened from, so that a
   * new picture (possibly a new member) or a deletion, which invalidates that list, reads the
   * family again with it.
   */
  queryKey: QueryKey;
  /** Reads the image's family (the server's answer, or one computed from this browser's images). */
  loadFamily: (signal: AbortSignal) => Promise<ImageFamily>;
  /** Reads a member's PNG for its thumbnail. */
  loadFile: LoadFamilyImage;
  onOpenChange: (open: boolean) => void;
  /** A member was chosen: `images[index]`, the family in the tree's order. */
  onOpen: (images: GeneratedImage[], index: number) => void;
}

/** An image's family in a dialog (loading, failed with a retry, or the tree). */
export function ImageFamilyDialog({
  image,
  queryKey,
  loadFamily,
  loadFile,
  onOpenChange,
  onOpen,
}: ImageFamilyDialogProps) {
  const { t } = useTranslation('media');
  const describe = useErrorText();
  const family = useQuery(queryOptions({ queryKey, queryFn: loadFamily }));
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
        title={t('imageFamily.title')}
        description={t('imageFamily.description')}
        size="md"
        onOpenAutoFocus={(event) => {
          setOpened(true);
          // Loading, the corner button takes focus meanwhile; loaded, the tree takes it now.
          if (family.status === 'success') event.preventDefault();
        }}
      >
        <Modal.Body>
          {family.status === 'loading' ? <Spinner text={t('imageFamily.loading')} /> : null}
          {family.status === 'error' ? (
            <div role="alert">
              <p className={styles.status}>
                {t('imageFamily.loadFailed', { reason: describe(family.error) })}
              </p>
              <Button size="sm" variant="secondary" onClick={family.reload}>
                {t('retry')}
              </Button>
            </div>
          ) : null}
          {family.status === 'success' ? (
            <>
              <p className={styles.hint}>{t('imageFamily.hint')}</p>
              <FamilyTree
                family={family.data}
                currentId={image.id}
                loadFile={loadFile}
                onChoose={choose}
                label={t('imageFamily.treeLabel')}
                focusOnShow={opened}
              />
            </>
          ) : null}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
