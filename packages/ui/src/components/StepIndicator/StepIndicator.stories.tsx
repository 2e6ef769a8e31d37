import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
import { StepIndicator } from './StepIndicator';

const proSteps = [
  { id: 'auth', label: 'Auth' },
  { id: 'plan', label: 'Plan' },
  { id: 'payment', label: 'Payment' },
] as const;

const meta = {
  title: 'Navigation/StepIndicator',
  component: StepIndicator,
  args: { steps: proSteps, current: 'auth' },
  argTypes: {
    current: { control: 'inline-radio', options: proSteps.map((step) => step.id) },
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
  parameters: {
    usage: {
      use: 'Shows where the person is in a short, ordered flow inside one view, such as the Pro upgrade modal’s Auth → Plan → Payment. For views people can visit in any order, use [Tabs](?path=/docs/navigation-tabs--docs).',
      do: [
        'Keep it to a few steps (the upgrade has three) with short, translated labels ("Sign in", "Đăng nhập"), so the row fits a 390 px phone.',
        'Place it at the top of the [Modal](?path=/docs/overlays-modal--docs)’s body, above the step’s own content, and set `current` from the flow’s state, by step `id` or by index.',
        'Keep Back and Continue in the modal’s footer: the indicator shows progress, the buttons move between steps.',
        'Set `showPosition` to show "Step 2 of 3" when the labels alone don’t say how far along the person is; screen readers hear the position either way, and the current step is marked `aria-current="step"`.',
      ],
      dont: [
        'Don’t make the steps the way to move: they are a list, not buttons; Back and Continue do that.',
        'Don’t open a new modal for each step: change `current` and the content inside one modal, so the title and focus stay put.',
        'Don’t use it for a single step or a long process; split a long task into pages, each with its own heading.',
        'Don’t hard-code the labels in one language: each `label` is plain text you translate (the "Step 2 of 3" and "completed" texts are translated for you).',
        'Don’t restyle it with `className` or `style` (the props refuse them); it takes `steps`, `current` and `showPosition`.',
      ],
    } satisfies ComponentUsage,
  },
} satisfies Meta<typeof StepIndicator>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AuthStep: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: 'Progress' });
    const items = within(list).getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    await expect(items[0]).toHaveAttribute('aria-current', 'step');
    await expect(items[0]).toHaveTextContent('Auth (current step)');
    await expect(items[1]).not.toHaveAttribute('aria-current');
    await expect(canvas.getByText('Step 1 of 3')).toBeInTheDocument();
  },
};

export const PlanStep: Story = {
  args: { current: 'plan' },
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole('listitem');
    await expect(items[0]).toHaveTextContent('Auth (completed)');
    await expect(items[1]).toHaveAttribute('aria-current', 'step');
    await expect(within(canvasElement).getByText('Step 2 of 3')).toBeInTheDocument();
  },
};

export const PaymentStep: Story = {
  // By index this time: both forms are accepted.
  args: { current: 2 },
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole('listitem');
    await expect(items[0]).toHaveTextContent('(completed)');
    await expect(items[1]).toHaveTextContent('(completed)');
    await expect(items[2]).toHaveAttribute('aria-current', 'step');
    await expect(within(canvasElement).getByText('Step 3 of 3')).toBeInTheDocument();
  },
};

export const WithVisiblePosition: Story = {
  args: { current: 'plan', showPosition: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Step 2 of 3')).toBeVisible();
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  args: {
    steps: [
      { id: 'auth', label: 'Đăng nhập' },
      { id: 'plan', label: 'Gói' },
      { id: 'payment', label: 'Thanh toán' },
    ],
    current: 'plan',
    showPosition: true,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: 'Tiến trình' });
    const items = within(list).getAllByRole('listitem');
    await expect(items[0]).toHaveTextContent('Đăng nhập (đã xong)');
    await expect(items[1]).toHaveTextContent('Gói (bước hiện tại)');
    await expect(canvas.getByText('Bước 2/3')).toBeInTheDocument();
  },
};

export const LongLabels: Story = {
  args: {
    steps: [
      { id: 'auth', label: 'Sign in or create your account' },
      { id: 'plan', label: 'Choose a plan and optional add-ons' },
      { id: 'payment', label: 'Pay with PayPal or VNPay' },
    ],
    current: 'plan',
  },
};

export const NarrowScreen: Story = {
  args: {
    steps: [
      { id: 'auth', label: 'Đăng nhập' },
      { id: 'plan', label: 'Gói' },
      { id: 'payment', label: 'Thanh toán' },
    ],
    current: 'payment',
  },
  globals: { locale: 'vi' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 240 }}>
        <Story />
      </div>
    ),
  ],
};
