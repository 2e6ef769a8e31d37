import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { findToast } from '../../../testing/storyHelpers';
import { contactHandlers } from '../../../mocks/handlers/contact';
import { ContactForm } from './ContactForm';

/** The contact form of /about-us and /contact. */
const meta = {
  title: 'App/ContactForm',
  component: ContactForm,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
} satisfies Meta<typeof ContactForm>;

export default meta;
type Story = StoryObj<typeof meta>;

async function fill(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByRole('textbox', { name: /Name/ }), 'Linh Nguyen');
  await userEvent.type(canvas.getByRole('textbox', { name: /Email/ }), 'linh@example.com');
  await userEvent.type(canvas.getByRole('textbox', { name: /Subject/ }), 'VAT invoice');
  await userEvent.type(
    canvas.getByRole('textbox', { name: /Message/ }),
    'Please send a VAT invoice for my Pro plan.',
  );
  await userEvent.click(canvas.getByRole('button', { name: 'Send message' }));
}

export const Success: Story = {
  play: async ({ canvasElement }) => {
    await fill(canvasElement);
    await findToast('Message sent');
    await expect(within(canvasElement).getByRole('textbox', { name: /Name/ })).toHaveValue('');
  },
};

export const Failure: Story = {
  beforeEach: ({ msw }) => {
    msw.use(contactHandlers.failure);
  },
  play: async ({ canvasElement }) => {
    await fill(canvasElement);
    await findToast("We couldn't send your message");
    await expect(within(canvasElement).getByRole('textbox', { name: /Subject/ })).toHaveValue(
      'VAT invoice',
    );
  },
};

/** Sent too often: the API's 429 words in the toast, the message kept in the form. */
export const RateLimited: Story = {
  beforeEach: ({ msw }) => {
    msw.use(contactHandlers.rateLimited);
  },
  play: async ({ canvasElement }) => {
    await fill(canvasElement);
    await findToast("We couldn't send your message");
    await findToast('Too many requests. Please try again later.');
    await expect(within(canvasElement).getByRole('textbox', { name: /Subject/ })).toHaveValue(
      'VAT invoice',
    );
  },
};

export const Validation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Message/ }), 'Too short');
    await userEvent.click(canvas.getByRole('button', { name: 'Send message' }));
    await expect(canvas.getByRole('textbox', { name: /Name/ })).toHaveAccessibleDescription(
      'Name is required',
    );
    await expect(canvas.getByRole('textbox', { name: /Message/ })).toHaveAccessibleDescription(
      /Message must be at least 10 characters/,
    );
  },
};

export const ValidationVietnamese: Story = {
  ...Validation,
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Gửi tin nhắn' }));
    await expect(canvas.getByRole('textbox', { name: /Họ tên/ })).toHaveAccessibleDescription(
      'Vui lòng nhập họ tên',
    );
  },
};
