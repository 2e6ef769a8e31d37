import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ThemeName } from '@studio/tokens';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../testing/storybook';
import { PreferenceControls } from '../features/preferences/components/PreferenceControls';
import { Header, type HeaderProps } from '../features/shell/components/Header';
import { root } from '../features/shell/components/layout.css';
import { SignInButton } from '../features/shell/components/SignInButton';
import { UserMenu } from '../features/shell/components/UserMenu';

function HeaderInShell(props: Pick<HeaderProps, 'onPro' | 'pro'> & { userName: string | null }) {
  return (
    <div className={root} style={{ minHeight: 0 }}>
      <Header
        preferences={<PreferenceControls />}
        signIn={props.userName ? null : <SignInButton onClick={fn()} />}
        userMenu={<UserMenu userName={props.userName} onSignIn={fn()} onSignOut={fn()} />}
        onPro={props.onPro}
        pro={props.pro ?? false}
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
    ).toEqual([
      'All services',
      'Image generator',
      'Imagen',
      'Vision',
      'Content writer',
      'Office tools',
      'Anime',
      'Voice synthesis',
      'Music creator',
    ]);
  },
};

/** §2: the Pro button opens the upgrade modal (AppLayout hosts it), it does not navigate. */
export const ProButton: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Go Pro' }));
    await expect(args.onPro).toHaveBeenCalledOnce();
  },
};

/**
 * Issue 22 §5: a Pro member is not offered Pro again. The button becomes a link to their
 * membership that says the plan they have.
 */
export const ProMember: Story = {
  args: { userName: 'Linh Nguyen', pro: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'Go Pro' })).toBeNull();
    const plan = canvas.getByRole('link', { name: 'Pro plan: your membership' });
    await expect(plan).toBeVisible();
    await expect(plan).toHaveTextContent('Pro plan');
    await expect(plan).toHaveAttribute('href', '/membership');
    await userEvent.click(plan);
    await expect(args.onPro).not.toHaveBeenCalled();
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
    ).toEqual(['Your library', 'Profile', 'Membership', 'Plans & Pricing', 'Sign in']);
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
    // The panel loads on first use (pointing at the button starts it).
    const picker = await canvas.findByRole('radiogroup', { name: 'Theme' });
    await expect(within(picker).getByRole('radio', { name: 'Dark' })).toHaveFocus();
    await userEvent.click(within(picker).getByRole('radio', { name: 'Forest' }));
    await expect(document.documentElement).toHaveAttribute('data-theme', 'forest');
    await userEvent.keyboard('{Escape}');
    await expect(canvas.getByRole('button', { name: 'Theme: Forest' })).toHaveFocus();
  },
};

/** A phone (390×844): the test-runner sizes the page from `screen` (.storybook/test-runner.ts). */
const phone = { screen: { width: 390, height: 844 } };

/** The compact header: one row with the mark, Pro, Sign in and the menu button. */
export const Phone: Story = {
  parameters: phone,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const header = canvas.getByRole('banner');
    await expect(canvas.getByRole('link', { name: 'AI Studio, home page' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Go Pro' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Open menu' })).toBeVisible();
    // The menu groups, preferences, help and a visitor's account menu wait in the drawer.
    await expect(canvas.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Account' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Help' })).toBeNull();
    await expect(header.getBoundingClientRect().height).toBeLessThan(64);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** Signed in, the account menu takes the Sign in button's place. */
export const PhoneSignedIn: Story = {
  parameters: phone,
  args: { userName: 'Linh Nguyen' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'Sign in' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Account' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Open menu' })).toBeVisible();
  },
};

/** A Pro member's phone: "Pro" with its badge, linking to the membership, in the one row. */
export const PhoneProMember: Story = {
  parameters: phone,
  args: { userName: 'Linh Nguyen', pro: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const plan = canvas.getByRole('link', { name: 'Pro plan: your membership' });
    await expect(plan).toBeVisible();
    // The one row keeps "Pro" alone; the wider words are the link's name.
    await expect(within(plan).getByText('Pro', { exact: true })).toBeVisible();
    await expect(within(plan).getByText('Pro plan', { exact: true })).not.toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Go Pro' })).toBeNull();
    await expect(canvas.getByRole('banner').getBoundingClientRect().height).toBeLessThan(64);
  },
};

