import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
import { Button } from '../Button';
import { Modal, modalPlacements, modalSizes, type ModalContentProps } from './Modal';

type ModalDemoProps = ModalContentProps & {
  /** Story-only: the trigger button's label. */
  trigger?: string;
  onOpenChange?: (open: boolean) => void;
};

function ModalDemo({ children, trigger = 'Sign in', onOpenChange, ...content }: ModalDemoProps) {
  return (
    <Modal.Root onOpenChange={onOpenChange}>
      <Modal.Trigger asChild>
        <Button>{trigger}</Button>
      </Modal.Trigger>
      <Modal.Content {...content}>{children}</Modal.Content>
    </Modal.Root>
  );
}

const meta = {
  title: 'Overlays/Modal',
  component: Modal.Content,
  args: {
    onOpenChange: fn(),
    title: 'Sign in to AI Studio',
    description: 'Save your conversations and pick up where you left off on any device.',
    size: 'md',
    children: (
      <>
        <Modal.Body>
          <p style={{ margin: 0 }}>
            Continue with Microsoft, Google or Apple, or use your e-mail address and we will send
            you a one-time code.
          </p>
        </Modal.Body>
        <Modal.Footer>
          <Modal.Close asChild>
            <Button variant="secondary">Cancel</Button>
          </Modal.Close>
          <Button>Continue</Button>
        </Modal.Footer>
      </>
    ),
  },
  argTypes: {
    size: { control: 'inline-radio', options: modalSizes },
    placement: { control: 'inline-radio', options: modalPlacements },
    dismissible: { control: 'boolean' },
  },
  render: (args) => <ModalDemo {...args} />,
  parameters: {
    usage: {
      use: 'A dialog for one short task that the page waits for: sign in, share a conversation, upgrade to Pro. For a yes-or-no question before a destructive action, use a [ConfirmDialog](?path=/docs/overlays-confirmdialog--docs); for news about what just happened, a [Toast](?path=/docs/feedback-toast--docs); for a list of actions, a [DropdownMenu](?path=/docs/navigation-dropdownmenu--docs).',
      do: [
        'Give each modal one task and a `title` that names it (required: it names the dialog and is announced when it opens), translated like every other text; add a `description` only when it helps.',
        'Put the content in `Modal.Body`, which scrolls (and can be focused when it does, for keyboard users), and the actions in `Modal.Footer`, the primary one last; a Cancel is `Modal.Close asChild` around a secondary [Button](?path=/docs/actions-button--docs).',
        'Split a longer task into steps inside the same modal, with a [StepIndicator](?path=/docs/navigation-stepindicator--docs) at the top of the body and Back and Continue in the footer, as the Pro upgrade does (Auth → Plan → Payment, `size="lg"`).',
        'Leave it `dismissible`: Escape, a click outside and the corner close button close it, and focus goes back to what opened it. Set `dismissible={false}` only while a step must not be abandoned (a payment being confirmed), and offer a way out in the footer.',
        'On a 390 px phone a centred modal takes the screen’s width and scrolls as one piece; for a drawer or a side panel (the app’s phone menu, its voice settings) use `placement="end"` with `size="sm"`.',
      ],
      dont: [
        'Don’t open another Modal on top for the next part of a task: change the step inside this one. A [ConfirmDialog](?path=/docs/overlays-confirmdialog--docs) before a destructive action is the one exception.',
        'Don’t leave the title vague ("Notice", "Are you sure?"): it is the first thing screen reader users hear.',
        'Don’t use a modal for a message ([Toast](?path=/docs/feedback-toast--docs), or text on the page) or for content people read alongside the page.',
        'Don’t label a footer button "Close" while the corner close button is there (two buttons with one name): name it for what it does ("Cancel"), or set `hideCloseButton`, as the receipt does.',
        'Don’t restyle or size it with `className` or `style` (the parts refuse them); pick a `size` (`sm`, `md`, `lg`) and a `placement`, and lay out the body with [Stack](?path=/docs/layout-stack--docs).',
      ],
    } satisfies ComponentUsage,
  },
} satisfies Meta<ModalDemoProps>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens the modal from its trigger and returns the dialog once it is on screen. */
async function openModal(canvasElement: HTMLElement, trigger = 'Sign in') {
  await userEvent.click(within(canvasElement).getByRole('button', { name: trigger }));
  return screen.findByRole('dialog');
}

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openModal(canvasElement);
    // Named by its title, described by its description.
    await expect(dialog).toHaveAccessibleName('Sign in to AI Studio');
    await expect(dialog).toHaveAccessibleDescription(
      'Save your conversations and pick up where you left off on any device.',
    );
    await expect(
      within(dialog).getByRole('heading', { name: 'Sign in to AI Studio' }),
    ).toBeInTheDocument();
    // The page behind cannot scroll while the modal is open.
    await waitFor(() => expect(document.body).toHaveAttribute('data-scroll-locked'));
    await expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  },
};

