import type { GeneratedImage } from '@studio/contracts';
import { useRef, type ReactNode, type RefObject } from 'react';
import { useImageObjectUrl } from '../../lib/api/endpoints/images/useImageObjectUrl';
import { useNearViewport } from '../markdown/MessageImage/useNearViewport';

export interface CardPicture {
  /** For MediaCard's `mediaRef`: the frame whose nearing the viewport starts the read. */
  mediaRef: RefObject<HTMLElement | null>;
  /** For MediaCard's `media`: the picture once read, nothing before. */
  media: ReactNode;
  /** The picture could not be read: the card says so. */
  failed: boolean;
}

/**
 * A picture card's thumbnail, as the gallery and the library show it: read (from the server, or
 * from this browser) only once the card nears the viewport, and shown from a blob: URL.
 */
export function useCardPicture(
  image: GeneratedImage,
  load: (image: GeneratedImage, signal: AbortSignal) => Promise<Blob>,
): CardPicture {
  const mediaRef = useRef<HTMLElement>(null);
  const near = useNearViewport(mediaRef);
  const picture = useImageObjectUrl(near ? image.fileUrl : null, (_fileUrl, signal) =>
    load(image, signal),
  );
  const media =
    picture.status === 'ready' ? (
      <img src={picture.url} alt="" width={image.width} height={image.height} decoding="async" />
    ) : null;
  return { mediaRef, media, failed: picture.status === 'failed' };
}
