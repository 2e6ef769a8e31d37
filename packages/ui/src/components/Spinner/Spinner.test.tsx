import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render';
import { Spinner } from './Spinner';

describe('Spinner', () => {
  it('announces the translated default label in English', () => {
    renderUi(<Spinner />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Loading…');
  });

  it('announces the translated default label in Vietnamese', () => {
    renderUi(<Spinner size="large" overlay />, { lng: 'vi' });
    expect(screen.getByRole('status')).toHaveTextContent('Đang tải…');
  });

  it('uses the given text instead of the default', () => {
    renderUi(<Spinner text="Loading your devices…" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your devices…');
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('keeps the ring out of the accessibility tree', () => {
    renderUi(<Spinner />);
    expect(screen.getByRole('status')).toHaveAccessibleName('');
    expect(screen.getByRole('status').querySelector('[aria-hidden="true"]')).not.toBeNull();
  });

  it('covers the viewport in fullscreen overlay mode', () => {
    renderUi(<Spinner overlay="fullscreen" data-testid="overlay" />);
    expect(getComputedStyle(screen.getByTestId('overlay')).position).toBe('fixed');
  });
});
