import { useMemo } from 'react';
import {
  readVisitorClip,
  readVisitorImage,
  readVisitorMusicEntry,
  VISITOR_CLIPS,
  VISITOR_IMAGES,
  VISITOR_PIECES,
} from '../../../lib/visitor/collections';
import { useVisitorCollection } from '../../../lib/visitor/useVisitorCollection';
import type { VisitorLibraryCollections } from '../librarySource';

/** The tools' three collections in the storage of VisitorStorageContext (this browser's). */
export function useVisitorLibraryCollections(): VisitorLibraryCollections {
  const images = useVisitorCollection(VISITOR_IMAGES, readVisitorImage);
  const clips = useVisitorCollection(VISITOR_CLIPS, readVisitorClip);
  const music = useVisitorCollection(VISITOR_PIECES, readVisitorMusicEntry);
  return useMemo(() => ({ images, clips, music }), [images, clips, music]);
}
