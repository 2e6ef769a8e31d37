import type { Meta, StoryObj } from '@storybook/react-vite';
import { themeNames } from '@studio/tokens';
import { expect, within } from 'storybook/test';
import { ElevationMotionLayers, SpacingAndRadii, ThemePalettes, Typography } from './TokenDocs';

const meta = {
  title: 'Tokens/Overview',
  parameters: { layout: 'padded' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Each theme's palette side by side, with the contrast ratio of every pair the components draw. */
export const Palettes: Story = {
  render: () => <ThemePalettes />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const name of themeNames) {
      await expect(canvas.getByRole('region', { name })).toBeInTheDocument();
    }
    // The contrast test guarantees this; the page must agree with it.
    await expect(canvas.queryAllByText(/^< /)).toHaveLength(0);
  },
};

export const TypographyScale: Story = { render: () => <Typography /> };
export const SpacingAndRadius: Story = { render: () => <SpacingAndRadii /> };
export const ElevationAndMotion: Story = { render: () => <ElevationMotionLayers /> };
