export { ErrorFallback, TranslatedErrorFallback, errorText } from './ErrorFallback';
export type { ErrorFallbackProps } from './ErrorFallback';
export { ErrorBoundary } from './ErrorBoundary';
export type { ErrorBoundaryProps } from './ErrorBoundary';