/** Opens the drawer from the menu button and returns it once its code has loaded. */
async function openDrawer(canvasElement: HTMLElement, name = 'Open menu') {
  const button = within(canvasElement).getByRole('button', { name });
  await expect(button).toHaveAttribute('aria-haspopup', 'dialog');
  await userEvent.click(button);
  const drawer = await screen.findByRole('dialog', {}, { timeout: 5000 });
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  return { button, drawer };
}

/** The drawer: the four menu groups, then language, currency and theme; Escape closes it. */
const drawerStory = (theme: ThemeName): Story => ({
  parameters: phone,
  globals: { theme },
  play: async ({ canvasElement }) => {
    const { button, drawer } = await openDrawer(canvasElement);
    await expect(drawer).toHaveAccessibleName('Menu');
    const nav = within(drawer).getByRole('navigation', { name: 'Main menu' });
    for (const group of ['AI tools', 'Resources', 'Company', 'Support'])
      await expect(within(nav).getByRole('list', { name: group })).toBeVisible();
    await expect(within(nav).getByRole('link', { name: 'Imagen' })).toHaveAttribute(
      'href',
      '/imagen',
    );
    await expect(within(drawer).getByRole('radio', { name: 'English' })).toBeChecked();
    await expect(within(drawer).getByRole('combobox', { name: 'Currency' })).toHaveValue('USD');
    await expect(within(drawer).getByRole('radiogroup', { name: 'Theme' })).toBeVisible();
    // The page behind stays put while the drawer is open.
    await waitFor(() => expect(document.body).toHaveAttribute('data-scroll-locked'));
    // Hugs the screen's end edge from top to bottom.
    const box = drawer.getBoundingClientRect();
    await waitFor(() =>
      expect(Math.abs(drawer.getBoundingClientRect().right - window.innerWidth)).toBeLessThan(2),
    );
    await expect(Math.round(box.height)).toBe(window.innerHeight);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(button).toHaveFocus();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(document.body).not.toHaveAttribute('data-scroll-locked');
    // Open again for the screenshot, in this story's theme.
    await openDrawer(canvasElement);
  },
});

export const PhoneDrawerDark = drawerStory('dark');
export const PhoneDrawerLight = drawerStory('light');
export const PhoneDrawerCherry = drawerStory('cherry');
export const PhoneDrawerEggplant = drawerStory('eggplant');
export const PhoneDrawerApricot = drawerStory('apricot');
export const PhoneDrawerForest = drawerStory('forest');

/** Choices in the drawer apply at once: Vietnamese renames everything, a link closes it. */
export const PhoneDrawerChoices: Story = {
  parameters: phone,
  play: async ({ canvasElement }) => {
    const { drawer } = await openDrawer(canvasElement);
    await userEvent.selectOptions(
      within(drawer).getByRole('combobox', { name: 'Currency' }),
      'VND',
    );
    await userEvent.click(within(drawer).getByRole('radio', { name: 'Forest' }));
    await expect(document.documentElement).toHaveAttribute('data-theme', 'forest');
    await userEvent.click(within(drawer).getByRole('radio', { name: 'Tiếng Việt' }));
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveAccessibleName('Menu'));
    const vietnamese = screen.getByRole('dialog');
    await expect(within(vietnamese).getByRole('navigation', { name: 'Menu chính' })).toBeVisible();
    await expect(within(vietnamese).getByRole('combobox', { name: 'Tiền tệ' })).toHaveValue('VND');
    await userEvent.click(within(vietnamese).getByRole('link', { name: 'Imagen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(within(canvasElement).getByRole('button', { name: 'Mở menu' })).toHaveFocus();
  },
};
