import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { renderUi } from '../../test/render';
import { ErrorBoundary } from './ErrorBoundary';
import { ErrorFallback, errorText, TranslatedErrorFallback } from './ErrorFallback';

describe('ErrorFallback', () => {
  it('shows the exact English texts, the error message and a Refresh Page button', async () => {
    const onRefresh = vi.fn();
    const { user } = renderUi(<ErrorFallback error={new Error('Boom')} onRefresh={onRefresh} />, {
      lng: 'vi',
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Something went wrong');
    expect(
      screen.getByText(
        "We're sorry, but something unexpected happened. Please try refreshing the page.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Error details' })).toHaveTextContent('Boom');
    await user.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it('reloads the page by default', async () => {
    const reload = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { reload } });
    try {
      const { user } = renderUi(<ErrorFallback error="x" />);
      await user.click(screen.getByRole('button', { name: 'Refresh Page' }));
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });

  it('translates the texts in the translated variant', () => {
    renderUi(<TranslatedErrorFallback error={new Error('Lỗi')} />, { lng: 'vi' });
    expect(screen.getByRole('heading', { name: 'Đã xảy ra lỗi' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Chi tiết lỗi' })).toHaveTextContent('Lỗi');
    expect(screen.getByRole('button', { name: 'Tải lại trang' })).toBeInTheDocument();
  });

  it('turns anything thrown into text', () => {
    expect(errorText(new Error('message'))).toBe('message');
    expect(errorText('plain string')).toBe('plain string');
    expect(errorText({ message: 'like an error' })).toBe('like an error');
    expect(errorText(42)).toBe('42');
  });
});

describe('ErrorBoundary', () => {
  let consoleError: MockInstance;
  beforeEach(() => {
    // React reports caught render errors on the console; keep the test output readable.
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  function Child({ fail }: { fail: boolean }) {
    if (fail) throw new Error('Render failed');
    return <p>Working</p>;
  }

  it('renders children while nothing fails', () => {
    renderUi(
      <ErrorBoundary>
        <Child fail={false} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Working')).toBeInTheDocument();
  });

  it('shows the fallback and reports the error when a child throws', () => {
    const onError = vi.fn();
    renderUi(
      <ErrorBoundary onError={onError}>
        <Child fail />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Error details' })).toHaveTextContent(
      'Render failed',
    );
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(Error);
    expect(onError.mock.calls[0]?.[1]).toHaveProperty('componentStack');
  });

  it('stays in the error state even when the children would render again', () => {
    const { rerender } = renderUi(
      <ErrorBoundary fallback={(error) => <p>Fallback: {String(error)}</p>}>
        <Child fail />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Fallback: Error: Render failed')).toBeInTheDocument();
    rerender(
      <ErrorBoundary fallback={(error) => <p>Fallback: {String(error)}</p>}>
        <Child fail={false} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Fallback: Error: Render failed')).toBeInTheDocument();
    expect(screen.queryByText('Working')).not.toBeInTheDocument();
  });

  it('renders a fallback component, which may use hooks', () => {
    renderUi(
      <ErrorBoundary FallbackComponent={TranslatedErrorFallback}>
        <Child fail />
      </ErrorBoundary>,
      { lng: 'vi' },
    );
    expect(screen.getByRole('heading', { name: 'Đã xảy ra lỗi' })).toBeInTheDocument();
  });
});
