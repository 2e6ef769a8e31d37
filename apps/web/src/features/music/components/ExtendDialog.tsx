import {
  MUSIC_EXTEND_MAX_SECONDS,
  MUSIC_EXTEND_MIN_SECONDS,
  type MusicPiece,
} from '@studio/contracts';
import { Button, Modal, Stack, TextField } from '@studio/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMusicNames } from '../../../lib/media/musicNames';

export interface ExtendDialogProps {
  piece: MusicPiece;
  onExtend: (seconds: number) => void;
  onOpenChange: (open: boolean) => void;
}

/** The whole seconds typed, when they are within what one extension may add. */
export function extendSeconds(text: string): number | null {
  if (!/^\d{1,3}$/.test(text.trim())) return null;
  const seconds = Number(text.trim());
  return seconds >= MUSIC_EXTEND_MIN_SECONDS && seconds <= MUSIC_EXTEND_MAX_SECONDS
    ? seconds
    : null;
}

/** Extend: how many seconds to add after the piece's end. */
export function ExtendDialog({ piece, onExtend, onOpenChange }: ExtendDialogProps) {
  const { t } = useTranslation('music');
  const names = useMusicNames();
  const [text, setText] = useState('30');
  const [tried, setTried] = useState(false);
  const seconds = extendSeconds(text);
  const range = { min: MUSIC_EXTEND_MIN_SECONDS, max: MUSIC_EXTEND_MAX_SECONDS };
  return (
    <Modal.Root open onOpenChange={onOpenChange}>
      <Modal.Content
        title={t('extend.title')}
        description={t('extend.description', { title: names.pieceTitle(piece) })}
        size="sm"
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setTried(true);
            if (seconds !== null) onExtend(seconds);
          }}
        >
          <Modal.Body>
            <Stack gap="md">
              <TextField
                label={t('extend.seconds')}
                hint={t('extend.secondsHint', range)}
                inputMode="numeric"
                value={text}
                error={tried && seconds === null ? t('extend.secondsError', range) : undefined}
                onChange={(event) => setText(event.target.value)}
              />
            </Stack>
          </Modal.Body>
          <Modal.Footer>
            <Modal.Close asChild>
              <Button variant="ghost">{t('extend.cancel')}</Button>
            </Modal.Close>
            <Button type="submit">{t('extend.submit')}</Button>
          </Modal.Footer>
        </form>
      </Modal.Content>
    </Modal.Root>
  );
}
