import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ContactFormStandIn } from '../testing/ContactFormStandIn';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { ContactPage } from './ContactPage';

const meta = {
  title: 'Pages/Contact',
  component: ContactPage,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  parameters: { layout: 'fullscreen' },
  args: { contactForm: <ContactFormStandIn /> },
} satisfies Meta<typeof ContactPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Contact us');
    await expect(canvas.getByRole('link', { name: 'support@aistudio.example' })).toHaveAttribute(
      'href',
      'mailto:support@aistudio.example',
    );
    await expect(canvas.getByRole('form', { name: 'Contact form' })).toBeInTheDocument();
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Liên hệ với chúng tôi',
    );
    await expect(
      canvas.getByRole('region', { name: 'Chúng tôi trả lời nhanh đến đâu' }),
    ).toBeVisible();
    await expect(canvas.getByRole('form', { name: 'Contact form' })).toBeInTheDocument();
  },
};
