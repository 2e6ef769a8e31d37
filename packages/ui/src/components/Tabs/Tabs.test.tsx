import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { Tabs } from './Tabs';

function renderTabs(onValueChange = vi.fn(), variant: 'underline' | 'pill' = 'underline') {
  return renderUi(
    <Tabs.Root defaultValue="login" onValueChange={onValueChange}>
      <Tabs.List aria-label="Account" variant={variant}>
        <Tabs.Trigger value="login">Login</Tabs.Trigger>
        <Tabs.Trigger value="register">Register</Tabs.Trigger>
        <Tabs.Trigger value="sso" disabled>
          SSO
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="login">Login form</Tabs.Content>
      <Tabs.Content value="register">Register form</Tabs.Content>
      <Tabs.Content value="sso">SSO form</Tabs.Content>
    </Tabs.Root>,
  );
}

describe('Tabs', () => {
  it('exposes a named tablist, tabs and the selected panel', () => {
    renderTabs();
    expect(screen.getByRole('tablist', { name: 'Account' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab')).toHaveLength(3);
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Login' })).toHaveTextContent('Login form');
    expect(screen.queryByText('Register form')).not.toBeInTheDocument();
  });

  it('moves and selects with the arrow keys, skipping disabled tabs', async () => {
    const onValueChange = vi.fn();
    const { user } = renderTabs(onValueChange, 'pill');
    await user.click(screen.getByRole('tab', { name: 'Login' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Register' })).toHaveFocus();
    expect(onValueChange).toHaveBeenLastCalledWith('register');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Register form');
    // SSO is disabled: the next stop wraps to Login.
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveFocus();
  });
});
