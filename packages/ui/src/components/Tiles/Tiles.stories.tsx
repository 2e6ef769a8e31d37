import type { Meta, StoryObj } from '@storybook/react-vite';
import { breakpoints } from '@studio/tokens';
import { expect, within } from 'storybook/test';
import { vars } from '../../theme/contract.css';
import { Box } from '../Layout/Box';
import { Text } from '../Text';
import { tileMinWidths, Tiles } from './Tiles';

const spaceKeys = Object.keys(vars.space) as (keyof typeof vars.space)[];

const tools = [
  'Chat',
  'Image generator',
  'Voice clips',
  'Music pieces',
  'Documents',
  'Written content',
  'Vision',
];

function Tile({ children }: { children: string }) {
  return (
    <Box as="li" background="raised" padding="lg" borderRadius="lg">
      <Text weight="medium">{children}</Text>
    </Box>
  );
}

const columnCount = (grid: HTMLElement) =>
  getComputedStyle(grid).gridTemplateColumns.split(' ').filter(Boolean).length;

const meta = {
  title: 'Layout/Tiles',
  component: Tiles,
  args: {
    as: 'ul',
    'aria-label': 'Studio tools',
    columns: { mobile: 1, tablet: 2, desktop: 3 },
    children: tools.map((tool) => <Tile key={tool}>{tool}</Tile>),
  },
  argTypes: {
    space: { control: 'select', options: spaceKeys },
    minItemWidth: { control: 'inline-radio', options: Object.keys(tileMinWidths) },
  },
} satisfies Meta<typeof Tiles>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One column on a phone, two on a tablet, three on a desktop (resize the viewport to see it). */
export const ColumnsByBreakpoint: Story = {
  play: async ({ canvasElement }) => {
    const grid = within(canvasElement).getByRole('list', { name: 'Studio tools' });
    const width = window.innerWidth;
    const expected = width >= breakpoints.desktop ? 3 : width >= breakpoints.tablet ? 2 : 1;
    await expect(columnCount(grid)).toBe(expected);
    await expect(within(grid).getAllByRole('listitem')).toHaveLength(tools.length);
  },
};

export const FourColumns: Story = {
  args: { columns: 4, space: 'lg' },
  play: async ({ canvasElement }) => {
    await expect(columnCount(within(canvasElement).getByRole('list'))).toBe(4);
  },
};

/**
 * As many columns as fit a minimum width, for a grid in a column of its own (here 32rem wide:
 * two of at least 15rem).
 */
export const FitToWidth: Story = {
  args: { columns: undefined, minItemWidth: 'md' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '32rem' }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await expect(columnCount(within(canvasElement).getByRole('list'))).toBe(2);
  },
};

/** The list takes the keyboard (after the tile that had it was deleted) and shows it. */
export const TakesFocus: Story = {
  args: { tabIndex: -1 },
  play: async ({ canvasElement }) => {
    const grid = within(canvasElement).getByRole('list');
    grid.focus();
    await expect(grid).toHaveFocus();
  },
};

export const VietnameseText: Story = {
  args: {
    children: ['Trò chuyện', 'Tạo hình ảnh', 'Giọng nói', 'Âm nhạc', 'Tài liệu'].map((tool) => (
      <Tile key={tool}>{tool}</Tile>
    )),
  },
  globals: { locale: 'vi' },
};
