import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
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
