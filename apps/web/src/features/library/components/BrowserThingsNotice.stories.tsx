import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { BrowserThingsNotice } from './BrowserThingsNotice';
import { browserThings, inBrowser } from './libraryStoryFixtures';

/** On /home after signing in: what this browser still keeps from before, and the way to move it. */
const meta = {
  title: 'App/Library/BrowserThingsNotice',
  component: BrowserThingsNotice,
  decorators: [inBrowser(browserThings()), withAppProviders],
  beforeEach: applyAppHandlers,
  args: { account: 'user-linh' },
  parameters: { app: { route: '/home', auth: 'signedIn' } },
} satisfies Meta<typeof BrowserThingsNotice>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ThingsInThisBrowser: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('4 things you made before signing in are still in this browser.'),
    ).toBeVisible();
    await expect(
      canvas.getByRole('link', { name: 'Open your library to move them' }),
    ).toHaveAttribute('href', '/library');
  },
};

export const ThingsInThisBrowserVietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('4 thứ bạn tạo trước khi đăng nhập vẫn còn trên trình duyệt này.'),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Để sau' })).toBeVisible();
  },
};

export const NotNow: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Not now' }));
    await expect(canvas.queryByText(/still in this browser/)).toBeNull();
  },
};

const declinedWhenKept = (count: number, newest: string) => ({
  app: {
    route: '/home',
    auth: 'signedIn' as const,
    stored: { 'libraryMoveDismissed:user-linh': JSON.stringify({ count, newest }) },
  },
});

/** "Not now" said on an earlier visit, when this browser kept what it keeps now: nothing shows. */
export const DeclinedBefore: Story = {
  parameters: declinedWhenKept(4, '2026-11-26T08:30:00.000Z'),
  play: async ({ canvasElement }) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(within(canvasElement).queryByText(/still in this browser/)).toBeNull();
  },
};

/** Declined by another account in this browser: this one is still told. */
export const DeclinedByAnotherAccount: Story = {
  args: { account: 'user-minh' },
  parameters: declinedWhenKept(4, '2026-11-26T08:30:00.000Z'),
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(/^4 things .* still in this browser\.$/),
    ).toBeVisible();
  },
};

/** Declined before the piece was made (3 things then): the notice is back for the new one. */
export const NewSinceDeclined: Story = {
  parameters: declinedWhenKept(3, '2026-11-26T08:20:00.000Z'),
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(/^4 things .* still in this browser\.$/),
    ).toBeVisible();
  },
};

export const NothingInThisBrowser: Story = {
  decorators: [inBrowser()],
  play: async ({ canvasElement }) => {
    // Read, and nothing to say: the page shows nothing.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(within(canvasElement).queryByText(/still in this browser/)).toBeNull();
  },
};
