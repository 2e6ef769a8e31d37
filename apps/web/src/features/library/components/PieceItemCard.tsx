import type { LibraryItem } from '@studio/contracts';
import { AudioPlayer, Badge, Button, MediaCard, useToast } from '@studio/ui';
import { GitBranch } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lengthDetail, madeDetail } from '../../../components/media/mediaDetails';
import { PieceDownloadMenu } from '../../../components/media/PieceDownloadMenu';
import { saveFile } from '../../../lib/api/endpoints/jobs/downloadJobResult';
import { useErrorText } from '../../../lib/api/useErrorText';
import { useMusicNames } from '../../../lib/media/musicNames';
import { pieceFileName, type PieceFileKind } from '../../../lib/media/pieceFiles';
import { libraryQueryKey } from '../../../lib/api/endpoints/library/listLibrary';
import type { LibrarySource } from '../librarySource';
import { ItemMenu } from './ItemMenu';
import { shortName } from './toolLinks';
import { useItemSound } from './useItemSound';

// The family view loads when a family is first asked for.
const PieceFamilyDialog = lazy(() =>
  import('../../../components/family/PieceFamilyDialog').then((module) => ({
    default: module.PieceFamilyDialog,
  })),
);

export interface PieceItemCardProps {
  item: Extract<LibraryItem, { kind: 'piece' }>;
  source: LibrarySource;
  onDelete: (item: LibraryItem) => void;
}

/**
 * A piece of music as the music page shows it: its player with the waveform, its title (a piece
 * without a prompt named by its mood and genre, translated), what made it, its files to download
 * (the MP3, and the WAV, MIDI and stems it has) and its family.
 */
export function PieceItemCard({ item, source, onDelete }: PieceItemCardProps) {
  const { t, i18n } = useTranslation('library');
  const names = useMusicNames();
  const describe = useErrorText();
  const { toast } = useToast();
  const { piece } = item;
  const { player, fetchAudio } = useItemSound(() => source.pieceFile(piece, 'audio'));
  const title = names.pieceTitle(piece);
  const name = shortName(title);
  const [familyOpen, setFamilyOpen] = useState(false);

  const download = async (kind: PieceFileKind) => {
    try {
      const blob = kind === 'audio' ? await fetchAudio() : await source.pieceFile(piece, kind);
      if (blob) saveFile({ blob, fileName: pieceFileName(piece, kind) });
    } catch (error) {
      toast({ tone: 'critical', title: t('item.downloadFailed'), description: describe(error) });
    }
  };

  return (
    <MediaCard
      as="li"
      aspectRatio="auto"
      media={<AudioPlayer size="sm" title={title} duration={piece.durationMs / 1000} {...player} />}
      title={title}
      titleTooltip={title}
      titleLines={2}
      details={[
        { label: t('item.kind'), value: <Badge tone="success">{t('kinds.piece')}</Badge> },
        { label: t('item.model'), value: piece.modelName },
        lengthDetail(t('item.length'), piece.durationMs),
        madeDetail(t('item.date'), piece.createdAt, i18n.language),
      ]}
      actions={
        <>
          <PieceDownloadMenu
            piece={piece}
            text={t('item.download')}
            label={t('item.downloadNamed', { name: title })}
            onDownload={(kind) => void download(kind)}
          />
          <Button
            size="sm"
            variant="ghost"
            icon={<GitBranch size={16} aria-hidden="true" />}
            aria-label={t('item.familyOf.piece', { name })}
            onClick={() => setFamilyOpen(true)}
          >
            {t('item.family.piece')}
          </Button>
          <ItemMenu item={item} name={name} onDelete={onDelete} />
          {familyOpen ? (
            <Suspense fallback={null}>
              <PieceFamilyDialog
                piece={piece}
                // Under the library's key: a move or a deletion reads the family again.
                queryKey={[...libraryQueryKey, source.owner, 'family', 'piece', piece.id]}
                loadFamily={(signal) => source.pieceFamily(piece, signal)}
                onOpenChange={(open) => {
                  if (!open) setFamilyOpen(false);
                }}
              />
            </Suspense>
          ) : null}
        </>
      }
    />
  );
}
