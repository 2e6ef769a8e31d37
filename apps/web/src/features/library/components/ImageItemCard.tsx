import type { GeneratedImage, LibraryItem } from '@studio/contracts';
import { Badge, Button, MediaCard, useToast } from '@studio/ui';
import { Download, GitFork } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { madeDetail } from '../../../components/media/mediaDetails';
import { useCardPicture } from '../../../components/media/useCardPicture';
import { downloadImage } from '../../../lib/api/endpoints/images/downloadImage';
import { saveFile } from '../../../lib/api/endpoints/jobs/downloadJobResult';
import { useErrorText } from '../../../lib/api/useErrorText';
import { imageFileName } from '../../../lib/media/imageFileName';
import { libraryQueryKey } from '../../../lib/api/endpoints/library/listLibrary';
import type { LibrarySource } from '../librarySource';
import { ItemMenu } from './ItemMenu';
import { PictureDialog } from './PictureDialog';
import { shortName } from './toolLinks';

// The family tree loads when a family is first asked for.
const ImageFamilyDialog = lazy(() =>
  import('../../../components/family/ImageFamilyDialog').then((module) => ({
    default: module.ImageFamilyDialog,
  })),
);

export interface ImageItemCardProps {
  item: Extract<LibraryItem, { kind: 'image' }>;
  source: LibrarySource;
  onOpen: (image: GeneratedImage) => void;
  onDelete: (item: LibraryItem) => void;
}

/**
 * A picture as the gallery shows it: the thumbnail (fetched, or read from this browser, once it
 * nears the viewport) opens it large; its prompt, model, size and date; its PNG to download; its
 * family, where choosing a member opens that picture large.
 */
export function ImageItemCard({ item, source, onOpen, onDelete }: ImageItemCardProps) {
  const { t, i18n } = useTranslation('library');
  const describe = useErrorText();
  const { toast } = useToast();
  const { image } = item;
  const picture = useCardPicture(image, source.imageFile);
  const name = shortName(image.prompt);
  const [familyOpen, setFamilyOpen] = useState(false);
  // A member chosen in the family, shown large (the card's own: the list's stays as it is).
  const [member, setMember] = useState<GeneratedImage | null>(null);
  const familyButton = useRef<HTMLButtonElement>(null);

  const download = async () => {
    try {
      // A user's picture comes named by the server; a visitor's is this browser's copy.
      saveFile(
        source.owner === 'user'
          ? await downloadImage(image)
          : { blob: await source.imageFile(image), fileName: imageFileName(image) },
      );
    } catch (error) {
      toast({ tone: 'critical', title: t('item.downloadFailed'), description: describe(error) });
    }
  };

  return (
    <MediaCard
      as="li"
      mediaRef={picture.mediaRef}
      media={picture.media}
      mediaStatus={picture.failed ? t('item.unavailable') : undefined}
      openAction={{ label: t('item.openPicture', { name }), onOpen: () => onOpen(image) }}
      title={image.prompt || t('item.noPrompt')}
      titleTooltip={image.prompt}
      titleLines={2}
      details={[
        { label: t('item.kind'), value: <Badge tone="neutral">{t('kinds.image')}</Badge> },
        { label: t('item.model'), value: image.modelName },
        { label: t('item.size'), value: `${image.width}×${image.height}` },
        madeDetail(t('item.date'), image.createdAt, i18n.language),
      ]}
      actions={
        <>
          <Button
            size="sm"
            variant="secondary"
            icon={<Download size={16} aria-hidden="true" />}
            aria-label={t('item.downloadNamed', { name })}
            onClick={() => void download()}
          >
            {t('item.download')}
          </Button>
          <Button
            ref={familyButton}
            size="sm"
            variant="ghost"
            icon={<GitFork size={16} aria-hidden="true" />}
            aria-label={t('item.familyOf.image', { name })}
            onClick={() => setFamilyOpen(true)}
          >
            {t('item.family.image')}
          </Button>
          <ItemMenu item={item} name={name} onDelete={onDelete} />
          {familyOpen ? (
            <Suspense fallback={null}>
              <ImageFamilyDialog
                image={image}
                // Under the library's key: a move or a deletion reads the family again.
                queryKey={[...libraryQueryKey, source.owner, 'family', 'image', image.id]}
                loadFamily={(signal) => source.imageFamily(image, signal)}
                loadFile={source.imageFile}
                onOpenChange={(open) => {
                  if (!open) setFamilyOpen(false);
                }}
                onOpen={(members, index) => {
                  setFamilyOpen(false);
                  setMember(members[index] ?? image);
                }}
              />
            </Suspense>
          ) : null}
          {member ? (
            <PictureDialog
              image={member}
              source={source}
              // The tree's row that opened it is gone: back to the card's Family button.
              returnFocus={familyButton}
              onClose={() => setMember(null)}
            />
          ) : null}
        </>
      }
    />
  );
}
