import type { MusicPiece } from '@studio/contracts';
import { Button, DropdownMenu } from '@studio/ui';
import { ChevronDown, Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useMusicNames } from '../../lib/media/musicNames';
import { pieceFileUrl, type PieceFileKind } from '../../lib/media/pieceFiles';

export interface PieceDownloadMenuProps {
  piece: MusicPiece;
  /** The button's words ("Download"), in the caller's own, as its other buttons say them. */
  text: string;
  /** Names the button and its menu after the piece, starting with `text` ("Download: …"). */
  label: string;
  onDownload: (kind: PieceFileKind) => void;
}

const mainFiles = ['audio', 'wav', 'midi', 'stems'] as const;

/**
 * A piece's downloads, as the music page and the library both offer them: its MP3, WAV, MIDI
 * and stems zip (one its model did not make is shown, disabled, saying so), then each stem.
 */
export function PieceDownloadMenu({ piece, text, label, onDownload }: PieceDownloadMenuProps) {
  const { t } = useTranslation('media');
  const names = useMusicNames();

  const fileItem = (kind: PieceFileKind, words: string) => {
    const missing = pieceFileUrl(piece, kind) === null;
    return (
      <DropdownMenu.Item
        key={kind}
        disabled={missing}
        description={missing ? t('pieceFiles.noFile') : undefined}
        onSelect={() => onDownload(kind)}
      >
        {words}
      </DropdownMenu.Item>
    );
  };

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button
          size="sm"
          variant="secondary"
          icon={<Download size={16} aria-hidden="true" />}
          iconEnd={<ChevronDown size={16} aria-hidden="true" />}
          aria-label={label}
        >
          {text}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content aria-label={label}>
        {mainFiles.map((kind) => fileItem(kind, t(`pieceFiles.${kind}`)))}
        {piece.stems.length > 0 ? <DropdownMenu.Separator /> : null}
        {piece.stems.map(({ instrument }) =>
          fileItem(
            `stem:${instrument}`,
            t('pieceFiles.stem', { instrument: names.instrument(instrument) }),
          ),
        )}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
