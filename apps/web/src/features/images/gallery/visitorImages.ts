import { useCallback } from 'react';
import { useVisitorCollection } from '../../../lib/visitor/useVisitorCollection';
import { readVisitorImage, VISITOR_IMAGES } from '../../../lib/visitor/collections';
import { visitorCollection } from '../../../lib/visitor/visitorCollection';
import { createVisitorStore, type VisitorStore } from './visitorStore';

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
