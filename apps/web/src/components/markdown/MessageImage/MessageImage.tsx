import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as styles from './MessageImage.css';
import { useNearViewport } from './useNearViewport';

/** Fetches an image's bytes (the caller's API call: with the session, or through a share link). */
export type LoadImage = (imageUrl: string, signal: AbortSignal) => Promise<Blob>;

/**
 * An image attached to a message. Its URL is an API path that needs the caller's own request
 * (a bearer token for the owner, the share's client for a reader), so `load` fetches it and the
 * picture is shown from a blob: URL. Nothing is fetched until the image comes near the viewport.
 */
export function MessageImage({ imageUrl, load }: { imageUrl: string; load: LoadImage }) {
  const { t } = useTranslation('common');
  const placeholder = useRef<HTMLSpanElement>(null);
  const near = useNearViewport(placeholder);
  const [source, setSource] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  // The latest loader, without fetching again when a caller passes a new function each render.
  const loader = useRef(load);
  useEffect(() => {
    loader.current = load;
  }, [load]);

  useEffect(() => {
    if (!near) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    loader
      .current(imageUrl, controller.signal)
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
  }, [imageUrl, near]);

  if (failed) return <span className={styles.status}>{t('markdown.imageUnavailable')}</span>;
  if (!source) {
    return (
      <span ref={placeholder} className={styles.status}>
        {t('markdown.imageLoading')}
      </span>
    );
  }
  return (
    <img
      className={styles.image}
      src={source}
      alt={t('markdown.attachedImage')}
      loading="lazy"
      decoding="async"
    />
  );
}
