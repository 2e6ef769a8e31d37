import { useEffect, useRef, useState } from 'react';
import { getImageFile } from './getImageFile';

export type ImageObjectUrl =
  | { status: 'loading'; url: null }
  | { status: 'ready'; url: string; blob: Blob }
  | { status: 'failed'; url: null; error: unknown };

/** Fetches a picture's bytes; a test or a visitor's stored blob may bring its own loader. */
export type LoadImageFile = (fileUrl: string, signal: AbortSignal) => Promise<Blob>;

const loading = { status: 'loading', url: null } as const;

/**
 * A generated picture as a blob: URL for an <img> (`fileUrl` from GeneratedImage, fetched with
 * the bearer token or the visitor key). A new `fileUrl` aborts the previous fetch; leaving
 * revokes the URL, so the bytes do not outlive the page. Null `fileUrl`: nothing is fetched
 * (a card not yet near the viewport).
 */
export function useImageObjectUrl(
  fileUrl: string | null,
  load: LoadImageFile = getImageFile,
): ImageObjectUrl {
  // Each outcome names the address it is for, so a new address reads as loading at once.
  const [outcome, setOutcome] = useState<{ fileUrl: string; state: ImageObjectUrl } | null>(null);
  // The latest loader, without fetching again when a caller passes a new function each render.
  const loader = useRef(load);
  useEffect(() => {
    loader.current = load;
  }, [load]);

  useEffect(() => {
    if (fileUrl === null) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    loader
      .current(fileUrl, controller.signal)
      .then((blob) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setOutcome({ fileUrl, state: { status: 'ready', url: objectUrl, blob } });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          setOutcome({ fileUrl, state: { status: 'failed', url: null, error } });
        }
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [fileUrl]);

  return outcome && outcome.fileUrl === fileUrl ? outcome.state : loading;
}
