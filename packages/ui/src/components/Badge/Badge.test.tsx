import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render';
import { Badge } from './Badge';

describe('Badge', () => {
  it('reads as its text only, with the icon hidden from assistive technology', () => {
    renderUi(
      <Badge tone="success" icon={<svg data-testid="icon" />} data-testid="badge">
        Active
      </Badge>,
    );
    expect(screen.getByTestId('badge')).toHaveTextContent(/^Active$/);
    expect(screen.getByTestId('icon').parentElement).toHaveAttribute('aria-hidden', 'true');
  });

  it('passes native attributes through (e.g. a title for truncated text)', () => {
    renderUi(<Badge title="Payment attempts almost used up">Payment attempts…</Badge>);
    expect(screen.getByTitle('Payment attempts almost used up')).toBeInTheDocument();
  });
});
