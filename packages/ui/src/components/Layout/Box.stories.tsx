import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
import { vars } from '../../theme/contract.css';
import { Box, boxElements } from './Box';
import { Inline } from './Inline';
import { Stack } from './Stack';

const spaceKeys = Object.keys(vars.space) as (keyof typeof vars.space)[];
const radiusKeys = Object.keys(vars.radius) as (keyof typeof vars.radius)[];

const meta = {
  title: 'Layout/Box',
  component: Box,
  args: {
    padding: 'lg',
    background: 'raised',
    borderRadius: 'lg',
    children: 'A box: spacing, surface and text colour come from the theme.',
  },
  argTypes: {
    as: { control: 'select', options: boxElements },
    padding: { control: 'select', options: spaceKeys },
    borderRadius: { control: 'select', options: radiusKeys },
  },
  parameters: {
    usage: {
      use: 'The layout primitive: a blank element (no browser margins, padding or bullets) whose spacing, surface, corner radius and text colour come from the theme through its props (`padding`, `margin`, `background`, `color`, `borderRadius`). For children one under another use a [Stack](?path=/docs/layout-stack--docs), side by side an [Inline](?path=/docs/layout-inline--docs), in equal columns [Tiles](?path=/docs/layout-tiles--docs); for a titled surface, a [Card](?path=/docs/display-card--docs).',
      do: [
        "Space with the theme’s scale (`padding`, `paddingX`, `marginTop`…) and let it grow with the screen: `padding={{ mobile: 'sm', tablet: 'lg' }}` keeps a 390 px phone’s content wide.",
        'Choose the element with `as` so the page means what it shows: `section` with an `aria-label` is a named region, `ul` with `li` children a list without bullets, `p` a paragraph.',
        'Pair a tinted `background` with its text `color` (`criticalSoft` with `critical`, `successSoft` with `success`, `warningSoft` with `warning`), as the Surfaces story does, so the text stays readable in every theme.',
        'Use the props first and keep a `className` for what they cannot say (a fixed width, a grid area): Box and the layouts built on it take a class because they are the primitive; the other components refuse one.',
      ],
      dont: [
        'Don’t build a control from a Box with `onClick`: `as` offers no `button`, `a` or `input` on purpose. Use a [Button](?path=/docs/actions-button--docs), an [IconButton](?path=/docs/actions-iconbutton--docs) or a [Link](?path=/docs/actions-link--docs), which bring the name, the focus ring and the keyboard.',
        'Don’t set a heading with `as="h2"`: the reset makes a Box heading inherit the body size and weight. Use a [Heading](?path=/docs/type-heading--docs), and [Text](?path=/docs/type-text--docs) for running text.',
        'Don’t space siblings with a margin on each: put them in a Stack or an Inline and set its `gap`.',
        'Don’t say something with a tint alone: a `criticalSoft` box needs words that say what went wrong (and `role="alert"` if it appears after an action).',
      ],
    } satisfies ComponentUsage,
  },
} satisfies Meta<typeof Box>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Every step of the space scale, as padding around the same content. */
export const SpacingScale: Story = {
  render: () => (
    <Stack gap="sm">
      {spaceKeys.map((space) => (
        <Inline key={space} gap="md">
          <Box as="span" color="muted" style={{ width: '3rem' }}>
            {space}
          </Box>
          <Box background="accentSoft" color="primary" borderRadius="sm">
            <Box paddingLeft={space} style={{ height: '1rem' }} />
          </Box>
        </Inline>
      ))}
    </Stack>
  ),
};

/** The surfaces and tints a Box can paint, each with a text colour that stays readable on it. */
export const Surfaces: Story = {
  render: () => (
    <Inline gap="md">
      <Box background="base" color="primary" padding="lg" borderRadius="md">
        base
      </Box>
      <Box background="raised" color="primary" padding="lg" borderRadius="md">
        raised
      </Box>
      <Box background="sunken" color="muted" padding="lg" borderRadius="md">
        sunken, muted text
      </Box>
      <Box background="accentSoft" color="primary" padding="lg" borderRadius="md">
        accentSoft
      </Box>
      <Box background="successSoft" color="success" padding="lg" borderRadius="md">
        successSoft
      </Box>
      <Box background="warningSoft" color="warning" padding="lg" borderRadius="md">
        warningSoft
      </Box>
      <Box background="criticalSoft" color="critical" padding="lg" borderRadius="md">
        criticalSoft
      </Box>
    </Inline>
  ),
};

/** Padding that grows with the screen: small on phones, larger from tablet and desktop up. */
export const ResponsivePadding: Story = {
  args: {
    padding: { mobile: 'sm', tablet: 'lg', desktop: 'xxl' },
    children: 'Padding: sm on phones, lg on tablets, xxl on desktops.',
  },
};

/** `as` renders another element: here a labelled section, so it is a landmark region. */
export const AsSection: Story = {
  args: {
    as: 'section',
    'aria-label': 'Membership',
    children: 'Your Pro membership renews on 1 July 2025.',
  },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Membership' });
    await expect(region.tagName).toBe('SECTION');
  },
};

/** A list without browser bullets or margins: spacing is the Stack's gap. */
export const AsList: Story = {
  render: () => (
    <Stack as="ul" gap="xs" aria-label="Plan features">
      <Box as="li">Unlimited chats</Box>
      <Box as="li">Voice replies</Box>
      <Box as="li">Priority support</Box>
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Plan features' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await expect(getComputedStyle(list).listStyleType).toBe('none');
  },
};

export const VietnameseText: Story = {
  args: { children: 'Một hộp nội dung: khoảng cách, nền và màu chữ lấy từ giao diện.' },
  globals: { locale: 'vi' },
};
