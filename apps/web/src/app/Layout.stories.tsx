import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { PlansRoute } from './routeElements';
import { RequireAuth } from '../features/auth/components/RequireAuth';
import { applyAppHandlers, withAppProviders, type AppStoryParameters } from '../testing/storybook';

const app = (parameters: AppStoryParameters) => ({
  app: { layout: true, route: '/plans', ...parameters },
});

/** The shell around a page (Plans & Pricing): skip link, header, sidebar, footer. */
const meta = {
  title: 'App/Layout',
  component: PlansRoute,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  parameters: { layout: 'fullscreen', ...app({}) },
} satisfies Meta<typeof PlansRoute>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SignedOut: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Plans & Pricing' }),
    ).toBeVisible();
    await expect(canvas.getByRole('banner')).toBeInTheDocument();
    await expect(canvas.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    await expect(canvas.getByRole('navigation', { name: 'Sections' })).toBeVisible();
    await expect(canvas.getByRole('main')).toBeInTheDocument();
    await expect(canvas.getByRole('contentinfo')).toBeInTheDocument();

    await userEvent.click(canvas.getByRole('button', { name: 'Account' }));
    const menu = await screen.findByRole('menu', { name: 'Account' });
    await expect(menu).toHaveTextContent('You are not signed in');
    await expect(within(menu).getByRole('menuitem', { name: 'Sign in' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
  },
};

export const SignedIn: Story = {
  parameters: app({ auth: 'signedIn' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'Plans & Pricing' });
    await userEvent.click(canvas.getByRole('button', { name: 'Account' }));
    const menu = await screen.findByRole('menu', { name: 'Account' });
    await expect(menu).toHaveTextContent('Signed in as Linh Nguyen');
    await expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Your library', 'Profile', 'Membership', 'Plans & Pricing', 'Sign out']);
  },
};

export const Sandbox: Story = {
  parameters: app({ sandbox: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('complementary', { name: 'Sandbox' })).toHaveTextContent(
      'Sign-in and payments use stand-in services',
    );
  },
};

/** Start-up (§8): /config.json's identity settings are unusable, so an alert sits under the header. */
export const AuthConfigurationInvalid: Story = {
  parameters: app({ identity: 'misconfigured' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'Plans & Pricing' });
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(
      'Error: Application authentication configuration is invalid. Please contact support.',
    );
    await expect(alert).toHaveTextContent('Signing in with your email still works.');
  },
};

/** A sign-in-only page (/profile) while auth is still starting: the guard's spinner. */
export const CheckingSignIn: Story = {
  parameters: app({ auth: 'initialising', route: '/profile' }),
  render: () => <RequireAuth />,
  play: async ({ canvasElement }) => {
    const main = await within(canvasElement).findByRole('main');
    await expect(await within(main).findByRole('status')).toHaveTextContent(
      'Checking your sign-in…',
    );
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Gói dịch vụ và bảng giá' }),
    ).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: 'Menu chính' })).toBeInTheDocument();
    await expect(
      canvas.getByRole('link', { name: 'Chuyển đến nội dung chính' }),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Xem thêm' })).toBeVisible();
  },
};

/** A phone (390×844): one header row, the sections in the drawer, no sidebar pushing the page. */
export const Mobile: Story = {
  parameters: { ...app({ sandbox: true }), screen: { width: 390, height: 844 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'Plans & Pricing' });
    await expect(canvas.queryByRole('navigation', { name: 'Sections' })).toBeNull();
    await expect(canvas.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    // The sandbox notice is one line, unfolded on demand.
    const notice = canvas.getByRole('complementary', { name: 'Sandbox' });
    const oneLine = notice.getBoundingClientRect().height;
    await expect(oneLine).toBeLessThanOrEqual(40);
    const unfold = within(notice).getByRole('button', { name: 'Show the whole notice' });
    await userEvent.click(unfold);
    await expect(unfold).toHaveAttribute('aria-expanded', 'true');
    await expect(notice.getBoundingClientRect().height).toBeGreaterThan(oneLine);
    await userEvent.click(unfold);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);

    // Following a link in the drawer closes it and gives focus back to the menu button.
    const menuButton = canvas.getByRole('button', { name: 'Open menu' });
    await userEvent.click(menuButton);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' }, { timeout: 5000 });
    await userEvent.click(within(drawer).getByRole('link', { name: 'Imagen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(menuButton).toHaveFocus();
  },
};
