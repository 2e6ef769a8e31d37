import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
import { CredentialManager } from './CredentialManager';
import { macbook, pixel, sampleCredentials, vietnameseCredentials } from './fixtures';

const meta = {
  title: 'Biometrics/CredentialManager',
  component: CredentialManager,
  args: {
    credentials: sampleCredentials,
    onAdd: fn(),
    onRename: fn(),
    onDelete: fn(),
    onToggleActive: fn(),
    onRetry: fn(),
  },
  parameters: {
    layout: 'padded',
    usage: {
      use: 'The settings section where a signed-in person lists, adds, renames, turns on or off and deletes the biometric devices (WebAuthn) that confirm their payments. To pick a device during a payment, use a [CredentialPicker](?path=/docs/biometrics-credentialpicker--docs).',
      do: [
        'Map your data onto `status`: `loading` shows placeholders, `error` shows a translated `errorMessage` with Try again (`onRetry`), `ready` shows the list, or an empty state with Add device.',
        'Report the outcome of each change with a [Toast](?path=/docs/feedback-toast--docs), success or failure, as the app’s biometric settings do.',
        'Reject the promise from `onAdd` or `onRename` when the change fails: the name form stays open with what was typed.',
        'Set `headingLevel` (2, 3 or 4) and, if needed, a translated `title` to fit the page’s outline.',
        'Offer "Require biometric verification before payments" by passing `onRequireChange` with `requireBeforePayment`.',
      ],
      dont: [
        'Don’t ask before deleting: the manager already asks, with a danger [ConfirmDialog](?path=/docs/overlays-confirmdialog--docs) naming the device.',
        'Don’t reject from `onDelete` when the deletion fails: the confirmation would stay open with no message. Resolve, and report the failure with a Toast.',
        'Don’t check names yourself: the name form trims them, requires one, allows at most 50 characters and ignores an empty or unchanged rename.',
        'Don’t hide it when the browser can’t do WebAuthn: say so above it, so people can still rename, turn off or delete devices added elsewhere.',
        'Don’t restyle it: it takes no `className` or `style`; place it in a [Card](?path=/docs/display-card--docs) or a section of the page.',
      ],
    } satisfies ComponentUsage,
  },
} satisfies Meta<typeof CredentialManager>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Biometric devices' })).toBeInTheDocument();
    const list = canvas.getByRole('list', { name: 'Your devices' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    // Name, device, last used, created and active state are all shown.
    const [first, second, third] = within(list).getAllByRole('listitem');
    await expect(first).toHaveTextContent('MacBook Pro Touch ID');
    await expect(first).toHaveTextContent('macOS 15 · Chrome 131');
    await expect(first).toHaveTextContent('Nov 18, 2026');
    await expect(first).toHaveTextContent('Mar 14, 2026');
    await expect(first).toHaveTextContent('Active');
    await expect(second).toHaveTextContent('Never');
    await expect(third).toHaveTextContent('Inactive');
  },
};

export const Loading: Story = {
  args: { status: 'loading', credentials: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading…')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  args: { status: 'error', credentials: [] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent("We couldn't load your devices.");
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const Empty: Story = {
  args: { credentials: [] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'No devices yet' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Add device' }));
    const field = canvas.getByRole('textbox', { name: 'Name your new device' });
    await expect(field).toHaveFocus();
    await userEvent.type(field, 'Pixel 9{Enter}');
    await expect(args.onAdd).toHaveBeenCalledWith('Pixel 9');
  },
};

export const AddDevice: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add device' }));
    const field = canvas.getByRole('textbox', { name: 'Name your new device' });
    // Empty (after trimming) is refused with the error under the field.
    await userEvent.type(field, '   ');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(field).toHaveAccessibleDescription(/Enter a name for this device\./);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onAdd).not.toHaveBeenCalled();
    await userEvent.type(field, '  Work laptop  ');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(args.onAdd).toHaveBeenCalledWith('Work laptop');
  },
};

export const RenameTrimsAndRefuses51Characters: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Rename MacBook Pro Touch ID' }));
    const field = canvas.getByRole('textbox', { name: 'Device name' });
    await userEvent.clear(field);
    await userEvent.type(field, 'x'.repeat(51));
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(field).toHaveAccessibleDescription(/Use at most 50 characters\./);
    await expect(args.onRename).not.toHaveBeenCalled();
    await userEvent.clear(field);
    await userEvent.type(field, '   Studio Mac   ');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(args.onRename).toHaveBeenCalledWith('cred-macbook', 'Studio Mac');
  },
};

export const RenameIgnoredWhenEmptyOrUnchanged: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Rename Pixel 9 fingerprint' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(args.onRename).not.toHaveBeenCalled();
    await expect(canvas.queryByRole('textbox', { name: 'Device name' })).not.toBeInTheDocument();

    await userEvent.click(canvas.getByRole('button', { name: 'Rename Pixel 9 fingerprint' }));
    await userEvent.clear(canvas.getByRole('textbox', { name: 'Device name' }));
    await userEvent.keyboard('{Enter}');
    await expect(args.onRename).not.toHaveBeenCalled();
    await expect(canvas.queryByRole('textbox', { name: 'Device name' })).not.toBeInTheDocument();
  },
};

export const RenameEditing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Rename YubiKey 5C' }));
    await expect(canvas.getByRole('textbox', { name: 'Device name' })).toHaveValue('YubiKey 5C');
  },
};

export const DeleteAsksFirst: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete YubiKey 5C' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this device?' });
    await expect(dialog).toHaveTextContent('“YubiKey 5C” will no longer be able to confirm');
    await expect(args.onDelete).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await expect(args.onDelete).not.toHaveBeenCalled();

    await userEvent.click(canvas.getByRole('button', { name: 'Delete YubiKey 5C' }));
    const again = await screen.findByRole('alertdialog', { name: 'Delete this device?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    await expect(args.onDelete).toHaveBeenCalledWith('cred-yubikey');
  },
};

export const ToggleActive: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Turn on YubiKey 5C' }));
    await expect(args.onToggleActive).toHaveBeenCalledWith('cred-yubikey', true);
    await userEvent.click(canvas.getByRole('button', { name: 'Turn off Pixel 9 fingerprint' }));
    await expect(args.onToggleActive).toHaveBeenCalledWith('cred-pixel', false);
  },
};

export const RequireBeforePayments: Story = {
  args: { onRequireChange: fn(), requireBeforePayment: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      canvas.getByRole('checkbox', { name: 'Require biometric verification before payments' }),
    );
    await expect(args.onRequireChange).toHaveBeenCalledWith(true);
  },
};

export const LongNames: Story = {
  args: {
    credentials: [
      {
        ...macbook,
        credentialName: 'Personal MacBook Pro 16-inch with Touch ID, home',
        deviceInfo: 'macOS 15.2 Sequoia · Google Chrome 131.0.6778.86 (Official Build) arm64',
      },
      {
        ...pixel,
        credentialName: 'ThisIsAVeryLongNameWithoutAnySpacesAtAllForTesting',
      },
    ],
  },
};

export const Vietnamese: Story = {
  args: { credentials: vietnameseCredentials, onRequireChange: fn(), requireBeforePayment: true },
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { name: 'Thiết bị sinh trắc học' }),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Thêm thiết bị' })).toBeInTheDocument();
    await expect(canvas.getAllByText('Chưa dùng')).toHaveLength(1);
  },
};
