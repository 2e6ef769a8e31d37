import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { TOAST_DURATION_MS, ToastProvider, useToast } from './Toast';
import type { ToastOptions } from './toastEntry';

function Notify({ options, label = 'Notify' }: { options: ToastOptions; label?: string }) {
  const { toast, dismiss } = useToast();
  return (
    <>
      <button type="button" onClick={() => toast(options)}>
        {label}
      </button>
      <button type="button" onClick={() => dismiss(options.id ?? 'toast-1')}>
        Dismiss first
      </button>
    </>
  );
}

function toastList() {
  return within(screen.getByRole('region', { name: 'Notifications' })).queryAllByRole('listitem');
}

afterEach(() => {
  vi.useRealTimers();
});

/** The toast region loads lazily on the first toast: let it arrive. */
async function regionLoaded() {
  await act(async () => {
    await import('./ToastRegion');
  });
}

describe('Toast', () => {
  it('closes by itself after 5000 ms by default (§9)', async () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    vi.useFakeTimers();
    renderUi(
      <ToastProvider>
        <Notify options={{ title: 'Preferences saved', tone: 'success' }} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Notify' }));
    await regionLoaded();
    expect(toastList()).toHaveLength(1);
    expect(toastList()[0]).toHaveTextContent('Preferences saved');
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 100));
    expect(toastList()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(200));
    expect(toastList()).toHaveLength(0);
  });

  it('honours a per-toast duration', async () => {
    vi.useFakeTimers();
    renderUi(
      <ToastProvider>
        <Notify options={{ title: 'Quick', duration: 1000 }} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Notify' }));
    await regionLoaded();
    act(() => vi.advanceTimersByTime(1100));
    expect(toastList()).toHaveLength(0);
  });

  it('announces the toast in a status live region', async () => {
    renderUi(
      <ToastProvider>
        <Notify
          options={{
            title: 'Payment failed',
            description: '2 of 3 attempts left',
            tone: 'critical',
          }}
        />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Notify' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveAttribute('aria-live', 'assertive');
    // Radix fills the announcement a frame later so screen readers notice the change.
    await waitFor(() => expect(status).toHaveTextContent('Notification Payment failed'));
  });

  it('stacks toasts and closes one with its translated dismiss button', async () => {
    const { user } = renderUi(
      <ToastProvider>
        <Notify options={{ title: 'Đã lưu' }} label="A" />
        <Notify options={{ title: 'Đã sao chép liên kết' }} label="B" />
      </ToastProvider>,
      { lng: 'vi' },
    );
    await user.click(screen.getByRole('button', { name: 'A' }));
    await regionLoaded();
    await user.click(screen.getByRole('button', { name: 'B' }));
    const region = screen.getByRole('region', { name: 'Thông báo' });
    expect(within(region).getAllByRole('listitem')).toHaveLength(2);
    const [first] = within(region).getAllByRole('listitem');
    // fireEvent: jsdom lacks the pointer-capture API that Radix's swipe handling calls on pointerup.
    fireEvent.click(within(first as HTMLElement).getByRole('button', { name: 'Đóng thông báo' }));
    expect(within(region).getAllByRole('listitem')).toHaveLength(1);
    expect(region).toHaveTextContent('Đã sao chép liên kết');
  });

  it('dismisses by id, and the same id replaces instead of stacking', async () => {
    const { user } = renderUi(
      <ToastProvider>
        <Notify options={{ id: 'attempts', title: 'Payment failed' }} />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Notify' }));
    await user.click(screen.getByRole('button', { name: 'Notify' }));
    expect(toastList()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Dismiss first' }));
    expect(toastList()).toHaveLength(0);
  });

  it('refuses to be used outside a provider', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Notify options={{ title: 'x' }} />)).toThrow(/ToastProvider/);
    error.mockRestore();
  });
});
