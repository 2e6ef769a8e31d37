import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
import { vars } from '../../theme/contract.css';
import { Box } from './Box';
import { Inline } from './Inline';
import { Stack, stackAligns } from './Stack';

const spaceKeys = Object.keys(vars.space) as (keyof typeof vars.space)[];

function Item({ children }: { children: string }) {
  return (
    <Box background="accentSoft" color="primary" padding="sm" borderRadius="md">
      {children}
    </Box>
  );
}

const meta = {
  title: 'Layout/Stack',
  component: Stack,
  args: {
    children: [
      <Item key="1">Chat</Item>,
      <Item key="2">Image generator</Item>,
      <Item key="3">Voice synthesis</Item>,
    ],
  },
  argTypes: {
    gap: { control: 'select', options: spaceKeys },
    align: { control: 'inline-radio', options: stackAligns },
  },
  parameters: {
    usage: {
      use: 'Children one under another with even space between them (`gap`, `md` by default), each stretched to the full width: the vertical rhythm of a page, a section or a form. Side by side, use an [Inline](?path=/docs/layout-inline--docs); for equal columns, [Tiles](?path=/docs/layout-tiles--docs); for one padded or tinted element, a [Box](?path=/docs/layout-box--docs).',
      do: [
        'Show grouping with the gap: a small one inside a group (`xs` between a heading and its lead line) and a larger one between groups (`xl`), by nesting stacks as the Nested story does.',
        'Make it the section when it is one: `<Stack as="section" gap="md" aria-labelledby={headingId}>` names the region by its [Heading](?path=/docs/type-heading--docs), as the app’s pages do.',
        'Set `align="start"` when children should keep their own width (a Button under a paragraph): with the default `stretch` a button is as wide as the column.',
        'Render a list with `as="ul"` and `Box as="li"` children: no bullets, and the gap is its spacing.',
        "Change the gap with the screen when it helps (`gap={{ mobile: 'sm', desktop: 'lg' }}`); on a 390 px phone the children already take the full width.",
      ],
      dont: [
        'Don’t give the children margins to space them: the `gap` is the spacing, and one child’s margin breaks the rhythm.',
        'Don’t turn a Stack into a row: it refuses `display`, `flexDirection` and `alignItems` (its `align` is the horizontal alignment). Use an Inline, with `collapseBelow` for a row that should stack on phones.',
        'Don’t stack cards in one column on every screen: a tablet’s width is wasted. Use Tiles with `columns={{ mobile: 1, tablet: 2 }}`.',
      ],
    } satisfies ComponentUsage,
  },
} satisfies Meta<typeof Stack>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const stack = within(canvasElement).getByText('Chat').parentElement as HTMLElement;
    await expect(getComputedStyle(stack).flexDirection).toBe('column');
    // md = 0.75rem = 12px
    await expect(getComputedStyle(stack).rowGap).toBe('12px');
  },
};

/** Every gap of the space scale side by side. */
export const Gaps: Story = {
  render: () => (
    <Inline gap="xl" align="start">
      {spaceKeys.map((gap) => (
        <Stack key={gap} gap={gap}>
          <Box color="muted">{gap}</Box>
          <Item>One</Item>
          <Item>Two</Item>
        </Stack>
      ))}
    </Inline>
  ),
};

/** Horizontal alignment of the children. */
export const Alignments: Story = {
  render: () => (
    <Stack gap="lg">
      {stackAligns.map((align) => (
        <Box key={align} background="raised" padding="md" borderRadius="md">
          <Stack gap="xs" align={align}>
            <Box color="muted">{`align="${align}"`}</Box>
            <Item>Short</Item>
            <Item>A somewhat longer item</Item>
          </Stack>
        </Box>
      ))}
    </Stack>
  ),
};

export const ResponsiveGap: Story = {
  args: { gap: { mobile: 'xs', tablet: 'md', desktop: 'xl' } },
};

export const Nested: Story = {
  render: () => (
    <Stack gap="xl">
      <Stack gap="xs">
        <Box as="h2" color="primary">
          Account
        </Box>
        <Box as="p" color="muted">
          Profile, membership and devices.
        </Box>
      </Stack>
      <Stack gap="xs">
        <Box as="h2" color="primary">
          Preferences
        </Box>
        <Box as="p" color="muted">
          Language, currency and theme.
        </Box>
      </Stack>
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('heading', { level: 2 })).toHaveLength(2);
  },
};

export const VietnameseText: Story = {
  args: {
    children: [
      <Item key="1">Trò chuyện</Item>,
      <Item key="2">Tạo hình ảnh</Item>,
      <Item key="3">Tổng hợp giọng nói</Item>,
    ],
  },
  globals: { locale: 'vi' },
};
