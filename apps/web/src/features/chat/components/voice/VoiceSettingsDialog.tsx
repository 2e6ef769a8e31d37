import { Modal } from '@studio/ui';
import { useTranslation } from 'react-i18next';
import { VoiceSettings, type VoiceSettingsProps } from './VoiceSettings';

export interface VoiceSettingsDialogProps extends VoiceSettingsProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The spoken-reply settings in a side sheet (loaded by VoiceSettingsButton when first opened). */
export function VoiceSettingsDialog({ open, onOpenChange, ...settings }: VoiceSettingsDialogProps) {
  const { t } = useTranslation('conversations');
  return (
    <Modal.Root open={open} onOpenChange={onOpenChange}>
      <Modal.Content title={t('voice.title')} placement="end" size="sm">
        <Modal.Body>
          <VoiceSettings {...settings} hideLegend />
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
