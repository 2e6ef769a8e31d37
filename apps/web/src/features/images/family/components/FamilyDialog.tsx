import type { GeneratedImage } from '@studio/contracts';
import { ImageFamilyDialog } from '../../../../components/family/ImageFamilyDialog';
import { galleryQueryKey } from '../../gallery/api/listGallery';
import type { GallerySource } from '../../gallery/gallerySource';

export interface FamilyDialogProps {
  image: GeneratedImage;
  source: GallerySource;
  onOpenChange: (open: boolean) => void;
  /** Opens the viewer on `images[index]`: the family in the tree's order. */
  onOpen: (images: GeneratedImage[], index: number) => void;
}

/**
 * The gallery's picture's family (the shared dialog), read through the gallery's source and kept
 * under the gallery's key: a new picture (possibly a new member) or a deletion reads the family
 * again along with the gallery.
 */
export function FamilyDialog({ image, source, onOpenChange, onOpen }: FamilyDialogProps) {
  return (
    <ImageFamilyDialog
      image={image}
      queryKey={[...galleryQueryKey, source.owner, 'family', image.id]}
      loadFamily={(signal) => source.family(image, signal)}
      loadFile={source.file}
      onOpenChange={onOpenChange}
      onOpen={onOpen}
    />
  );
}
