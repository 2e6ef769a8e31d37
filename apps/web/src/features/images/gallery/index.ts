// What the image pages use of the gallery: the component, its store hook and, for stories and
// tests, how a visitor's gallery is opened (its storage is lib/visitor's VisitorStorageContext;
// isVisitorStorageUnavailable, there too, tells a browser that keeps nothing).
export { Gallery, type GalleryProps } from './components/Gallery';
export { useGalleryStore, type GalleryStore } from './hooks/useGalleryStore';
export { type OpenVisitorStore } from './visitorImages';
