import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../app/storybook';
import { sampleUser } from '../../../mocks/auth';
import { MembershipPage } from './MembershipPage';
import { ProfilePage } from './ProfilePage';
import { UserHomePage } from './UserHomePage';

/** The signed-in pages: /profile, /membership and /home. */
const meta = {
  title: 'App/Pages/Account',
  component: ProfilePage,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  args: {
    user: sampleUser,
    preferences: { language: 'English', currency: 'USD', theme: 'Dark' },
  },
  parameters: { app: { auth: 'signedIn' } },
} satisfies Meta<typeof ProfilePage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Profile: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
    const details = canvas.getByRole('region', { name: 'Linh Nguyen' });
    await expect(details).toHaveTextContent('linh.nguyen@example.com');
    await expect(details).toHaveTextContent('linh.nguyen');
  },
};

export const Membership: Story = {
  render: ({ user }) => <MembershipPage user={user} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Current plan' })).toHaveTextContent('Free');
    await expect(canvas.getByRole('link', { name: 'See Plans & Pricing' })).toHaveAttribute(
      'href',
      '/plans',
    );
  },
};

export const MembershipPro: Story = {
  render: ({ user }) => <MembershipPage user={{ ...user, subscriptionTier: 'pro' }} />,
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText(
        'You have every Pro feature. Thank you for supporting AI Studio.',
      ),
    ).toBeVisible();
  },
};

export const UserHome: Story = {
  render: ({ user }) => <UserHomePage user={user} />,
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Chào mừng bạn trở lại, Linh Nguyen' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Tạo ảnh Imagen' })).toHaveAttribute(
      'href',
      '/imagen',
    );
  },
};
