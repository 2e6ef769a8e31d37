import type { Meta, StoryObj } from '@storybook/react-vite';
import { breakpoints } from '@studio/tokens';
import { expect, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
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
  parameters: {
    usage: {
      use: 'Equal columns of tiles (cards, pictures, tools) with even space between them: one column on a phone and more as the screen widens. For items of their own width in a row, use an [Inline](?path=/docs/layout-inline--docs); for a single column, a [Stack](?path=/docs/layout-stack--docs); for rows a person acts on, an [ActionList](?path=/docs/display-actionlist--docs).',
      do: [
        'Give the columns per breakpoint, starting at one on a phone: `columns={{ mobile: 1, tablet: 2, desktop: 3 }}` (the user home page uses `{ mobile: 1, tablet: 2 }`).',
        'Use `minItemWidth` (`sm` 12rem, `md` 15rem, `lg` 20rem) when the grid is not as wide as the screen (a side column, a dialog, a results panel): it fits as many columns as its own width allows, and a lone tile still fits a phone.',
        'Make a set of tiles a list with `as="ul"` (each child an `li`) and name it with `aria-label` or `aria-labelledby`, as the music results and the tables panel do.',
        'When the tile that had focus is deleted, give the grid `tabIndex={-1}` and focus it, so the keyboard is not sent back to the top of the page; it shows a focus ring.',
        'While loading, fill the same Tiles with [Skeleton](?path=/docs/feedback-skeleton--docs) tiles so the grid keeps its shape.',
      ],
      dont: [
        'Don’t pass a bare number above 2 to `columns`: it applies from the phone up, so `columns={4}` puts four tiles about 80 px wide on a 390 px phone. Start with `mobile: 1`.',
        'Don’t set both `columns` and `minItemWidth` (the types refuse it): choose counts per breakpoint or a minimum width.',
        'Don’t space tiles with margins: the grid’s `space` (`md` by default) is the gap both ways.',
        'Don’t use Tiles for a few items of their own width (badges, filters, buttons): they would stretch to the column. Put padding and surface in the tile itself, a [Card](?path=/docs/display-card--docs) or a Box with `padding`.',
      ],
    } satisfies ComponentUsage,
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
