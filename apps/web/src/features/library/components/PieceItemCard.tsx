import type { LibraryItem } from '@studio/contracts';
import {
  AudioPlayer,
  Badge,
  Button,
  DropdownMenu,
  formatClock,
  formatMoment,
  MediaCard,
  useToast,
} from '@studio/ui';
import { ChevronDown, Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../lib/api/endpoints/jobs/downloadJobResult';
import { useErrorText } from '../../../lib/api/useErrorText';
import { pieceFileKinds, pieceFileName, type PieceFileKind } from '../../../lib/media/pieceFiles';
import type { LibrarySource } from '../librarySource';
import { ItemMenu } from './ItemMenu';
import { useItemSound } from './useItemSound';

export interface PieceItemCardProps {
  item: Extract<LibraryItem, { kind: 'piece' }>;
  source: LibrarySource;
  onDelete: (item: LibraryItem) => void;
}

/**
 * A piece of music as the music page shows it: its player with the waveform, its title, what
 * made it, and its files to download (the MP3, and the WAV, MIDI and stems it has).
 */
export function PieceItemCard({ item, source, onDelete }: PieceItemCardProps) {
  const { t, i18n } = useTranslation('library');
  const describe = useErrorText();
  const { toast } = useToast();
  const { piece } = item;
  const { player, fetchAudio } = useItemSound(() => source.pieceFile(piece, 'audio'));

  const download = async (kind: PieceFileKind) => {
    try {
      const blob = kind === 'audio' ? await fetchAudio() : await source.pieceFile(piece, kind);
      if (blob) saveFile({ blob, fileName: pieceFileName(piece, kind) });
    } catch (error) {
      toast({ tone: 'critical', title: t('item.downloadFailed'), description: describe(error) });
    }
  };
  const label = (kind: PieceFileKind) =>
    kind.startsWith('stem:')
      ? t('files.stem', { instrument: kind.slice('stem:'.length) })
      : t(`files.${kind as 'audio' | 'wav' | 'midi' | 'stems'}`);

  return (
    <MediaCard
      as="li"
      aspectRatio="auto"
      media={
        <AudioPlayer size="sm" title={piece.title} duration={piece.durationMs / 1000} {...player} />
      }
      title={piece.title}
      titleTooltip={piece.title}
      titleLines={2}
      details={[
        { label: t('item.kind'), value: <Badge tone="success">{t('kinds.piece')}</Badge> },
        { label: t('item.model'), value: piece.modelName },
        { label: t('item.length'), value: formatClock(piece.durationMs / 1000) },
        {
          label: t('item.date'),
          value: (
            <time dateTime={piece.createdAt}>{formatMoment(piece.createdAt, i18n.language)}</time>
          ),
        },
      ]}
      actions={
        <>
          <DropdownMenu.Root>
            <DropdownMenu.Trigger asChild>
              <Button
                size="sm"
                variant="secondary"
                icon={<Download size={16} aria-hidden="true" />}
                iconEnd={<ChevronDown size={16} aria-hidden="true" />}
                aria-label={t('item.downloadNamed', { name: piece.title })}
              >
                {t('item.download')}
              </Button>
            </DropdownMenu.Trigger>
            <DropdownMenu.Content aria-label={t('item.downloadNamed', { name: piece.title })}>
              {pieceFileKinds(piece).map((kind) => (
                <DropdownMenu.Item key={kind} onSelect={() => void download(kind)}>
                  {label(kind)}
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Content>
          </DropdownMenu.Root>
          <ItemMenu item={item} onDelete={onDelete} />
        </>
      }
    />
  );
}
