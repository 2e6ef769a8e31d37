import { screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { Checkbox } from './Checkbox';

describe('Checkbox', () => {
  it('is a native checkbox named by its label, toggled by click, label and Space', async () => {
    const onChange = vi.fn();
    const { user } = renderUi(<Checkbox onChange={onChange}>Send me product news</Checkbox>);
    const checkbox = screen.getByRole('checkbox', { name: 'Send me product news' });
    expect(checkbox).not.toBeChecked();
    await user.click(checkbox);
    expect(checkbox).toBeChecked();
    await user.click(screen.getByText('Send me product news'));
    expect(checkbox).not.toBeChecked();
    checkbox.focus();
    await user.keyboard(' ');
    expect(checkbox).toBeChecked();
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  // Whether following the link leaves the box alone is checked in a real browser (the story):
  // jsdom does not implement the label rule for interactive content.
  it('can hold a link in its label, reachable by keyboard after the box', async () => {
    const { user } = renderUi(
      <Checkbox>
        I agree to the <a href="#terms">terms of service</a>
      </Checkbox>,
    );
    const checkbox = screen.getByRole('checkbox', { name: 'I agree to the terms of service' });
    await user.tab();
    expect(checkbox).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'terms of service' })).toHaveFocus();
  });

  it('shows an error under it, tied by aria-describedby, and marks it invalid', () => {
    renderUi(
      <Checkbox hint="You can unsubscribe at any time." error="Please accept the terms">
        I agree
      </Checkbox>,
    );
    const checkbox = screen.getByRole('checkbox', { name: 'I agree' });
    expect(checkbox).toHaveAttribute('aria-invalid', 'true');
    expect(checkbox).toHaveAccessibleDescription(
      'You can unsubscribe at any time. Please accept the terms',
    );
  });

  it('cannot be toggled when disabled', async () => {
    const { user } = renderUi(<Checkbox disabled>Locked</Checkbox>);
    const checkbox = screen.getByRole('checkbox', { name: 'Locked' });
    expect(checkbox).toBeDisabled();
    await user.click(checkbox);
    expect(checkbox).not.toBeChecked();
  });

  it('forwards its ref to the input', () => {
    const ref = createRef<HTMLInputElement>();
    renderUi(<Checkbox ref={ref}>Ref</Checkbox>);
    expect(ref.current).toBe(screen.getByRole('checkbox'));
  });
});
