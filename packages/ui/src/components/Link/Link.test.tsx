import { screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render';
import { Link } from './Link';

describe('Link', () => {
  it('is a plain anchor by default', () => {
    renderUi(<Link href="/reset-password">Forgot password?</Link>);
    const link = screen.getByRole('link', { name: 'Forgot password?' });
    expect(link).toHaveAttribute('href', '/reset-password');
    expect(link).not.toHaveAttribute('target');
    expect(link).not.toHaveAttribute('rel');
  });

  it('opens an external link in a new tab without an opener and says so', () => {
    renderUi(
      <Link href="https://discord.com" external>
        Discord
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Discord (opens in a new tab)' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('says so in Vietnamese too', () => {
    renderUi(
      <Link href="https://discord.com" external>
        Discord
      </Link>,
      { lng: 'vi' },
    );
    expect(screen.getByRole('link', { name: 'Discord (mở trong thẻ mới)' })).toBeInTheDocument();
  });

  it('keeps the caller’s own rel on an external link', () => {
    renderUi(
      <Link href="https://example.com" external rel="nofollow">
        Example
      </Link>,
    );
    expect(screen.getByRole('link', { name: /^Example/ })).toHaveAttribute(
      'rel',
      'noopener noreferrer nofollow',
    );
  });

  it('forwards its ref to the anchor', () => {
    const ref = createRef<HTMLAnchorElement>();
    renderUi(
      <Link ref={ref} href="/plans">
        Plans
      </Link>,
    );
    expect(ref.current).toBe(screen.getByRole('link'));
  });
});
