import { Button } from '@studio/ui';
import { Volume2, VolumeOff } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as styles from './voice.css';
import type { VoiceSettingsProps } from './VoiceSettings';

// The sheet (Radix dialog, the settings and their GET /api/chat/voices) is not part of the chat's
// first load: it is fetched when the button is pointed at, focused or pressed.
const loadDialog = () => import('./VoiceSettingsDialog');
const VoiceSettingsDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.VoiceSettingsDialog })),
);

/**
 * Spoken replies behind one toolbar button, so the chat and its composer keep the first screen
 * on a phone and a laptop: the button says whether replies are read aloud and opens the settings
 * in a side sheet over the page (the design system's dialog), which pushes nothing down.
 */
export function VoiceSettingsButton({ value, onChange }: VoiceSettingsProps) {
  const { t } = useTranslation('conversations');
  const [sheet, setSheet] = useState({ requested: false, open: false });
  const preload = () => void loadDialog();
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        icon={value.enabled ? <Volume2 size={16} /> : <VolumeOff size={16} />}
        aria-haspopup="dialog"
        aria-expanded={sheet.open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setSheet({ requested: true, open: true })}
      >
        <span className={styles.buttonTitle}>{t('voice.title')}</span>
        <span className={styles.state}>{t(value.enabled ? 'voice.on' : 'voice.off')}</span>
      </Button>
      {sheet.requested ? (
        <Suspense fallback={null}>
          <VoiceSettingsDialog
            open={sheet.open}
            onOpenChange={(open) => setSheet({ requested: true, open })}
            value={value}
            onChange={onChange}
          />
        </Suspense>
      ) : null}
    </>
  );
}
