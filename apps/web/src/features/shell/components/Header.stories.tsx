import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../app/storybook';
import { PreferenceControls } from '../../preferences/components/PreferenceControls';
import { Header, type HeaderProps } from './Header';
import { root } from './layout.css';
import { UserMenu } from './UserMenu';

function HeaderInShell(
  props: Pick<HeaderProps, 'sidebar' | 'onPro'> & { userName: string | null },
) {
  return (
    <div className={root} style={{ minHeight: 0 }}>
      <Header
        sidebar={props.sidebar}
        preferences={<PreferenceControls />}
        userMenu={<UserMenu userName={props.userName} onSignIn={fn()} onSignOut={fn()} />}
        onPro={props.onPro}
      />
    </div>
  );
}

/** The header's menus (§2): four groups, help, preferences, Pro and the user menu. */
const meta = {
  title: 'App/Header',
  component: HeaderInShell,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  args: {
    userName: null,
    sidebar: { open: false, controls: 'sidebar', toggle: fn() },
    onPro: fn(),
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof HeaderInShell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const MenuGroups: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getByRole('navigation', { name: 'Main menu' });
    await expect(
      within(nav)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['AI tools', 'Resources', 'Company', 'Support']);
    await userEvent.click(within(nav).getByRole('button', { name: 'AI tools' }));
    const menu = await screen.findByRole('menu', { name: 'AI tools' });
    await expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['All services', 'Imagen', 'Office tools', 'Anime']);
  },
};

/** §2: the Pro button opens the upgrade modal (AppLayout hosts it), it does not navigate. */
export const ProButton: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Go Pro' }));
    await expect(args.onPro).toHaveBeenCalledOnce();
  },
};

export const UserMenuSignedOut: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Account' }));
    const menu = await screen.findByRole('menu', { name: 'Account' });
    await expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Profile', 'Membership', 'Plans & Pricing', 'Sign in']);
  },
};

export const HelpMenu: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Help' }));
    const menu = await screen.findByRole('menu', { name: 'Help' });
    await expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Help Center', 'About us', 'Privacy Policy', 'Terms of Use', 'Contact us']);
  },
};

export const LanguageSwitch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Language: EN, English' }));
    const menu = await screen.findByRole('menu', { name: 'Language: EN, English' });
    await expect(within(menu).getByRole('menuitemradio', { name: 'English' })).toBeChecked();
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'Tiếng Việt' }));
    // The whole header speaks Vietnamese at once.
    await waitFor(() =>
      expect(canvas.getByRole('navigation', { name: 'Menu chính' })).toBeInTheDocument(),
    );
    await expect(canvas.getByRole('button', { name: 'Công cụ AI' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Ngôn ngữ: VI, Tiếng Việt' })).toBeVisible();
  },
};

export const CurrencyChoice: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Currency: USD' }));
    const menu = await screen.findByRole('menu', { name: 'Currency: USD' });
    const items = within(menu).getAllByRole('menuitemradio');
    await expect(items.map((item) => item.textContent)).toEqual([
      '$USDUS dollar',
      '€EUREuro',
      '£GBPBritish pound',
      '₫VNDVietnamese dong',
      '¥CNYChinese yuan',
      '﷼SARSaudi riyal',
      'د.إAEDUAE dirham',
    ]);
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'VND' }));
    await expect(canvas.getByRole('button', { name: 'Currency: VND' })).toBeVisible();
  },
};

export const ThemeChoice: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Theme: Dark' });
    await userEvent.click(button);
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const picker = canvas.getByRole('radiogroup', { name: 'Theme' });
    await expect(within(picker).getByRole('radio', { name: 'Dark' })).toHaveFocus();
    await userEvent.click(within(picker).getByRole('radio', { name: 'Forest' }));
    await expect(document.documentElement).toHaveAttribute('data-theme', 'forest');
    await userEvent.keyboard('{Escape}');
    await expect(canvas.getByRole('button', { name: 'Theme: Forest' })).toHaveFocus();
  },
};
