import { screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { IconButton } from './IconButton';

describe('IconButton', () => {
  it('is named by its label, shows it as a tooltip and hides the icon', async () => {
    const onClick = vi.fn();
    const { user } = renderUi(
      <IconButton label="Copy message" icon={<svg data-testid="icon" />} onClick={onClick} />,
    );
    const button = screen.getByRole('button', { name: 'Copy message' });
    expect(button).toHaveAttribute('title', 'Copy message');
    expect(button).toHaveAttribute('type', 'button');
    expect(screen.getByTestId('icon').parentElement).toHaveAttribute('aria-hidden', 'true');
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is busy and ignores clicks while loading, with the translated loading label', async () => {
    const onClick = vi.fn();
    const { user } = renderUi(<IconButton label="Gửi" icon={<svg />} loading onClick={onClick} />, {
      lng: 'vi',
    });
    const button = screen.getByRole('button', { name: 'Gửi Đang tải…' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('forwards its ref to the button', () => {
    const ref = createRef<HTMLButtonElement>();
    renderUi(<IconButton ref={ref} label="Close" icon={<svg />} />);
    expect(ref.current).toBe(screen.getByRole('button'));
  });
});
