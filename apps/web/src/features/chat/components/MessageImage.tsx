import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getImage } from '../api/getImage';
import * as styles from './chat.css';

/** An image attached to a user message, fetched with the session (owner-only URLs). */
export function MessageImage({ imageUrl }: { imageUrl: string }) {
  const { t } = useTranslation('chat');
  const [source, setSource] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    getImage(imageUrl, controller.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setSource(objectUrl);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [imageUrl]);

  if (failed) return <span className={styles.muted}>{t('message.imageUnavailable')}</span>;
  if (!source) return <span className={styles.muted}>{t('message.imageLoading')}</span>;
  return <img className={styles.image} src={source} alt={t('message.attachedImage')} />;
}
