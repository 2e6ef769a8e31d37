import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
import { Button } from '../Button';
import { ConfirmDialog, confirmDialogTones, type ConfirmDialogProps } from './ConfirmDialog';

type DemoProps = ConfirmDialogProps & {
  /** Story-only: the button that opens the dialog. */
  opener?: string;
  /** Story-only: shown when onConfirm rejects, as the app would. */
  failureMessage?: string;
};

/** Holds the open state like a real screen does, and reports a failed confirm through `error`. */
function ConfirmDemo({ opener = 'Delete device', failureMessage, onConfirm, ...props }: DemoProps) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {opener}
      </Button>
      <ConfirmDialog
        {...props}
        open={open}
        error={error}
        onOpenChange={(next) => {
          props.onOpenChange(next);
          setOpen(next);
          if (!next) setError(undefined);
        }}
        onConfirm={async () => {
          setError(undefined);
          try {
            await onConfirm();
          } catch (cause) {
            setError(failureMessage);
            throw cause;
          }
        }}
      />
    </>
  );
}

const meta = {
  title: 'Overlays/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    open: false,
    onOpenChange: fn(),
    onConfirm: fn(),
    tone: 'danger',
    title: 'Delete this device?',
    description:
      '“Work laptop” will no longer be able to confirm your payments. You can add it again later.',
    confirmLabel: 'Delete',
  },
  argTypes: { tone: { control: 'inline-radio', options: confirmDialogTones } },
  render: (args) => <ConfirmDemo {...args} />,
  parameters: {
    usage: {
      use: 'A yes-or-no question before an action that deserves a second thought, usually one that destroys something: delete a device, sign out everywhere, delete the account. For a task with its own content or steps, use a [Modal](?path=/docs/overlays-modal--docs); for reporting what happened afterwards, a [Toast](?path=/docs/feedback-toast--docs).',
      do: [
        'Ask a question naming the action and its object in the `title` ("Delete this device?"), say what will happen in the `description`, and repeat the verb in `confirmLabel` ("Delete"), all translated; `cancelLabel` defaults to the translated "Cancel" ("Hủy").',
        'Set `tone="danger"` for a destructive action: the confirm button turns `danger` and focus starts on Cancel, the safe choice. With the `default` tone, focus starts on the confirm button.',
        'Return a promise from `onConfirm`: the confirm button shows it is busy, Cancel and Escape wait, and the dialog closes when it resolves. When it rejects, the dialog stays open: say why in `error`, announced as an alert (the app’s `useConfirmedMutation` does both).',
        'Use `children` for the one extra control the question needs, such as typing a word to confirm deleting the account.',
      ],
      dont: [
        'Don’t confirm routine or easily undone actions (saving, renaming, copying): do them and report the outcome with a [Toast](?path=/docs/feedback-toast--docs).',
        'Don’t label the buttons "Yes", "No" or "OK": people should be able to answer from the buttons alone.',
        'Don’t close the dialog and toast a failure the person could retry: show it in `error`. Close at once only for an optimistic change, and then report a refusal with a Toast.',
        'Don’t build a confirmation from a Modal by hand: you would lose the `alertdialog` role, the safe first focus and the pending state.',
        'Don’t grow it into a form or a flow: anything beyond the question and one control belongs in a [Modal](?path=/docs/overlays-modal--docs).',
      ],
    } satisfies ComponentUsage,
  },
} satisfies Meta<DemoProps>;

export default meta;
type Story = StoryObj<typeof meta>;

async function openDialog(canvasElement: HTMLElement, opener = 'Delete device') {
  await userEvent.click(within(canvasElement).getByRole('button', { name: opener }));
  return screen.findByRole('alertdialog');
}

export const Danger: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await expect(dialog).toHaveAccessibleName('Delete this device?');
    await expect(dialog).toHaveAccessibleDescription(/Work laptop/);
    // Safer default for a destructive action: focus starts on Cancel.
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus(),
    );
  },
};

export const Default: Story = {
  args: {
    tone: 'default',
    opener: 'Stop sharing',
    title: 'Stop sharing this conversation?',
    description: 'People with the link will no longer be able to open it.',
    confirmLabel: 'Stop sharing',
    cancelLabel: 'Keep sharing',
  },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement, 'Stop sharing');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Stop sharing' })).toHaveFocus(),
    );
    await expect(within(dialog).getByRole('button', { name: 'Keep sharing' })).toBeVisible();
  },
};

export const Confirmed: Story = {
  play: async ({ canvasElement, args }) => {
    const opener = within(canvasElement).getByRole('button', { name: 'Delete device' });
    const dialog = await openDialog(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(opener).toHaveFocus();
  },
};

export const Cancelled: Story = {
  play: async ({ canvasElement, args }) => {
    const opener = within(canvasElement).getByRole('button', { name: 'Delete device' });
    const dialog = await openDialog(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    // Focus goes back to the button that opened it, even without a Modal.Trigger.
    await expect(opener).toHaveFocus();
  },
};

export const PendingConfirm: Story = {
  // Never settles: the dialog stays in its loading state for the snapshot.
  args: { onConfirm: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    const confirm = within(dialog).getByRole('button', { name: /Delete/ });
    await userEvent.click(confirm);
    await waitFor(() => expect(confirm).toHaveAttribute('aria-busy', 'true'));
    await expect(confirm).toHaveAccessibleName(/Loading…/);
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    // Escape cannot abandon an action that is already running.
    await userEvent.keyboard('{Escape}');
    await expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  },
};

export const FailingConfirm: Story = {
  args: {
    onConfirm: fn(() => Promise.reject(new Error('Network error'))),
    failureMessage: 'We couldn’t delete the device. Check your connection and try again.',
  },
  play: async ({ canvasElement, args }) => {
    const dialog = await openDialog(canvasElement);
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    await userEvent.click(confirm);
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    // Still open, the failure announced, and the button ready for another try.
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'We couldn’t delete the device.',
    );
    await waitFor(() => expect(confirm).not.toHaveAttribute('aria-busy'));
    await expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  },
};

export const LongText: Story = {
  args: {
    opener: 'Cancel subscription',
    title: 'Cancel your Pro subscription and lose GodMode at the end of this billing period?',
    description:
      'You keep Pro until 31 December 2025. After that your conversations stay, but longer context, priority access and every Pro-only model are turned off. You can subscribe again at any time from the Plans page.',
    confirmLabel: 'Cancel subscription',
    cancelLabel: 'Keep Pro',
  },
  play: async ({ canvasElement }) => {
    await openDialog(canvasElement, 'Cancel subscription');
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  args: {
    opener: 'Xóa thiết bị',
    title: 'Xóa thiết bị này?',
    description:
      '“Laptop công ty” sẽ không thể xác nhận thanh toán của bạn nữa. Bạn có thể thêm lại sau.',
    confirmLabel: 'Xóa',
  },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement, 'Xóa thiết bị');
    // The default cancel label is translated.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Hủy' })).toHaveFocus());
  },
};
