import type { Meta, StoryObj } from '@storybook/react-vite';
import { themeNames, type ThemeName } from '@studio/tokens';
import { expect } from 'storybook/test';
import { Gallery } from './Gallery';

/**
 * A gallery per theme: every other story is snapshotted in the default theme (and contrast-checked
 * in all six), so these six give a visual baseline of each theme.
 */
const meta = {
  title: 'Gallery/Themes',
  component: Gallery,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Gallery>;

export default meta;
type Story = StoryObj<typeof meta>;

function themeStory(theme: ThemeName): Story {
  return {
    args: { theme },
    globals: { theme },
    play: async () => {
      await expect(document.documentElement).toHaveAttribute('data-theme', theme);
    },
  };
}

export const Dark = themeStory('dark');
export const Light = themeStory('light');
export const Cherry = themeStory('cherry');
export const Eggplant = themeStory('eggplant');
export const Apricot = themeStory('apricot');
export const Forest = themeStory('forest');

// Keeps this list and the tokens' list of themes in step.
export const EveryThemeHasAGallery: Story = {
  args: { theme: 'dark' },
  parameters: { visual: { disable: true } },
  play: async () => {
    const stories: Record<string, Story> = { Dark, Light, Cherry, Eggplant, Apricot, Forest };
    await expect(Object.values(stories).map((s) => s.args?.theme)).toEqual([...themeNames]);
  },
};
