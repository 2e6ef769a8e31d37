import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { HttpFailure } from '../lib/api/errorText';
import { applyAppHandlers, withAppProviders } from '../testing/storybook';
import { CatalogueStatus } from './CatalogueStatus';

/**
 * Before a tool's form (music, voice, vision, office, writer): its catalogue loading, failed with
 * Retry, or arrived (nothing: the page draws its form). Each tool passes its own words.
 */
const meta = {
  title: 'App/Components/CatalogueStatus',
  component: CatalogueStatus,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  args: {
    catalogue: { status: 'loading' },
    namespace: 'voice',
    onRetry: fn(),
    reserve: 'short',
  },
} satisfies Meta<typeof CatalogueStatus>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Loading the voices…')).toBeVisible();
    // The room the form will take is kept while it loads.
    const reserved = canvas.getByText('Loading the voices…').closest('div[class]')?.parentElement;
    await expect(reserved?.getBoundingClientRect().height ?? 0).toBeGreaterThanOrEqual(16 * 16);
  },
};

export const Failed: Story = {
  args: {
    catalogue: { status: 'error', error: new HttpFailure('network') },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('The voices could not be loaded:');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const Arrived: Story = {
  args: { catalogue: { status: 'success', data: {}, refreshing: false } },
  parameters: { visual: { disable: true } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.textContent).toBe('');
  },
};
