import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../test/i18n';
import { MessageImage, type LoadImage } from './MessageImage';

/** An IntersectionObserver the test moves: `reveal()` brings every observed element into view. */
function stubIntersectionObserver() {
  const callbacks: IntersectionObserverCallback[] = [];
  const targets: Element[] = [];
  class Observer {
    constructor(callback: IntersectionObserverCallback) {
      callbacks.push(callback);
    }
    observe(target: Element) {
      targets.push(target);
    }
    disconnect() {}
    unobserve() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', Observer);
  return {
    reveal() {
      for (const callback of callbacks) {
        callback(
          targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
          {} as IntersectionObserver,
        );
      }
    },
  };
}

function renderImage(load: LoadImage, language: 'en' | 'vi' = 'en') {
  return render(
    <I18nextProvider i18n={createTestI18n(language)}>
      <MessageImage imageUrl="/api/chat/share/slug/images/photo" load={load} />
    </I18nextProvider>,
  );
}

describe('MessageImage', () => {
  // jsdom has no blob: URLs.
  const { createObjectURL, revokeObjectURL } = URL;
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:photo');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });

  it('fetches nothing until the image comes near the viewport, then shows it lazily', async () => {
    const viewport = stubIntersectionObserver();
    const load = vi.fn<LoadImage>(async () => new Blob(['png'], { type: 'image/png' }));
    renderImage(load);

    expect(screen.getByText('Loading image…')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();

    act(() => viewport.reveal());
    const image = await screen.findByRole('img', { name: 'Attached image' });
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('/api/chat/share/slug/images/photo', expect.any(AbortSignal));
    expect(image).toHaveAttribute('src', 'blob:photo');
    expect(image).toHaveAttribute('loading', 'lazy');
  });

  it('loads at once where the browser cannot tell what is visible', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const load = vi.fn<LoadImage>(async () => new Blob(['png']));
    renderImage(load);
    expect(await screen.findByRole('img', { name: 'Attached image' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says so when the image cannot be had, in the reader’s language', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    renderImage(async () => Promise.reject(new Error('404')), 'vi');
    expect(await screen.findByText('Không xem được ảnh')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
