import type { Meta, StoryObj } from '@storybook/react-vite';
import { LogIn, UserPlus } from 'lucide-react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
import { Button } from '../Button';
import { Modal } from '../Modal';
import { Tabs, tabsVariants, type TabsListProps } from './Tabs';

type DemoProps = Pick<TabsListProps, 'variant' | 'fullWidth'> & {
  onValueChange?: (value: string) => void;
  labels?: { login: string; register: string; list: string };
  disableRegister?: boolean;
  withIcons?: boolean;
};

const panelText = {
  login: 'Welcome back. Sign in with Microsoft, Google, Apple or your e-mail address.',
  register: 'Create an account to save conversations and upgrade to Pro whenever you like.',
};

function AccountTabs({
  variant,
  fullWidth,
  onValueChange,
  labels = { login: 'Login', register: 'Register', list: 'Account' },
  disableRegister = false,
  withIcons = false,
}: DemoProps) {
  return (
    <Tabs.Root defaultValue="login" onValueChange={onValueChange}>
      <Tabs.List aria-label={labels.list} variant={variant} fullWidth={fullWidth}>
        <Tabs.Trigger value="login" icon={withIcons ? <LogIn size={16} /> : undefined}>
          {labels.login}
        </Tabs.Trigger>
        <Tabs.Trigger
          value="register"
          disabled={disableRegister}
          icon={withIcons ? <UserPlus size={16} /> : undefined}
        >
          {labels.register}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="login">
        <p style={{ margin: 0 }}>{panelText.login}</p>
      </Tabs.Content>
      <Tabs.Content value="register">
        <p style={{ margin: 0 }}>{panelText.register}</p>
      </Tabs.Content>
    </Tabs.Root>
  );
}

const meta = {
  title: 'Navigation/Tabs',
  component: AccountTabs,
  args: { variant: 'underline', fullWidth: false, onValueChange: fn() },
  argTypes: { variant: { control: 'inline-radio', options: tabsVariants } },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
  parameters: {
    usage: {
      use: 'Switching between views of the same thing in place: Login and Register, monthly and yearly prices, filters over one library. To go to another page, use a [Link](?path=/docs/actions-link--docs); for steps taken in order, a [StepIndicator](?path=/docs/navigation-stepindicator--docs); to pick a value in a form, a [Select](?path=/docs/forms-select--docs).',
      do: [
        'Name `Tabs.List` with a translated `aria-label` (it is required): screen readers announce it with the tabs (“Account”, “Billing period”).',
        'Use the default `underline` for the sections of a view (a document’s tools) and `variant="pill"` for a segmented choice or filters (billing period, library filters).',
        'Set `fullWidth` for two or three tabs across a [Modal](?path=/docs/overlays-modal--docs) or a phone, as the login modal does.',
        'Keep labels to a word or two in both languages: tabs do not wrap, and on a 390 px phone a long list scrolls sideways.',
        'Rely on the keyboard: arrow keys move and select, Home and End jump, Tab goes on to the panel; for a panel that is slow to show, `activationMode="manual"` lets arrows move without selecting.',
      ],
      dont: [
        'Don’t use tabs as a site’s navigation: each tab is a button, not a link, and cannot be opened in a new tab. Use Links.',
        'Don’t use them for content people need to compare side by side: only one panel shows at a time.',
        'Don’t rely on an `icon` to name a tab: icons are decorative and the label names it.',
        'Don’t restyle the parts with `className` or `style` (they refuse them); lay out a panel’s content with a Stack or an Inline inside `Tabs.Content`.',
      ],
    } satisfies ComponentUsage,
  },
} satisfies Meta<typeof AccountTabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Underline: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tablist', { name: 'Account' })).toBeInTheDocument();
    const login = canvas.getByRole('tab', { name: 'Login' });
    const register = canvas.getByRole('tab', { name: 'Register' });
    await expect(login).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel', { name: 'Login' })).toHaveTextContent('Welcome back');
    // Click selects.
    await userEvent.click(register);
    await expect(args.onValueChange).toHaveBeenLastCalledWith('register');
    await expect(canvas.getByRole('tabpanel', { name: 'Register' })).toBeVisible();
    // Arrow keys move and select; they wrap around.
    await userEvent.keyboard('{ArrowLeft}');
    await expect(login).toHaveFocus();
    await expect(login).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowLeft}');
    await expect(register).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(login).toHaveFocus();
    // Tab leaves the tab list for the panel.
    await userEvent.tab();
    await expect(canvas.getByRole('tabpanel')).toHaveFocus();
    // Back to a resting state for the snapshot.
    await userEvent.tab({ shift: true });
    login.blur();
  },
};

export const Pill: Story = {
  args: { variant: 'pill' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Register' }));
    await expect(canvas.getByRole('tab', { name: 'Register' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};

export const FullWidth: Story = { args: { fullWidth: true } };

export const FullWidthPill: Story = { args: { fullWidth: true, variant: 'pill' } };

export const WithIcons: Story = {
  args: { withIcons: true },
  play: async ({ canvasElement }) => {
    // Icons are decorative: the tab is named by its label only.
    await expect(within(canvasElement).getByRole('tab', { name: 'Login' })).toBeInTheDocument();
  },
};

export const DisabledTab: Story = {
  args: { disableRegister: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const register = canvas.getByRole('tab', { name: 'Register' });
    await expect(register).toBeDisabled();
    await userEvent.click(register, { pointerEventsCheck: 0 });
    await expect(args.onValueChange).not.toHaveBeenCalled();
    // Arrow keys skip the disabled tab.
    await userEvent.click(canvas.getByRole('tab', { name: 'Login' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Login' })).toHaveFocus();
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  args: {
    fullWidth: true,
    labels: { login: 'Đăng nhập', register: 'Đăng ký', list: 'Tài khoản' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tablist', { name: 'Tài khoản' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('tab', { name: 'Đăng ký' }));
    await expect(canvas.getByRole('tabpanel', { name: 'Đăng ký' })).toBeVisible();
  },
};

export const LongLabels: Story = {
  args: {
    labels: {
      login: 'Sign in to an existing account',
      register: 'Create a brand new account for free',
      list: 'Account',
    },
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 320 }}>
        <Story />
      </div>
    ),
  ],
};

/** The login modal of §2: tabs stretched across the top of a modal. */
export const InLoginModal: Story = {
  args: { fullWidth: true },
  render: (args) => (
    <Modal.Root>
      <Modal.Trigger asChild>
        <Button>Sign in</Button>
      </Modal.Trigger>
      <Modal.Content title="Welcome to AI Studio" size="sm">
        <Modal.Body>
          <AccountTabs {...args} />
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to AI Studio' });
    // Focus lands on the selected tab, and arrows switch to Register.
    const login = within(dialog).getByRole('tab', { name: 'Login' });
    await waitFor(() => expect(login).toHaveFocus());
    await userEvent.keyboard('{ArrowRight}');
    await expect(within(dialog).getByRole('tab', { name: 'Register' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};
