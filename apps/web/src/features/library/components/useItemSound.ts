import { useToast } from '@studio/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/api/useErrorText';
import { useSoundBlob } from '../../../lib/audio/useSoundBlob';

/**
 * A card's sound, fetched (or read from this browser) only when played or downloaded, then kept
 * for both; a sound that cannot be had says so once and is not asked for again by the player.
 */
export function useItemSound(load: () => Promise<Blob>) {
  const { t } = useTranslation('library');
  const describe = useErrorText();
  const { toast } = useToast();
  const [audio, setAudio] = useState<Blob | null>(null);
  const [fetching, setFetching] = useState(false);
  const [failed, setFailed] = useState(false);
  const sound = useSoundBlob(audio);

  const fetchAudio = async (): Promise<Blob | null> => {
    if (audio) return audio;
    setFetching(true);
    try {
      const fetched = await load();
      setAudio(fetched);
      return fetched;
    } catch (error) {
      setFailed(true);
      toast({ tone: 'critical', title: t('item.unavailable'), description: describe(error) });
      return null;
    } finally {
      setFetching(false);
    }
  };

  const player = {
    src: sound.url,
    peaks: sound.peaks.status === 'ready' ? sound.peaks.peaks : null,
    peaksLoading: audio !== null && sound.peaks.status === 'measuring',
    loading: fetching,
    onPlayRequest: failed ? undefined : () => void fetchAudio(),
  };
  return { player, fetchAudio };
}
