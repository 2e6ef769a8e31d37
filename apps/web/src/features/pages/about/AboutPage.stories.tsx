import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ContactFormStandIn } from '../testing/ContactFormStandIn';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { AboutPage } from './AboutPage';

const meta = {
  title: 'Pages/AboutUs',
  component: AboutPage,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  parameters: { layout: 'fullscreen' },
  args: { contactForm: <ContactFormStandIn /> },
} satisfies Meta<typeof AboutPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('About AI Studio');
    const section = canvas.getByRole('region', { name: 'Write to us' });
    await expect(within(section).getByRole('form', { name: 'Contact form' })).toBeInTheDocument();
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Về AI Studio');
    const section = canvas.getByRole('region', { name: 'Viết cho chúng tôi' });
    await expect(within(section).getByRole('form', { name: 'Contact form' })).toBeInTheDocument();
  },
};
