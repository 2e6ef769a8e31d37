import type { MusicModel, MusicPiece } from '@studio/contracts';
import { AudioPlayer, Button, DropdownMenu, MediaCard, useToast } from '@studio/ui';
import {
  Dices,
  GitBranch,
  RefreshCcw,
  SlidersHorizontal,
  StretchHorizontal,
  Trash2,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lengthDetail, madeDetail } from '../../../components/media/mediaDetails';
import { MoreMenu } from '../../../components/media/MoreMenu';
import { PieceDownloadMenu } from '../../../components/media/PieceDownloadMenu';
import { useSoundBlob } from '../../../lib/audio/useSoundBlob';
import { saveFile } from '../../../lib/api/endpoints/jobs/downloadJobResult';
import { useErrorText } from '../../../lib/api/useErrorText';
import { useMusicNames } from '../../../lib/media/musicNames';
import { modelCan } from '../form/musicForm';
import { pieceFileName, type PieceFileKind } from '../../../lib/media/pieceFiles';
import type { PieceSource } from '../pieces/pieceSource';
import { modelName } from '../pieces/pieceNames';

/** What a piece's buttons ask the page for. */
export interface PieceActions {
  onExtend: (piece: MusicPiece) => void;
  onSection: (piece: MusicPiece) => void;
  onVary: (piece: MusicPiece) => void;
  onReuse: (piece: MusicPiece) => void;
  onFamily: (piece: MusicPiece) => void;
  onDelete: (piece: MusicPiece) => void;
}

export interface PieceCardProps extends PieceActions {
  piece: MusicPiece;
  source: PieceSource;
  /** The models listed now: a piece's model may be gone, or unable to extend. */
  models: readonly MusicModel[];
  /** A piece is being made: the actions that make another wait. */
  busy: boolean;
}

/**
 * One piece as a MediaCard: the player (its waveform drawn from the decoded sound, its sections
 * marked, seek, play/pause, loop), what it is, its downloads (MP3, WAV, MIDI, the stems zip or
 * one stem) and its actions. The sound is fetched, or read from this browser, when first played.
 */
