// What the image pages use of the gallery: the component, its store hook and, for stories and
// tests, the visitor store's context.
export { Gallery, type GalleryProps } from './components/Gallery';
export { useGalleryStore, type GalleryStore } from './hooks/useGalleryStore';
export { VisitorStoreContext, type OpenVisitorStore } from './visitorStoreContext';
