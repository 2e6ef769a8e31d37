import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { DropdownMenu } from './DropdownMenu';

// Radix positions the menu with a ResizeObserver, which jsdom does not have.
const originalResizeObserver = globalThis.ResizeObserver;
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterAll(() => {
  globalThis.ResizeObserver = originalResizeObserver;
});

function renderMenu({ onSelect = vi.fn(), onValueChange = vi.fn() } = {}) {
  return renderUi(
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>Account</DropdownMenu.Trigger>
      <DropdownMenu.Content>
        <DropdownMenu.Label>Signed in</DropdownMenu.Label>
        <DropdownMenu.Item icon="👤" onSelect={() => onSelect('profile')}>
          Profile
        </DropdownMenu.Item>
        <DropdownMenu.Item description="Pro · renews soon" onSelect={() => onSelect('membership')}>
          Membership
        </DropdownMenu.Item>
        <DropdownMenu.Separator />
        <DropdownMenu.RadioGroup value="en" onValueChange={onValueChange}>
          <DropdownMenu.RadioItem value="en" icon="🇺🇸">
            English
          </DropdownMenu.RadioItem>
          <DropdownMenu.RadioItem value="vi" icon="🇻🇳">
            Tiếng Việt
          </DropdownMenu.RadioItem>
        </DropdownMenu.RadioGroup>
        <DropdownMenu.CheckboxItem checked>Show timestamps</DropdownMenu.CheckboxItem>
      </DropdownMenu.Content>
    </DropdownMenu.Root>,
  );
}

describe('DropdownMenu', () => {
  it('opens from the keyboard, names items by their label and describes them', async () => {
    const { user } = renderMenu();
    screen.getByRole('button', { name: 'Account' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    // The icon is decorative; the label names the item, the description describes it.
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Membership' })).toHaveAccessibleDescription(
      'Pro · renews soon',
    );
    expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.getByRole('menuitemcheckbox', { name: 'Show timestamps' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('calls onSelect, closes and returns focus to the trigger', async () => {
    const onSelect = vi.fn();
    const { user } = renderMenu({ onSelect });
    const trigger = screen.getByRole('button', { name: 'Account' });
    trigger.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus());
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledWith('membership');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('reports a radio choice with onValueChange', async () => {
    const onValueChange = vi.fn();
    const { user } = renderMenu({ onValueChange });
    screen.getByRole('button', { name: 'Account' }).focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('menuitemradio', { name: 'Tiếng Việt' }));
    expect(onValueChange).toHaveBeenCalledWith('vi');
  });

  it('closes on Escape', async () => {
    const { user } = renderMenu();
    const trigger = screen.getByRole('button', { name: 'Account' });
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('menu');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });
});
