import type { MusicPiece } from '@studio/contracts';
import { Button, formatClock, Modal, Select } from '@studio/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMusicNames } from '../../../lib/media/musicNames';

export interface SectionDialogProps {
  piece: MusicPiece;
  onRewrite: (sectionIndex: number) => void;
  onOpenChange: (open: boolean) => void;
}

/** Rewrite a section: which one (by its place and time in the piece). */
export function SectionDialog({ piece, onRewrite, onOpenChange }: SectionDialogProps) {
  const { t } = useTranslation('music');
  const names = useMusicNames();
  const [index, setIndex] = useState(0);
  const options = piece.sections.map((section, at) => ({
    value: String(at),
    label: t('sectionDialog.option', {
      number: at + 1,
      section: t(`sections.${section.name}`),
      start: formatClock(section.startMs / 1000),
      end: formatClock(section.endMs / 1000),
    }),
  }));
  return (
    <Modal.Root open onOpenChange={onOpenChange}>
      <Modal.Content
        title={t('sectionDialog.title')}
        description={t('sectionDialog.description', { title: names.pieceTitle(piece) })}
        size="sm"
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onRewrite(index);
          }}
        >
          <Modal.Body>
            <Select
              label={t('sectionDialog.label')}
              options={options}
              value={String(index)}
              placeholder={false}
              onChange={(event) => setIndex(Number(event.target.value))}
            />
          </Modal.Body>
          <Modal.Footer>
            <Modal.Close asChild>
              <Button variant="ghost">{t('sectionDialog.cancel')}</Button>
            </Modal.Close>
            <Button type="submit">{t('sectionDialog.submit')}</Button>
          </Modal.Footer>
        </form>
      </Modal.Content>
    </Modal.Root>
  );
}
