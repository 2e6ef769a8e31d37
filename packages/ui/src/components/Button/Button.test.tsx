import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { Button } from './Button';

describe('Button', () => {
  it('is a real button that defaults to type=button (never submits a form by accident)', () => {
    renderUi(<Button>Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('type', 'button');
  });

  it('ignores clicks and announces the translated loading label while loading', async () => {
    const onClick = vi.fn();
    const { user } = renderUi(
      <Button loading onClick={onClick}>
        Pay
      </Button>,
      { lng: 'vi' },
    );
    const button = screen.getByRole('button');
    expect(button).toHaveAccessibleName('Pay Đang tải…');
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('forwards its ref to the DOM button', () => {
    let node: HTMLButtonElement | null = null;
    renderUi(
      <Button
        ref={(el) => {
          node = el;
        }}
      >
        Ref
      </Button>,
    );
    expect(node).toBeInstanceOf(HTMLButtonElement);
  });
});
