import { generatedImage, type GeneratedImage } from '@studio/contracts';
import { useCallback } from 'react';
import { useVisitorCollection } from '../../../lib/visitor/useVisitorCollection';
import { visitorCollection, type ReadVisitorItem } from '../../../lib/visitor/visitorCollection';
import { createVisitorStore, type VisitorStore } from './visitorStore';

/**
 * A visitor's pictures: the visitor collection 'images', each picture's metadata with its PNG.
 * Its browser database ('studio-visitor-images') is the one the image tools made before the
 * visitor module had collections, so the pictures kept then are still read.
 */
export const VISITOR_IMAGES = 'images';

/** What was stored may come from an older version of the app: keep only well-formed images. */
export const readVisitorImage: ReadVisitorItem<GeneratedImage> = (stored) => {
  const parsed = generatedImage.safeParse(stored);
  return parsed.success ? parsed.data : null;
};

/**
 * Opens a visitor's gallery; its calls reject with VisitorStorageUnavailableError where the
 * browser keeps nothing.
 */
export type OpenVisitorStore = () => Promise<VisitorStore>;

/** This browser's visitor gallery (the image pages' default; stories read it too). */
export const openBrowserVisitorStore: OpenVisitorStore = () =>
  Promise.resolve(createVisitorStore(visitorCollection(VISITOR_IMAGES, readVisitorImage)));

/** The visitor gallery in the components' storage (lib/visitor's VisitorStorageContext). */
export function useOpenVisitorStore(): OpenVisitorStore {
  const images = useVisitorCollection(VISITOR_IMAGES, readVisitorImage);
  return useCallback(() => Promise.resolve(createVisitorStore(images)), [images]);
}
