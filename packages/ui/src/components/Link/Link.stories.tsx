import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
import { Link, linkStyles, linkUnderlines } from './Link';

const meta = {
  title: 'Actions/Link',
  component: Link,
  args: { href: '/reset-password', children: 'Forgot password?' },
  argTypes: { underline: { control: 'inline-radio', options: linkUnderlines } },
  parameters: {
    usage: {
      use: 'Navigation: to another page, a section of this one (`#id`) or another site. For an action on this page, use a [Button](?path=/docs/actions-button--docs) (a `ghost` one when it should stay quiet).',
      do: [
        'Keep the default `underline="always"` inside running text, and use `underline="hover"` for a link that stands alone where its place says it is a link (“Forgot password?” under a form, a table of contents).',
        'Set `external` for another site: it opens in a new tab without an opener, shows an icon and adds the translated “(opens in a new tab)” to the name.',
        'Make the words say where the link goes (“service usage policy”, not “click here”), in both languages; when a table repeats the same words, give each link an `aria-label` that tells them apart, as the payment history does.',
        'With a client-side router, give the router’s own link `className={linkStyles}`, as the app’s `RouterLink` does; a link that must look like a button takes `buttonStyles({ variant, size })` the same way.',
      ],
      dont: [
        'Don’t use a Link for an action (opening a modal, submitting, toggling): it is announced as a link and Space does not press it. Use a Button.',
        'Don’t set `target="_blank"` by hand: `external` also adds `rel="noopener noreferrer"` and tells screen-reader users.',
        'Don’t restyle it with `className` or `style` (the props refuse them); `underline` is the look to choose.',
        'Don’t make a whole sentence the link: link the few words that name where it goes.',
      ],
    } satisfies ComponentUsage,
  },
} satisfies Meta<typeof Link>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Forgot password?' });
    await expect(link).toHaveAttribute('href', '/reset-password');
    await expect(link).not.toHaveAttribute('target');
    await userEvent.tab();
    await expect(link).toHaveFocus();
  },
};

export const InText: Story = {
  render: (args) => (
    <p style={{ maxWidth: 480, margin: 0 }}>
      By continuing you accept the{' '}
      <Link {...args} href="/service-usage-policy">
        service usage policy
      </Link>{' '}
      and the{' '}
      <Link {...args} href="/purchases-refunds">
        purchase and refund terms
      </Link>{' '}
      of the studio.
    </p>
  ),
};

export const UnderlineOnHover: Story = {
  args: { underline: 'hover' },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link');
    await expect(getComputedStyle(link).textDecorationLine).toBe('none');
    // Keyboard focus shows the underline (as hover does).
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await expect(getComputedStyle(link).textDecorationLine).toBe('underline');
  },
};

export const External: Story = {
  args: {
    href: 'https://discord.com',
    children: 'Join us on Discord',
    external: true,
  },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', {
      name: 'Join us on Discord (opens in a new tab)',
    });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  },
};

/** A router's own link component gets the same look through `linkStyles`. */
export const RouterLinkLook: Story = {
  render: () => (
    <a className={linkStyles} href="/plans">
      See plans
    </a>
  ),
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'See plans' });
    await expect(getComputedStyle(link).textDecorationLine).toBe('underline');
  },
};

export const LongText: Story = {
  render: (args) => (
    <p style={{ maxWidth: 320, margin: 0 }}>
      <Link {...args} href="/vnpay-instructions">
        Read the step-by-step instructions for paying with VNPay using a domestic card or a QR code
      </Link>
    </p>
  ),
};

export const Vietnamese: Story = {
  render: (args) => (
    <p style={{ maxWidth: 480, margin: 0 }}>
      Khi tiếp tục, bạn đồng ý với{' '}
      <Link {...args} href="/service-usage-policy">
        chính sách sử dụng dịch vụ
      </Link>{' '}
      và{' '}
      <Link {...args} href="/purchases-refunds">
        điều khoản mua hàng và hoàn tiền
      </Link>
      .
    </p>
  ),
  globals: { locale: 'vi' },
};
