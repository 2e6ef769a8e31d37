import type { VoiceClip } from '@studio/contracts';
import { AudioPlayer, Button, Heading, Inline, Stack, Text } from '@studio/ui';
import { Download, RotateCcw, SlidersHorizontal } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../lib/api/endpoints/jobs/downloadJobResult';
import { clipFileName } from '../../../lib/media/clipFileName';
import { useSoundBlob } from '../../../lib/audio/useSoundBlob';
import { shortText } from './ClipCard';
import * as styles from './voice.css';

export interface ClipResultProps {
  clip: VoiceClip;
  audio: Blob;
  onAgain: () => void;
  onReuse: () => void;
  /** The player started (the sentences still playing stop). */
  onPlaying: () => void;
}

/**
 * The clip just made: its waveform player (decoded here; a plain bar where the browser cannot
 * decode it), download under a name made of its first words (a labelled button rather than the
 * player's icon slot, the one action everyone looks for), "Make again" and "Use these
 * settings".
 */
export function ClipResult({ clip, audio, onAgain, onReuse, onPlaying }: ClipResultProps) {
  const { t } = useTranslation('voice');
  const headingId = useId();
  const sound = useSoundBlob(audio);
  const fileName = clipFileName(clip.text, clip.format);
  const download = () => saveFile({ blob: audio, fileName });

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <Stack gap="md">
        <Heading level={3} as="h2" id={headingId}>
          {t('result.title')}
        </Heading>
        <AudioPlayer
          title={shortText(clip.text)}
          src={sound.url}
          peaks={sound.peaks.status === 'ready' ? sound.peaks.peaks : null}
          peaksLoading={sound.peaks.status === 'measuring'}
          duration={clip.durationMs / 1000}
          onPlayingChange={(playing) => {
            if (playing) onPlaying();
          }}
        />
        <Text as="p" size="sm" tone="secondary" maxLines={3} title={clip.text}>
          {clip.text}
        </Text>
        <Inline gap="sm">
          <Button
            size="sm"
            icon={<Download size={16} aria-hidden="true" />}
            aria-label={t('result.downloadNamed', { name: fileName })}
            onClick={download}
          >
            {t('result.download')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            icon={<RotateCcw size={16} aria-hidden="true" />}
            onClick={onAgain}
          >
            {t('result.again')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            icon={<SlidersHorizontal size={16} aria-hidden="true" />}
            onClick={onReuse}
          >
            {t('result.reuse')}
          </Button>
        </Inline>
      </Stack>
    </section>
  );
}
