// What the image pages use of the gallery: the component, its store hook, how to tell a browser
// that keeps nothing (to word addGenerated's refusal) and, for stories and tests, the visitor
// store's context.
export { Gallery, type GalleryProps } from './components/Gallery';
export { useGalleryStore, type GalleryStore } from './hooks/useGalleryStore';
export { isVisitorStorageUnavailable } from './store/visitorRecords';
export { VisitorStoreContext, type OpenVisitorStore } from './visitorStoreContext';
