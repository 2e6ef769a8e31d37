import { useMemo } from 'react';
import {
  readVisitorClip,
  readVisitorImage,
  readVisitorMusicEntry,
  readVisitorWriting,
  VISITOR_CLIPS,
  VISITOR_IMAGES,
  VISITOR_PIECES,
  VISITOR_WRITINGS,
} from '../../../lib/visitor/collections';
import { useVisitorCollection } from '../../../lib/visitor/useVisitorCollection';
import type { VisitorLibraryCollections } from '../librarySource';

/** The tools' four collections in the storage of VisitorStorageContext (this browser's). */
export function useVisitorLibraryCollections(): VisitorLibraryCollections {
  const images = useVisitorCollection(VISITOR_IMAGES, readVisitorImage);
  const clips = useVisitorCollection(VISITOR_CLIPS, readVisitorClip);
  const music = useVisitorCollection(VISITOR_PIECES, readVisitorMusicEntry);
  const writings = useVisitorCollection(VISITOR_WRITINGS, readVisitorWriting);
  return useMemo(() => ({ images, clips, music, writings }), [images, clips, music, writings]);
}
