import { Button, Modal } from '@studio/ui';
import { Volume2, VolumeOff } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as styles from './voice.css';
import type { VoiceSettingsProps } from './VoiceSettings';

// The settings (and their GET /api/chat/voices) load when first opened, not with the chat.
const loadSettings = () => import('./VoiceSettings');
const VoiceSettings = lazy(() =>
  loadSettings().then((module) => ({ default: module.VoiceSettings })),
);

/**
 * Spoken replies behind one toolbar button, so the chat and its composer keep the first screen
 * on a phone and a laptop: the button says whether replies are read aloud and opens the settings
 * in a side sheet over the page (the design system's dialog), which pushes nothing down.
 */
export function VoiceSettingsButton({ value, onChange }: VoiceSettingsProps) {
  const { t } = useTranslation('conversations');
  const [open, setOpen] = useState(false);
  const preload = () => void loadSettings();
  return (
    <Modal.Root open={open} onOpenChange={setOpen}>
      <Modal.Trigger asChild>
        <Button
          variant="secondary"
          size="sm"
          icon={value.enabled ? <Volume2 size={16} /> : <VolumeOff size={16} />}
          onPointerEnter={preload}
          onFocus={preload}
        >
          {t('voice.title')}
          <span className={styles.state}>{t(value.enabled ? 'voice.on' : 'voice.off')}</span>
        </Button>
      </Modal.Trigger>
      <Modal.Content title={t('voice.title')} placement="end" size="sm">
        <Modal.Body>
          <Suspense fallback={null}>
            <VoiceSettings value={value} onChange={onChange} hideLegend />
          </Suspense>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
