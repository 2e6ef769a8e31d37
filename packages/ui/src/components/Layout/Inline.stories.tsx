import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { breakpoints } from '@studio/tokens';
import type { ComponentUsage } from '../../docs/usage';
import { vars } from '../../theme/contract.css';
import { Box } from './Box';
import { collapseBreakpoints, Inline, inlineAligns, inlineJustifies } from './Inline';
import { Stack } from './Stack';

const spaceKeys = Object.keys(vars.space) as (keyof typeof vars.space)[];

function Item({ children, tall = false }: { children: string; tall?: boolean }) {
  return (
    <Box
      background="accentSoft"
      color="primary"
      paddingX="md"
      paddingY={tall ? 'xl' : 'xs'}
      borderRadius="md"
    >
      {children}
    </Box>
  );
}

const tools = [
  'Chat',
  'Image generator',
  'Vision',
  'Content writer',
  'Office tools',
  'Music creator',
];

const meta = {
  title: 'Layout/Inline',
  component: Inline,
  args: { children: tools.slice(0, 3).map((tool) => <Item key={tool}>{tool}</Item>) },
  argTypes: {
    gap: { control: 'select', options: spaceKeys },
    align: { control: 'inline-radio', options: inlineAligns },
    justify: { control: 'inline-radio', options: inlineJustifies },
    collapseBelow: { control: 'inline-radio', options: [undefined, ...collapseBreakpoints] },
  },
  parameters: {
    usage: {
      use: 'Children side by side that wrap onto new lines when they run out of room, with the same `gap` both ways: a row of buttons, badges, a label and its value. For one under another, a [Stack](?path=/docs/layout-stack--docs); for equal columns, [Tiles](?path=/docs/layout-tiles--docs).',
      do: [
        'Set `collapseBelow="tablet"` for a pair of actions or choices that should stack full width on a phone and sit side by side from 640 px up (Back and Continue, two payment methods).',
        'Put the children in reading order: when the row wraps or collapses they follow the source order, which is also the Tab order.',
        'Line up text of different sizes with `align="baseline"` (a price and its “/month”) and controls of one height with the default `center`.',
        'Push a title and its action apart with `justify="between"`; when room runs out the action wraps under the title instead of squeezing it.',
      ],
      dont: [
        'Don’t space the children with margins or non-breaking spaces: the `gap` is the spacing.',
        'Don’t force one line: Inline refuses `flexWrap` and `flexDirection`, because translated labels (Vietnamese runs longer) must be free to wrap on a 390 px phone.',
        'Don’t expect `align` or `justify` to place children on a phone when `collapseBelow` is set: collapsed, they stretch to the full width, and the alignment applies once they are side by side.',
        'Don’t use an Inline for a grid of cards or pictures: wrapped rows leave ragged ends. Use Tiles.',
      ],
    } satisfies ComponentUsage,
  },
} satisfies Meta<typeof Inline>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const inline = within(canvasElement).getByText('Chat').parentElement as HTMLElement;
    await expect(getComputedStyle(inline).flexDirection).toBe('row');
    await expect(getComputedStyle(inline).flexWrap).toBe('wrap');
  },
};

/** Items wrap onto a new line when the container is too narrow, keeping the gap in both directions. */
export const Wrapping: Story = {
  render: (args) => (
    <Box background="raised" padding="md" borderRadius="md" style={{ maxWidth: '20rem' }}>
      <Inline {...args}>
        {tools.map((tool) => (
          <Item key={tool}>{tool}</Item>
        ))}
      </Inline>
    </Box>
  ),
};

export const Justify: Story = {
  render: () => (
    <Stack gap="md">
      {inlineJustifies.map((justify) => (
        <Box key={justify} background="raised" padding="sm" borderRadius="md">
          <Inline justify={justify}>
            <Item>{justify}</Item>
            <Item>Back</Item>
            <Item>Continue</Item>
          </Inline>
        </Box>
      ))}
    </Stack>
  ),
};

export const Align: Story = {
  render: () => (
    <Stack gap="md">
      {inlineAligns.map((align) => (
        <Box key={align} background="raised" padding="sm" borderRadius="md">
          <Inline align={align}>
            <Item tall>{align}</Item>
            <Item>Short</Item>
            <Item>Short too</Item>
          </Inline>
        </Box>
      ))}
    </Stack>
  ),
};

export const Gaps: Story = {
  render: () => (
    <Stack gap="sm">
      {spaceKeys.map((gap) => (
        <Inline key={gap} gap={gap}>
          <Box color="muted" style={{ width: '3rem' }}>
            {gap}
          </Box>
          <Item>One</Item>
          <Item>Two</Item>
          <Item>Three</Item>
        </Inline>
      ))}
    </Stack>
  ),
};

/** Side by side from tablet up, stacked full width on phones (resize the viewport to see it). */
export const CollapseBelowTablet: Story = {
  args: {
    collapseBelow: 'tablet',
    gap: 'md',
    children: [<Item key="back">Back</Item>, <Item key="continue">Continue</Item>],
  },
  play: async ({ canvasElement }) => {
    const inline = within(canvasElement).getByText('Back').parentElement as HTMLElement;
    const expected = window.innerWidth >= breakpoints.tablet ? 'row' : 'column';
    await expect(getComputedStyle(inline).flexDirection).toBe(expected);
  },
};

export const CollapseBelowDesktop: Story = {
  args: {
    collapseBelow: 'desktop',
    gap: 'md',
    children: [<Item key="paypal">Pay with PayPal</Item>, <Item key="vnpay">Pay with VNPay</Item>],
  },
  play: async ({ canvasElement }) => {
    const inline = within(canvasElement).getByText('Pay with PayPal').parentElement as HTMLElement;
    const expected = window.innerWidth >= breakpoints.desktop ? 'row' : 'column';
    await expect(getComputedStyle(inline).flexDirection).toBe(expected);
  },
};

export const VietnameseText: Story = {
  args: {
    children: ['Trò chuyện', 'Tạo hình ảnh', 'Thị giác', 'Viết nội dung'].map((tool) => (
      <Item key={tool}>{tool}</Item>
    )),
  },
  globals: { locale: 'vi' },
};
