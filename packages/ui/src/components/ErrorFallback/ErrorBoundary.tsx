import {
  Component,
  createElement,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { ErrorFallback } from './ErrorFallback';

export interface ErrorBoundaryProps {
  children?: ReactNode;
  /** Renders the error screen from what was thrown. */
  fallback?: (error: unknown) => ReactNode;
  /** A component rendered with `{ error }` instead (may use hooks, e.g. TranslatedErrorFallback). */
  FallbackComponent?: ComponentType<{ error: unknown }>;
  /** For logging: called once with what was thrown and the component stack. */
  onError?: (error: unknown, info: ErrorInfo) => void;
}

interface ErrorBoundaryState {
  failed: boolean;
  error: unknown;
}

/**
 * Catches errors thrown while rendering its children and shows a fallback (the plain
 * ErrorFallback unless told otherwise). There is deliberately no reset: once failed it stays
 * failed until the page reloads, so a half-broken tree never comes back (spec §4).
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false, error: undefined };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError?.(error, info);
  }

  override render() {
    const { failed, error } = this.state;
    if (!failed) return this.props.children;
    const { fallback, FallbackComponent } = this.props;
    if (fallback) return fallback(error);
    return createElement(FallbackComponent ?? ErrorFallback, { error });
  }
}
