import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../testing/storybook';
import { findToast } from '../testing/storyHelpers';
import { newsletterHandlers } from '../mocks/handlers/newsletter';
import { NewsletterForm } from '../features/newsletter/components/NewsletterForm';
import { Footer } from '../features/shell/components/Footer';
import { root } from '../features/shell/components/layout.css';

function FooterInShell({ defaultExpanded }: { defaultExpanded: boolean }) {
  return (
    <div className={root} style={{ minHeight: 0 }}>
      <Footer defaultExpanded={defaultExpanded} newsletter={<NewsletterForm />} />
    </div>
  );
}

/** The collapsible footer (§2) and its newsletter sign-up. */
const meta = {
  title: 'App/Footer',
  component: FooterInShell,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  args: { defaultExpanded: true },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof FooterInShell>;

export default meta;
type Story = StoryObj<typeof meta>;

async function fillNewsletter(canvasElement: HTMLElement, email = 'linh@example.com') {
  const canvas = within(canvasElement);
  // The expanded part loads when the footer opens.
  await userEvent.type(await canvas.findByRole('textbox', { name: /Email/ }), email);
  await userEvent.click(
    canvas.getByRole('checkbox', { name: 'I agree to receive the AI Studio newsletter' }),
  );
  await userEvent.click(canvas.getByRole('button', { name: 'Subscribe' }));
}

export const Collapsed: Story = {
  args: { defaultExpanded: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const links = canvas.getByRole('navigation', { name: 'Services and policies' });
    // Services and the eight tools with pages of their own (vision, the content writer and voice
    // synthesis among them), then the policies and the payment pages.
    await expect(within(links).getAllByRole('link')).toHaveLength(14);
    await expect(within(links).getByRole('link', { name: 'Content writer' })).toHaveAttribute(
      'href',
      '/content-writer',
    );
    await expect(within(links).getByRole('link', { name: 'Vision' })).toHaveAttribute(
      'href',
      '/vision',
    );
    await expect(within(links).getByRole('link', { name: 'Voice synthesis' })).toHaveAttribute(
      'href',
      '/voice-synthesis',
    );
    await expect(within(links).getByRole('link', { name: 'Paying with VNPay' })).toHaveAttribute(
      'href',
      '/vnpay-instructions',
    );
    const more = canvas.getByRole('button', { name: 'Show more' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('form', { name: 'Get product news' })).toBeNull();
  },
};

export const Expanded: Story = {
  args: { defaultExpanded: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Show more' }));
    await expect(canvas.getByRole('button', { name: 'Show less' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(await canvas.findByRole('form', { name: 'Get product news' })).toBeVisible();
    for (const network of ['Discord', 'Telegram', 'TikTok', 'X (Twitter)', 'Instagram']) {
      const link = canvas.getByRole('link', {
        name: new RegExp(`AI Studio on ${network.replace(/[()]/g, '\\$&')}`),
      });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    await expect(canvas.getByText('Ho Chi Minh City, Vietnam')).toBeVisible();
    await expect(canvas.getByText('Singapore', { selector: 'span' })).toBeVisible();
    for (const logo of [
      'Credit and debit cards',
      'PayPal wallet',
      'Local bank transfer with VNPay',
    ]) {
      await expect(canvas.getByRole('img', { name: logo })).toBeVisible();
    }
  },
};

export const NewsletterSuccess: Story = {
  play: async ({ canvasElement }) => {
    await fillNewsletter(canvasElement);
    await findToast('Check your inbox to confirm');
    await expect(within(canvasElement).getByRole('textbox', { name: /Email/ })).toHaveValue('');
  },
};

export const NewsletterFailure: Story = {
  beforeEach: ({ msw }) => {
    msw.use(newsletterHandlers.rateLimited);
  },
  play: async ({ canvasElement }) => {
    await fillNewsletter(canvasElement);
    await findToast("We couldn't sign you up");
    await findToast('Too many requests. Please try again later.');
    await expect(within(canvasElement).getByRole('textbox', { name: /Email/ })).toHaveValue(
      'linh@example.com',
    );
  },
};

/** The sign-up never reached the server: the §8 network text in the toast, the address kept. */
export const NewsletterNetworkFailure: Story = {
  beforeEach: ({ msw }) => {
    msw.use(newsletterHandlers.networkError);
  },
  play: async ({ canvasElement }) => {
    await fillNewsletter(canvasElement);
    await findToast("We couldn't sign you up");
    await findToast('Network error. Please check your connection.');
    await expect(within(canvasElement).getByRole('textbox', { name: /Email/ })).toHaveValue(
      'linh@example.com',
    );
  },
};

export const NewsletterValidation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /Email/ }), 'linh@');
    await userEvent.click(canvas.getByRole('button', { name: 'Subscribe' }));
    await expect(canvas.getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription(
      'Email is invalid',
    );
    await expect(canvas.getByRole('checkbox')).toHaveAccessibleDescription(
      'Please accept to receive our newsletter',
    );
  },
};
