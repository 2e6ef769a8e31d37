import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
import { Button } from '../Button';
import { ToastProvider, useToast } from './Toast';
import { toastTones, type ToastOptions } from './toastEntry';

interface DemoProps {
  /** Toasts fired, in order, by one click. */
  toasts: ToastOptions[];
  label?: string;
}

function ToastDemo({ toasts, label = 'Show notification' }: DemoProps) {
  const { toast } = useToast();
  return <Button onClick={() => toasts.forEach((options) => toast(options))}>{label}</Button>;
}

const meta = {
  title: 'Feedback/Toast',
  component: ToastDemo,
  decorators: [
    (Story) => (
      <ToastProvider>
        <Story />
      </ToastProvider>
    ),
  ],
  argTypes: { toasts: { control: 'object' } },
  parameters: {
    usage: {
      use: 'A short message about something that happened away from where the person is looking, or after the place that caused it has closed: a deletion went through, an export finished, a download failed. It closes by itself after 5 s. An error about something still on screen belongs next to it instead: the [Form](?path=/docs/forms-form--docs)’s error, a field’s `error`, a [ConfirmDialog](?path=/docs/overlays-confirmdialog--docs)’s `error`.',
      do: [
        'Wrap the app once in `ToastProvider`, and call `useToast().toast({ tone, title, description })` from anywhere under it.',
        'Pick the `tone` by outcome: `success` for a change that went through, `critical` for a failure (announced at once; the others wait for a pause), `warning` for something to watch that didn’t fail, `info` (the default) for news.',
        'Make the `title` say what happened ("Conversation deleted") and the `description` why or what next (the API’s error text), both translated.',
        'Reuse an `id` to replace a toast with a later state of the same thing, instead of stacking a new one.',
        'Move focus yourself after an action that removed the focused element: a toast never takes focus (F8 jumps to the notifications).',
      ],
      dont: [
        'Don’t report a failure in a toast while the form or dialog that caused it is still open: show it there, so the person can fix it and try again.',
        'Don’t put the only way to do something in a toast (a link, an Undo): it is gone after 5 s and hard to reach from the keyboard; put the action on the page.',
        'Don’t use `critical` for anything but a failure: it interrupts screen reader users.',
        'Don’t set `duration: Infinity` to turn a toast into a banner: a message that must stay belongs on the page.',
        'Don’t mount a second `ToastProvider`: one for the app keeps every toast in one stack in the top-right corner.',
      ],
    } satisfies ComponentUsage,
  },
} satisfies Meta<typeof ToastDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

// Display stories keep their toasts until the snapshot: the 5 s default would race the checks.
const pinned = { duration: Infinity } as const;

function region() {
  return screen.getByRole('region', { name: 'Notifications' });
}

/** Clicks the demo button and returns the toasts on screen once `count` are there. */
async function showToasts(canvasElement: HTMLElement, count = 1, label = 'Show notification') {
  await userEvent.click(within(canvasElement).getByRole('button', { name: label }));
  await waitFor(() => expect(within(region()).getAllByRole('listitem')).toHaveLength(count));
  return within(region()).getAllByRole('listitem');
}

