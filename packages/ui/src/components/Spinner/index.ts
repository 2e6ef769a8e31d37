export { Spinner, spinnerSizes } from './Spinner';
export type { SpinnerOverlay, SpinnerProps, SpinnerSize } from './Spinner';
