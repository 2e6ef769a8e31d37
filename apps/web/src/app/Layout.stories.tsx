import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { PlansRoute } from './routeElements';
import { applyAppHandlers, withAppProviders, type AppStoryParameters } from './storybook';

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
    ).toEqual(['Profile', 'Membership', 'Plans & Pricing', 'Sign out']);
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

/** A phone-sized frame: the shell follows its own width, so this is what a phone shows. */
export const Mobile: Story = {
  parameters: { ...app({ width: 375 }), viewport: { defaultViewport: 'mobile1' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'Plans & Pricing' });
    // The sidebar folds away behind a disclosure button.
    await expect(canvas.queryByRole('navigation', { name: 'Sections' })).toBeNull();
    const toggle = canvas.getByRole('button', { name: 'Show sections' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    await expect(canvas.getByRole('navigation', { name: 'Sections' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Hide sections' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  },
};