export const ClosesOnEscape: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Sign in' });
    const dialog = await openModal(canvasElement);
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Focus goes back to where the user was, and the page scrolls again.
    await expect(trigger).toHaveFocus();
    await expect(document.body).not.toHaveAttribute('data-scroll-locked');
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
  },
};

export const ClosesWithCloseButton: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Sign in' });
    const dialog = await openModal(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(trigger).toHaveFocus();
  },
};

export const TrapsFocus: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openModal(canvasElement);
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(cancel).toHaveFocus());
    // Cancel → Continue → Close → back to Cancel: Tab never leaves the dialog.
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Continue' })).toHaveFocus();
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab();
    await expect(cancel).toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
  },
};

export const WithoutDescription: Story = {
  args: { description: undefined, title: 'Share this conversation' },
  play: async ({ canvasElement }) => {
    const dialog = await openModal(canvasElement);
    await expect(dialog).toHaveAccessibleName('Share this conversation');
    await expect(dialog).not.toHaveAttribute('aria-describedby');
  },
};

export const Small: Story = {
  args: {
    size: 'sm',
    title: 'Sign out?',
    description: 'You can sign back in at any time.',
    children: (
      <Modal.Footer>
        <Modal.Close asChild>
          <Button variant="secondary">Stay signed in</Button>
        </Modal.Close>
        <Button>Sign out</Button>
      </Modal.Footer>
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(await openModal(canvasElement)).toHaveAccessibleName('Sign out?');
  },
};

export const Large: Story = {
  args: {
    size: 'lg',
    title: 'Upgrade to Pro',
    description: 'Unlimited conversations, every model and priority access.',
  },
  play: async ({ canvasElement }) => {
    await expect(await openModal(canvasElement)).toHaveAccessibleName('Upgrade to Pro');
  },
};

const terms = [
  'Pro renews every month until you cancel. You can cancel from the Membership page at any time and keep Pro until the end of the period you paid for.',
  'Payments are processed by PayPal or VNPay. We never see or store your card number; we only keep the transaction reference needed for receipts and refunds.',
  'Before each payment you may be asked to confirm with a fingerprint, your face or a security key registered on this account.',
  'Refunds follow the Purchases and refunds policy. Contact support within 14 days of a charge if something went wrong.',
  'Shared conversations stay visible to anyone with the link until you stop sharing them or they expire.',
  'Generated content belongs to you, subject to the Ownership and IP policy and the terms of the model provider you chose.',
  'We may change these terms; we will tell you by e-mail at least 30 days before a change that affects what you pay.',
];

export const LongContent: Story = {
  args: {
    title: 'Terms of the Pro plan',
    description: 'Please read before you continue to payment.',
    children: (
      <>
        <Modal.Body data-testid="modal-body">
          {[...terms, ...terms].map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </Modal.Body>
        <Modal.Footer>
          <Modal.Close asChild>
            <Button variant="secondary">Back</Button>
          </Modal.Close>
          <Button>I agree</Button>
        </Modal.Footer>
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    const dialog = await openModal(canvasElement);
    const body = within(dialog).getByTestId('modal-body');
    // The body scrolls inside the viewport-high dialog and is reachable from the keyboard.
    await waitFor(() => expect(body).toHaveAttribute('tabindex', '0'));
    await expect(body.scrollHeight).toBeGreaterThan(body.clientHeight);
    await expect(dialog.getBoundingClientRect().height).toBeLessThanOrEqual(window.innerHeight);
    await expect(within(dialog).getByRole('button', { name: 'I agree' })).toBeVisible();
  },
};

export const LongTitle: Story = {
  args: {
    title:
      'Confirm the payment of your yearly Pro subscription with the biometric device registered on this account',
  },
  play: async ({ canvasElement }) => {
    await openModal(canvasElement);
  },
};

export const NonDismissible: Story = {
  args: {
    dismissible: false,
    title: 'Confirming your payment',
    description: 'Keep this window open while VNPay confirms the payment.',
    children: (
      <Modal.Footer>
        <Modal.Close asChild>
          <Button variant="secondary">Cancel payment</Button>
        </Modal.Close>
      </Modal.Footer>
    ),
  },
  play: async ({ canvasElement }) => {
    const dialog = await openModal(canvasElement);
    // No corner close button, and Escape does nothing: only the explicit action ends it.
    await expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await expect(screen.getByRole('dialog')).toBeInTheDocument();
  },
};

export const NonDismissibleClosesWithAction: Story = {
  ...NonDismissible,
  play: async ({ canvasElement }) => {
    const dialog = await openModal(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  args: {
    trigger: 'Đăng nhập',
    title: 'Đăng nhập vào AI Studio',
    description: 'Lưu các cuộc trò chuyện và tiếp tục trên mọi thiết bị.',
    children: (
      <>
        <Modal.Body>
          <p style={{ margin: 0 }}>
            Tiếp tục với Microsoft, Google hoặc Apple, hoặc nhập địa chỉ e-mail để nhận mã dùng một
            lần.
          </p>
        </Modal.Body>
        <Modal.Footer>
          <Modal.Close asChild>
            <Button variant="secondary">Hủy</Button>
          </Modal.Close>
          <Button>Tiếp tục</Button>
        </Modal.Footer>
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    const dialog = await openModal(canvasElement, 'Đăng nhập');
    await expect(dialog).toHaveAccessibleName('Đăng nhập vào AI Studio');
    await expect(within(dialog).getByRole('button', { name: 'Đóng' })).toBeInTheDocument();
  },
};

/** A side sheet (a phone's navigation drawer): full height along the inline end, same dialog. */
export const SideSheet: Story = {
  args: {
    placement: 'end',
    size: 'sm',
    title: 'Menu',
    description: undefined,
    children: (
      <Modal.Body>
        <p style={{ margin: 0 }}>Links and settings that do not fit in a phone's header.</p>
      </Modal.Body>
    ),
  },
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Sign in' });
    const dialog = await openModal(canvasElement);
    await expect(dialog).toHaveAccessibleName('Menu');
    // Hugs the screen's end edge from top to bottom, at most the small size wide.
    await waitFor(() => {
      const box = dialog.getBoundingClientRect();
      // (Within a pixel: the scroll lock may leave the scrollbar's gutter.)
      expect(Math.abs(box.right - window.innerWidth)).toBeLessThanOrEqual(1);
      expect(Math.round(box.top)).toBe(0);
      expect(Math.round(box.height)).toBe(window.innerHeight);
      expect(box.width).toBeLessThanOrEqual(400);
    });
    await waitFor(() => expect(document.body).toHaveAttribute('data-scroll-locked'));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(trigger).toHaveFocus();
  },
};
