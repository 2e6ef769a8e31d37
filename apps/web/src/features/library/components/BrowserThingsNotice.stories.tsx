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

export const NotNow: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Not now' }));
    await expect(canvas.queryByText(/still in this browser/)).toBeNull();
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