export const Info: Story = {
  args: {
    toasts: [
      {
        ...pinned,
        tone: 'info',
        title: 'New models available',
        description: 'GPT-4.1 and Claude are now in the model picker.',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const [toast] = await showToasts(canvasElement);
    await expect(toast).toHaveTextContent('New models available');
    // Visible once its slide-in is over.
    await waitFor(() =>
      expect(
        within(toast as HTMLElement).getByRole('button', { name: 'Dismiss notification' }),
      ).toBeVisible(),
    );
    // Screen readers hear it through a polite status region.
    const status = await screen.findByRole('status');
    await expect(status).toHaveAttribute('aria-live', 'polite');
  },
};

export const Success: Story = {
  args: {
    toasts: [
      {
        ...pinned,
        tone: 'success',
        title: 'Device added',
        description: '“Work laptop” can now confirm your payments.',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    await showToasts(canvasElement);
  },
};

export const Warning: Story = {
  args: {
    toasts: [
      {
        ...pinned,
        tone: 'warning',
        title: 'Payment could not start',
        description: '2 of 3 attempts left.',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    await showToasts(canvasElement);
  },
};

export const Critical: Story = {
  args: {
    toasts: [
      {
        ...pinned,
        tone: 'critical',
        title: 'Verification failed',
        description: 'Your device did not confirm the payment. Try again or pick another device.',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    await showToasts(canvasElement);
    // Critical news interrupts: assertive announcement.
    await expect(await screen.findByRole('status')).toHaveAttribute('aria-live', 'assertive');
  },
};

export const TitleOnly: Story = {
  args: { toasts: [{ ...pinned, tone: 'success', title: 'Link copied' }] },
  play: async ({ canvasElement }) => {
    await showToasts(canvasElement);
  },
};

export const Stacked: Story = {
  args: {
    toasts: toastTones.map((tone, index) => ({
      ...pinned,
      tone,
      title: [
        'Conversation shared',
        'Preferences saved',
        'Session expires soon',
        'Message not sent',
      ][index],
    })),
  },
  play: async ({ canvasElement }) => {
    const toasts = await showToasts(canvasElement, 4);
    await expect(toasts.map((toast) => toast.getAttribute('data-tone'))).toEqual([...toastTones]);
  },
};

export const LongText: Story = {
  args: {
    toasts: [
      {
        ...pinned,
        tone: 'warning',
        title:
          'Your Pro subscription renews tomorrow with the PayPal account ending in linh.nguyen',
        description:
          'If you changed your mind you can cancel from the Membership page before midnight; you will keep Pro, GodMode and every conversation until the end of the current billing period, and nothing further will be charged.',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const [toast] = await showToasts(canvasElement);
    // Long text wraps inside the toast instead of pushing it off screen.
    await expect((toast as HTMLElement).getBoundingClientRect().right).toBeLessThanOrEqual(
      window.innerWidth,
    );
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  args: {
    label: 'Hiện thông báo',
    toasts: [
      {
        ...pinned,
        tone: 'success',
        title: 'Thanh toán thành công',
        description: 'Chào mừng bạn đến với gói Pro. Chúc bạn sáng tạo vui vẻ!',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Hiện thông báo' }));
    const viRegion = await screen.findByRole('region', { name: 'Thông báo' });
    const toast = await within(viRegion).findByRole('listitem');
    await waitFor(() =>
      expect(within(toast).getByRole('button', { name: 'Đóng thông báo' })).toBeVisible(),
    );
  },
};

export const DismissButton: Story = {
  args: { toasts: [{ ...pinned, tone: 'info', title: 'Code sent to linh@example.com' }] },
  play: async ({ canvasElement }) => {
    const [toast] = await showToasts(canvasElement);
    await userEvent.click(
      within(toast as HTMLElement).getByRole('button', { name: 'Dismiss notification' }),
    );
    await waitFor(() => expect(within(region()).queryAllByRole('listitem')).toHaveLength(0));
  },
};

export const AutoDismiss: Story = {
  // This story is about the clock itself: let it run (every other story holds toasts still).
  parameters: { toastTimers: 'running' },
  // Short on purpose to keep the test fast; the 5000 ms default is asserted in Toast.test.tsx.
  args: { toasts: [{ tone: 'success', title: 'Preferences saved', duration: 1200 }] },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show notification' }));
    await expect(await screen.findByRole('status')).toBeInTheDocument();
    await waitFor(() => expect(region()).toHaveTextContent('Preferences saved'));
    // The pointer rests on the trigger, not the toast, so the timer runs.
    await waitFor(() => expect(within(region()).queryAllByRole('listitem')).toHaveLength(0));
  },
};
