export * from './model.ts';
export * from './safety/document-error.ts';
export * from './safety/limits.ts';
export {
  inspectFile,
  type InspectOptions,
  type Inspection,
  type Refusal,
} from './safety/inspect-file.ts';
export * from './read/read-result.ts';
export { readDocument } from './read/read-document.ts';
export { ocrThresholdCharacters } from './read/read-pdf.ts';
export {
  closeDocumentWorkers,
  defaultDocumentWorker,
  liveDocumentWorkers,
  readDocumentInWorker,
  type WorkerReadOptions,
  type WorkerSource,
} from './read/read-in-worker.ts';
export { renderPdfPage, type RenderPdfPageOptions } from './render/render-pdf-page.ts';
export * from './write/index.ts';
