import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render';
import { EmptyState } from './EmptyState';

describe('EmptyState', () => {
  it('renders the title as a heading at the requested level', () => {
    renderUi(<EmptyState title="No devices yet" headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3, name: 'No devices yet' })).toBeInTheDocument();
  });

  it('defaults to a level-2 heading and hides the icon from assistive technology', () => {
    renderUi(
      <EmptyState
        title="Nothing here"
        description="Try again later."
        icon={<svg data-testid="icon" />}
        action={<button type="button">Retry</button>}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Nothing here' })).toBeInTheDocument();
    expect(screen.getByText('Try again later.')).toBeInTheDocument();
    expect(screen.getByTestId('icon').parentElement).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
