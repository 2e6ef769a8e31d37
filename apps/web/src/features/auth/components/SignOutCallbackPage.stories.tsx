import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { SignOutCallbackPage } from './SignOutCallbackPage';

/**
 * /auth/signout-callback (§2), where the identity service returns after signing out: the page
 * forgets the session and goes to /. The story's page answers every path, so its message stays.
 */
const meta = {
  title: 'App/Pages/Sign-out callback',
  component: SignOutCallbackPage,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  parameters: { app: { auth: 'signedIn', route: '/auth/signout-callback' } },
} satisfies Meta<typeof SignOutCallbackPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Back from the identity service: 'Signing out...' while the session is forgotten. */
export const SigningOut: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(
      'Signing out...',
    );
  },
};

/** The same in Vietnamese. */
export const SigningOutVietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(
      'Đang đăng xuất...',
    );
  },
};
