import type { VoiceClip } from '@studio/contracts';
import { AudioPlayer, Button, MediaCard, useToast } from '@studio/ui';
import { Download, RotateCcw, SlidersHorizontal, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lengthDetail, madeDetail, voiceDetail } from '../../../components/media/mediaDetails';
import { saveFile } from '../../../lib/api/endpoints/jobs/downloadJobResult';
import { useErrorText } from '../../../lib/api/useErrorText';
import { clipFileName } from '../../../lib/media/clipFileName';
import type { ClipSource } from '../clips/clipSource';
import { useSoundBlob } from '../../../lib/audio/useSoundBlob';

export interface ClipCardProps {
  clip: VoiceClip;
  source: ClipSource;
  onAgain: (clip: VoiceClip) => void;
  onReuse: (clip: VoiceClip) => void;
  onDelete: (clip: VoiceClip) => void;
}

/** A clip's text as a short name for buttons ("Delete: Xin chào các bạn…"). */
export function shortText(text: string, max = 40): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/**
 * One kept clip as a MediaCard: its player (the sound fetched, or read from this browser, only
 * when played or downloaded), its text, voice, length and date, and what to do with it.
 */
export function ClipCard({ clip, source, onAgain, onReuse, onDelete }: ClipCardProps) {
  const { t, i18n } = useTranslation('voice');
  const describe = useErrorText();
  const { toast } = useToast();
  const [audio, setAudio] = useState<Blob | null>(null);
  const [fetching, setFetching] = useState(false);
  const [failed, setFailed] = useState(false);
  const sound = useSoundBlob(audio);
  const name = shortText(clip.text);

  const load = async (): Promise<Blob | null> => {
    if (audio) return audio;
    setFetching(true);
    try {
      const fetched = await source.audio(clip);
      setAudio(fetched);
      return fetched;
    } catch (error) {
      setFailed(true);
      toast({ tone: 'critical', title: t('clips.unavailable'), description: describe(error) });
      return null;
    } finally {
      setFetching(false);
    }
  };

  const download = async () => {
    const blob = await load();
    if (blob) saveFile({ blob, fileName: clipFileName(clip.text, clip.format) });
  };

  return (
    <MediaCard
      as="li"
      aspectRatio="auto"
      media={
        <AudioPlayer
          size="sm"
          title={name}
          src={sound.url}
          peaks={sound.peaks.status === 'ready' ? sound.peaks.peaks : null}
          peaksLoading={audio !== null && sound.peaks.status === 'measuring'}
          duration={clip.durationMs / 1000}
          loading={fetching}
          onPlayRequest={failed ? undefined : () => void load()}
        />
      }
      title={clip.text}
      titleTooltip={clip.text}
      titleLines={3}
      details={[
        voiceDetail(t('clips.voice'), clip),
        lengthDetail(t('clips.length'), clip.durationMs),
        {
          label: t('clips.settings'),
          value: t('clips.settingsValue', { speed: clip.speed, format: clip.format.toUpperCase() }),
        },
        madeDetail(t('clips.date'), clip.createdAt, i18n.language),
      ]}
      actions={
        <>
          <Button
            size="sm"
            variant="ghost"
            icon={<RotateCcw size={16} aria-hidden="true" />}
            aria-label={t('clips.againNamed', { text: name })}
            onClick={() => onAgain(clip)}
          >
            {t('clips.again')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            icon={<SlidersHorizontal size={16} aria-hidden="true" />}
            aria-label={t('clips.reuseNamed', { text: name })}
            onClick={() => onReuse(clip)}
          >
            {t('clips.reuse')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            icon={<Download size={16} aria-hidden="true" />}
            aria-label={t('clips.downloadNamed', { text: name })}
            onClick={() => void download()}
          >
            {t('clips.download')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            icon={<Trash2 size={16} aria-hidden="true" />}
            aria-label={t('clips.deleteNamed', { text: name })}
            onClick={() => onDelete(clip)}
          >
            {t('clips.delete')}
          </Button>
        </>
      }
    />
  );
}
