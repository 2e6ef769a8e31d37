import type { Meta, StoryObj } from '@storybook/react-vite';
import { breakpoints } from '@studio/tokens';
import { expect, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
import { Stack } from '../Layout/Stack';
import { Text } from '../Text';
import { Heading, headingElements, headingLevels, headingTones } from './Heading';

const meta = {
  title: 'Type/Heading',
  component: Heading,
  args: { level: 2, children: 'Your pictures' },
  argTypes: {
    level: { control: 'inline-radio', options: headingLevels },
    as: { control: 'inline-radio', options: [undefined, ...headingElements] },
    tone: { control: 'inline-radio', options: headingTones },
  },
  parameters: {
    usage: {
      use: 'The title of a page, a section, a card or a list. `level` (1 to 4) sets the look and, by default, the element; `as` sets the element when the page outline needs another level. For running text and a bold line inside a notice, use [Text](?path=/docs/type-text--docs).',
      do: [
        'Give each page one `level={1}`, its title (30 px on a phone, the 40 px display size on a desktop); use 2 for a section, 3 for a card, a panel or a tool’s block, and 4 for a list’s or a notice’s title.',
        'Keep the outline with `as` and the look with `level`: a section inside a tool is an `h2` drawn at level 3 or 4 (`<Heading level={3} as="h2">`), as the app’s tool pages do.',
        'Give a section’s heading an `id` and name the section by it: `<Stack as="section" aria-labelledby={id}>` makes it a named region.',
        'Open a page or a section with a lead line under its title, `<Text as="p" size="lg" tone="secondary">`, both in a `Stack gap="xs"`.',
        'Keep titles short in both languages; they wrap, and `maxLines` may cut one in a narrow card when the full title is shown elsewhere.',
      ],
      dont: [
        'Don’t skip outline levels to get a smaller heading (an `h4` straight under the `h1`): choose the element with `as` and the size with `level`.',
        'Don’t draw a heading with `Box as="h2"` or a bold Text: Box’s reset gives it the body size, and a Text is not in the list of headings screen readers offer.',
        'Don’t restyle it with `className` or `style` (the props refuse them); there are `tone`, `align` and `maxLines`, and the Stack around it gives the spacing.',
        'Don’t use a Heading for emphasis inside running text: use `<Text weight="semibold">`.',
      ],
    } satisfies ComponentUsage,
  },
} satisfies Meta<typeof Heading>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { level: 2, name: 'Your pictures' }),
    ).toBeVisible();
  },
};

/** The four steps, each on its own element; level 1 takes the display size on a desktop. */
export const Levels: Story = {
  render: () => (
    <Stack gap="lg">
      {headingLevels.map((level) => (
        <Heading key={level} level={level}>
          {`Level ${level}: Đăng nhập và bảo mật`}
        </Heading>
      ))}
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const level of headingLevels) {
      await expect(canvas.getByRole('heading', { level })).toBeVisible();
    }
    const title = canvas.getByRole('heading', { level: 1 });
    const expected = window.innerWidth >= breakpoints.desktop ? '40px' : '30px';
    await expect(getComputedStyle(title).fontSize).toBe(expected);
  },
};

/** The look and the outline apart: an h2 drawn at level 3, as a section inside a tool. */
export const LookApartFromOutline: Story = {
  args: { level: 3, as: 'h2', children: 'Your pictures' },
  play: async ({ canvasElement }) => {
    const heading = within(canvasElement).getByRole('heading', { level: 2 });
    // Level 3's look: lg, 1.125rem.
    await expect(getComputedStyle(heading).fontSize).toBe('18px');
  },
};

/** A heading with the sentence under it, as a page or a section opens. */
export const WithLead: Story = {
  render: () => (
    <Stack gap="xs">
      <Heading level={1}>Profile</Heading>
      <Text as="p" size="lg" tone="secondary">
        Your details, where you are signed in and your devices.
      </Text>
    </Stack>
  ),
};

export const Truncated: Story = {
  args: {
    level: 3,
    maxLines: 1,
    children:
      'Trip ideas for Đà Lạt, Hội An and the Mekong Delta in the rainy season, with a budget',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '18rem' }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const heading = within(canvasElement).getByRole('heading', { level: 3 });
    await expect(heading.scrollWidth).toBeGreaterThan(heading.clientWidth);
  },
};

export const VietnameseText: Story = {
  args: { level: 2, children: 'Ảnh của bạn' },
  globals: { locale: 'vi' },
};