export function PieceCard({
  piece,
  source,
  models,
  busy,
  onExtend,
  onSection,
  onVary,
  onReuse,
  onFamily,
  onDelete,
}: PieceCardProps) {
  const { t, i18n } = useTranslation('music');
  const names = useMusicNames();
  const describe = useErrorText();
  const { toast } = useToast();
  const [audio, setAudio] = useState<Blob | null>(null);
  const [fetching, setFetching] = useState(false);
  const [failed, setFailed] = useState(false);
  const sound = useSoundBlob(audio);
  const model = models.find((candidate) => candidate.id === piece.model) ?? null;
  const { settings } = piece;
  const title = names.pieceTitle(piece);

  const fetchFile = async (kind: PieceFileKind): Promise<Blob | null> => {
    try {
      return await source.file(piece, kind);
    } catch (error) {
      toast({ tone: 'critical', title: t('piece.unavailable'), description: describe(error) });
      return null;
    }
  };

  const loadAudio = async () => {
    if (audio || fetching) return;
    setFetching(true);
    const fetched = await fetchFile('audio');
    setFetching(false);
    if (fetched) setAudio(fetched);
    else setFailed(true);
  };

  const download = async (kind: PieceFileKind) => {
    const blob = kind === 'audio' && audio ? audio : await fetchFile(kind);
    if (blob) saveFile({ blob, fileName: pieceFileName(piece, kind) });
  };

  // Why an action cannot be done, if it cannot (shown as the item's description).
  const blocked = (capability: 'extend' | 'section'): string | null => {
    if (busy) return t('piece.busy');
    if (!model) return t('piece.modelGone');
    if (!modelCan(model, capability)) {
      return t(capability === 'extend' ? 'piece.cannotExtend' : 'piece.cannotSection', {
        model: modelName(model, t),
      });
    }
    if (capability === 'section' && piece.sections.length === 0) {
      return t('piece.cannotSection', { model: modelName(model, t) });
    }
    return null;
  };
  const extendBlocked = blocked('extend');
  const sectionBlocked = blocked('section');
  const varyBlocked = busy ? t('piece.busy') : model ? null : t('piece.modelGone');

  const quality =
    piece.quality === 'offline-composer'
      ? t('model.composer')
      : t('model.cloud', { provider: t(`providers.${piece.provider}`) });

  return (
    <MediaCard
      as="li"
      aspectRatio="auto"
      media={
        <AudioPlayer
          size="sm"
          title={title}
          src={sound.url}
          peaks={sound.peaks.status === 'ready' ? sound.peaks.peaks : null}
          peaksLoading={audio !== null && sound.peaks.status === 'measuring'}
          duration={piece.durationMs / 1000}
          loading={fetching}
          loopable
          markers={piece.sections.map((section) => ({
            at: section.startMs / 1000,
            label: t(`sections.${section.name}`),
          }))}
          onPlayRequest={failed ? undefined : () => void loadAudio()}
        />
      }
      title={title}
      titleTooltip={title}
      titleLines={2}
      details={[
        {
          label: t('piece.details.model'),
          value: `${piece.provider === 'composer' ? t('model.composerName') : piece.modelName} · ${quality}`,
        },
        {
          label: t('piece.details.settings'),
          value: t('piece.details.settingsValue', {
            genre: names.genre(settings.genre),
            mood: names.mood(settings.mood),
            tempo: settings.tempo,
            key: `${settings.key.tonic} ${t(`modes.${settings.key.mode}`)}`,
          }),
        },
        lengthDetail(t('piece.details.length'), piece.durationMs),
        ...(piece.operation
          ? [{ label: t('piece.details.family'), value: names.operation(piece.operation) }]
          : []),
        madeDetail(t('piece.details.date'), piece.createdAt, i18n.language),
        // Why Extend or Vary is off, said where it can be read: a disabled button's tooltip
        // reaches neither touch screens nor the keyboard. Waiting for a piece being made is not
        // said on every card: the page shows that piece's progress.
        ...(!busy && (extendBlocked ?? varyBlocked)
          ? [{ label: t('piece.details.unavailable'), value: varyBlocked ?? extendBlocked }]
          : []),
      ]}
      actions={
        <>
          <PieceDownloadMenu
            piece={piece}
            text={t('piece.download')}
            label={t('piece.downloadNamed', { title })}
            onDownload={(kind) => void download(kind)}
          />
          <Button
            size="sm"
            variant="ghost"
            icon={<StretchHorizontal size={16} aria-hidden="true" />}
            disabled={extendBlocked !== null}
            title={extendBlocked ?? undefined}
            onClick={() => onExtend(piece)}
          >
            {t('piece.extend')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            icon={<Dices size={16} aria-hidden="true" />}
            disabled={varyBlocked !== null}
            title={varyBlocked ?? undefined}
            onClick={() => onVary(piece)}
          >
            {t('piece.vary')}
          </Button>
          <MoreMenu label={t('piece.actions', { title })}>
            <DropdownMenu.Item
              icon={<RefreshCcw size={16} />}
              disabled={sectionBlocked !== null}
              description={sectionBlocked ?? undefined}
              onSelect={() => onSection(piece)}
            >
              {t('piece.section')}
            </DropdownMenu.Item>
            <DropdownMenu.Item
              icon={<SlidersHorizontal size={16} />}
              onSelect={() => onReuse(piece)}
            >
              {t('piece.reuse')}
            </DropdownMenu.Item>
            <DropdownMenu.Item icon={<GitBranch size={16} />} onSelect={() => onFamily(piece)}>
              {t('piece.family')}
            </DropdownMenu.Item>
            <DropdownMenu.Separator />
            <DropdownMenu.Item icon={<Trash2 size={16} />} onSelect={() => onDelete(piece)}>
              {t('piece.delete')}
            </DropdownMenu.Item>
          </MoreMenu>
        </>
      }
    />
  );
}
