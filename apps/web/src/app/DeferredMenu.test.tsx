import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LanguageMenu } from '../features/preferences/components/LanguageMenu';
import { LinkMenu } from '../features/shell/components/LinkMenu';
import { helpLinks } from '../features/shell/navigation';
import { renderInApp } from '../test/render';

describe('DeferredMenu', () => {
  it('is a closed menu button until wanted, then opens the real menu', async () => {
    const { user } = renderInApp(<LinkMenu label="Help" links={helpLinks} />);
    const trigger = await screen.findByRole('button', { name: 'Help' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Help' })).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Help' })).toHaveFocus();
  });

  it('opens from the keyboard too, and its choices work', async () => {
    const { user, i18n } = renderInApp(<LanguageMenu />);
    const trigger = await screen.findByRole('button', { name: 'Language: EN, English' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Tiếng Việt' }));
    await waitFor(() => expect(i18n.language).toBe('vi'));
    expect(
      await screen.findByRole('button', { name: 'Ngôn ngữ: VI, Tiếng Việt' }),
    ).toBeInTheDocument();
  });
});
