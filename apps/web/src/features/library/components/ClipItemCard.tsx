import type { LibraryItem } from '@studio/contracts';
import { AudioPlayer, Badge, Button, MediaCard } from '@studio/ui';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { lengthDetail, madeDetail, voiceDetail } from '../../../components/media/mediaDetails';
import { saveFile } from '../../../lib/api/endpoints/jobs/downloadJobResult';
import { clipFileName } from '../../../lib/media/clipFileName';
import type { LibrarySource } from '../librarySource';
import { ItemMenu } from './ItemMenu';
import { shortName } from './toolLinks';
import { useItemSound } from './useItemSound';

export interface ClipItemCardProps {
  item: Extract<LibraryItem, { kind: 'clip' }>;
  source: LibrarySource;
  onDelete: (item: LibraryItem) => void;
}

/** A voice clip as the voice page shows it: its player, its text and voice, its audio to save. */
export function ClipItemCard({ item, source, onDelete }: ClipItemCardProps) {
  const { t, i18n } = useTranslation('library');
  const { clip } = item;
  const { player, fetchAudio } = useItemSound(() => source.clipAudio(clip));
  const name = shortName(clip.text);

  const download = async () => {
    const blob = await fetchAudio();
    if (blob) saveFile({ blob, fileName: clipFileName(clip.text, clip.format) });
  };

  return (
    <MediaCard
      as="li"
      aspectRatio="auto"
      media={<AudioPlayer size="sm" title={name} duration={clip.durationMs / 1000} {...player} />}
      title={clip.text}
      titleTooltip={clip.text}
      titleLines={3}
      details={[
        { label: t('item.kind'), value: <Badge tone="accent">{t('kinds.clip')}</Badge> },
        voiceDetail(t('item.voice'), clip),
        lengthDetail(t('item.length'), clip.durationMs),
        madeDetail(t('item.date'), clip.createdAt, i18n.language),
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
          <ItemMenu item={item} name={name} onDelete={onDelete} />
        </>
      }
    />
  );
}
