import type { Meta, StoryObj } from '@storybook/react-vite';
import { ChevronDown, Crown, LogOut, Sparkles, User } from 'lucide-react';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
import { Button } from '../Button';
import { DropdownMenu } from './DropdownMenu';

const meta = {
  title: 'Navigation/DropdownMenu',
  component: DropdownMenu.Content,
  parameters: {
    layout: 'padded',
    usage: {
      use: 'A short menu of actions or choices behind one button: the account menu, a row’s or card’s “more” actions, the header’s language and currency pickers. For a value inside a form, use a [Select](?path=/docs/forms-select--docs); for switching between views, [Tabs](?path=/docs/navigation-tabs--docs); for one or two actions, plain [Buttons](?path=/docs/actions-button--docs).',
      do: [
        'Make your own [Button](?path=/docs/actions-button--docs) or [IconButton](?path=/docs/actions-iconbutton--docs) the trigger with `DropdownMenu.Trigger asChild`, named for what it opens ("Actions for Trip ideas", "Language: English"); the menu sets `aria-haspopup` and `aria-expanded` on it.',
        'Label items with a verb or the choice’s name, in both languages; `icon` is decorative, `description` adds a second line announced as the item’s description, and `lang` marks a language’s own name ("Tiếng Việt").',
        'Use `RadioGroup` and `RadioItem` for one choice (language, currency) and `CheckboxItem` for on/off settings; head a group with a `Label`, and put "Sign out" or a destructive item last, after a `Separator`.',
        'Rely on its keyboard: Enter, Space or ArrowDown opens it, the arrows move and wrap, typing jumps to an item, Escape closes it and focus goes back to the trigger. When an item sends focus elsewhere (renaming in place), move it there in `onCloseAutoFocus`.',
        'Set `align="end"` for a trigger at the end of a row or a header; the menu is at most 22rem wide and keeps clear of the screen’s edges on a 390 px phone.',
      ],
      dont: [
        'Don’t hide the main action of a page or a row in a menu: show it as a Button and keep the menu for the rest.',
        'Don’t disable an item without saying why: give it a `description` ("Available on the Pro plan").',
        'Don’t delete straight from a menu item: open a [ConfirmDialog](?path=/docs/overlays-confirmdialog--docs) from its `onSelect`.',
        'Don’t use it for a long list of options or a form’s value: a [Select](?path=/docs/forms-select--docs) suits a phone better, which is why the app’s phone menu drawer shows language and currency as form controls.',
        'Don’t restyle the parts with `className` or `style` (they refuse them); the trigger is your own Button, with its `variant` and `size`.',
      ],
    } satisfies ComponentUsage,
  },
  decorators: [
    (Story) => (
      // Room below the trigger so the open menu is inside the snapshot.
      <div style={{ minHeight: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof DropdownMenu.Content>;

export default meta;

/* ---------- User menu (§2: Profile, Membership, Plans, and sign out) ---------- */

interface UserMenuProps {
  onNavigate: (path: string) => void;
  onSignOut: () => void;
  texts?: {
    trigger: string;
    signedInAs: string;
    profile: string;
    membership: string;
    membershipHint: string;
    plans: string;
    signOut: string;
  };
}

const englishUserMenu = {
  trigger: 'Linh Nguyen',
  signedInAs: 'linh.nguyen@example.com',
  profile: 'Profile',
  membership: 'Membership',
  membershipHint: 'Pro · renews 1 January 2026',
  plans: 'Plans',
  signOut: 'Sign out',
};

function UserMenu({ onNavigate, onSignOut, texts = englishUserMenu }: UserMenuProps) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="secondary" icon={<User size={16} />} iconEnd={<ChevronDown size={16} />}>
          {texts.trigger}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="start">
        <DropdownMenu.Label>{texts.signedInAs}</DropdownMenu.Label>
        <DropdownMenu.Group>
          <DropdownMenu.Item icon={<User size={16} />} onSelect={() => onNavigate('/profile')}>
            {texts.profile}
          </DropdownMenu.Item>
          <DropdownMenu.Item
            icon={<Crown size={16} />}
            description={texts.membershipHint}
            onSelect={() => onNavigate('/membership')}
          >
            {texts.membership}
          </DropdownMenu.Item>
          <DropdownMenu.Item icon={<Sparkles size={16} />} onSelect={() => onNavigate('/plans')}>
            {texts.plans}
          </DropdownMenu.Item>
        </DropdownMenu.Group>
        <DropdownMenu.Separator />
        <DropdownMenu.Item icon={<LogOut size={16} />} onSelect={onSignOut}>
          {texts.signOut}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

const userMenuArgs = { onNavigate: fn(), onSignOut: fn() };

export const UserMenuOpen: StoryObj<typeof UserMenu> = {
  args: userMenuArgs,
  render: (args) => <UserMenu {...args} />,
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Linh Nguyen' });
    await expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    // Enter opens it with the first item focused.
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const items = within(menu).getAllByRole('menuitem');
    await expect(items.map((item) => item.textContent)).toEqual([
      'Profile',
      'MembershipPro · renews 1 January 2026',
      'Plans',
      'Sign out',
    ]);
    await waitFor(() => expect(items[0]).toHaveFocus());
    // Named by the label, described by the line under it.
    await expect(items[1]).toHaveAccessibleName('Membership');
    await expect(items[1]).toHaveAccessibleDescription('Pro · renews 1 January 2026');
    // Arrow keys move.
    await userEvent.keyboard('{ArrowDown}');
    await expect(items[1]).toHaveFocus();
  },
};

export const UserMenuSelectsItem: StoryObj<typeof UserMenu> = {
  args: userMenuArgs,
  render: (args) => <UserMenu {...args} />,
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Linh Nguyen' });
    trigger.focus();
    // ArrowDown opens too.
    await userEvent.keyboard('{ArrowDown}');
    const menu = await screen.findByRole('menu');
    await waitFor(() =>
      expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveFocus(),
    );
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await expect(args.onNavigate).toHaveBeenCalledWith('/plans');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await expect(trigger).toHaveFocus();
    // Mouse: Sign out.
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await expect(args.onSignOut).toHaveBeenCalledTimes(1);
  },
};

export const UserMenuClosesOnEscape: StoryObj<typeof UserMenu> = {
  args: userMenuArgs,
  render: (args) => <UserMenu {...args} />,
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Linh Nguyen' });
    await userEvent.click(trigger);
    await screen.findByRole('menu');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await expect(trigger).toHaveFocus();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(args.onNavigate).not.toHaveBeenCalled();
  },
};

export const UserMenuVietnamese: StoryObj<typeof UserMenu> = {
  globals: { locale: 'vi' },
  args: {
    ...userMenuArgs,
    texts: {
      trigger: 'Nguyễn Thùy Linh',
      signedInAs: 'linh.nguyen@example.com',
      profile: 'Hồ sơ',
      membership: 'Thành viên',
      membershipHint: 'Pro · gia hạn ngày 1 tháng 1 năm 2026',
      plans: 'Các gói',
      signOut: 'Đăng xuất',
    },
  },
  render: (args) => <UserMenu {...args} />,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Nguyễn Thùy Linh' }));
    const menu = await screen.findByRole('menu');
    await expect(within(menu).getByRole('menuitem', { name: 'Đăng xuất' })).toBeVisible();
  },
};

/* ---------- Language picker (§3: en English, vi Tiếng Việt, with flags) ---------- */

const languages = [
  { code: 'en', name: 'English', flag: '🇺🇸' },
  { code: 'vi', name: 'Tiếng Việt', flag: '🇻🇳' },
] as const;

function LanguagePicker({
  onValueChange,
  label = 'Language',
  initial = 'en',
}: {
  onValueChange: (code: string) => void;
  label?: string;
  initial?: string;
}) {
  const [value, setValue] = useState(initial);
  const current = languages.find((language) => language.code === value) ?? languages[0];
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button
          variant="ghost"
          aria-label={`${label}: ${current.name}`}
          icon={<span>{current.flag}</span>}
          iconEnd={<ChevronDown size={16} />}
        >
          {current.name}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="start">
        <DropdownMenu.Label>{label}</DropdownMenu.Label>
        <DropdownMenu.RadioGroup
          value={value}
          onValueChange={(code) => {
            setValue(code);
            onValueChange(code);
          }}
        >
          {languages.map((language) => (
            <DropdownMenu.RadioItem
              key={language.code}
              value={language.code}
              icon={language.flag}
              lang={language.code}
            >
              {language.name}
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

export const LanguagePickerOpen: StoryObj<typeof LanguagePicker> = {
  args: { onValueChange: fn() },
  render: (args) => <LanguagePicker {...args} />,
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Language: English' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const english = within(menu).getByRole('menuitemradio', { name: 'English' });
    await expect(english).toHaveAttribute('aria-checked', 'true');
    await expect(within(menu).getByRole('menuitemradio', { name: 'Tiếng Việt' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  },
};

export const LanguagePickerSelects: StoryObj<typeof LanguagePicker> = {
  args: { onValueChange: fn() },
  render: (args) => <LanguagePicker {...args} />,
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Language: English' });
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    const menu = await screen.findByRole('menu');
    await waitFor(() =>
      expect(within(menu).getByRole('menuitemradio', { name: 'English' })).toHaveFocus(),
    );
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(menu).getByRole('menuitemradio', { name: 'Tiếng Việt' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onValueChange).toHaveBeenCalledWith('vi');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await expect(
      within(canvasElement).getByRole('button', { name: 'Language: Tiếng Việt' }),
    ).toHaveFocus();
  },
};

export const LanguagePickerVietnamese: StoryObj<typeof LanguagePicker> = {
  globals: { locale: 'vi' },
  args: { onValueChange: fn(), label: 'Ngôn ngữ', initial: 'vi' },
  render: (args) => <LanguagePicker {...args} />,
  play: async ({ canvasElement }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Ngôn ngữ: Tiếng Việt' }),
    );
    const menu = await screen.findByRole('menu');
    await expect(within(menu).getByRole('menuitemradio', { name: 'Tiếng Việt' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  },
};

/* ---------- Currency picker (§3: code, symbol and name) ---------- */

const currencies = [
  { code: 'USD', symbol: '$', name: 'US Dollar' },
  { code: 'EUR', symbol: '€', name: 'Euro' },
  { code: 'GBP', symbol: '£', name: 'British Pound' },
  { code: 'VND', symbol: '₫', name: 'Vietnamese Dong' },
  { code: 'CNY', symbol: '¥', name: 'Chinese Yuan' },
  { code: 'SAR', symbol: 'ر.س', name: 'Saudi Riyal' },
  { code: 'AED', symbol: 'د.إ', name: 'UAE Dirham' },
] as const;

function CurrencyPicker({ onValueChange }: { onValueChange: (code: string) => void }) {
  const [value, setValue] = useState<string>('USD');
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button
          variant="secondary"
          aria-label={`Currency: ${value}`}
          iconEnd={<ChevronDown size={16} />}
        >
          {value}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="start">
        <DropdownMenu.Label>Currency</DropdownMenu.Label>
        <DropdownMenu.RadioGroup
          value={value}
          onValueChange={(code) => {
            setValue(code);
            onValueChange(code);
          }}
        >
          {currencies.map((currency) => (
            <DropdownMenu.RadioItem
              key={currency.code}
              value={currency.code}
              icon={<bdi>{currency.symbol}</bdi>}
              description={currency.name}
            >
              {currency.code}
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

export const CurrencyPickerOpen: StoryObj<typeof CurrencyPicker> = {
  args: { onValueChange: fn() },
  decorators: [
    (Story) => (
      <div style={{ minHeight: 600 }}>
        <Story />
      </div>
    ),
  ],
  render: (args) => <CurrencyPicker {...args} />,
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Currency: USD' }));
    const menu = await screen.findByRole('menu');
    const options = within(menu).getAllByRole('menuitemradio');
    await expect(options.map((option) => option.getAttribute('aria-checked'))).toEqual([
      'true',
      'false',
      'false',
      'false',
      'false',
      'false',
      'false',
    ]);
    // Named by the code, described by the name; the symbol is decorative.
    const vnd = within(menu).getByRole('menuitemradio', { name: 'VND' });
    await expect(vnd).toHaveAccessibleDescription('Vietnamese Dong');
    // Typeahead: typing "v" jumps to VND.
    await userEvent.keyboard('v');
    await expect(vnd).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onValueChange).toHaveBeenCalledWith('VND');
    // Reopen to show the new selection in the snapshot.
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Currency: VND' }));
    await expect(
      within(await screen.findByRole('menu')).getByRole('menuitemradio', { name: /^VND/ }),
    ).toHaveAttribute('aria-checked', 'true');
  },
};

/* ---------- Checkbox items, disabled items, long text ---------- */

function ChatSettingsMenu({ onToggle }: { onToggle: (setting: string, on: boolean) => void }) {
  const [timestamps, setTimestamps] = useState(true);
  const [readAloud, setReadAloud] = useState(false);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="secondary" iconEnd={<ChevronDown size={16} />}>
          Chat settings
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="start">
        <DropdownMenu.Label>Display</DropdownMenu.Label>
        <DropdownMenu.CheckboxItem
          checked={timestamps}
          onCheckedChange={(on) => {
            setTimestamps(on);
            onToggle('timestamps', on);
          }}
        >
          Show timestamps
        </DropdownMenu.CheckboxItem>
        <DropdownMenu.CheckboxItem
          checked={readAloud}
          description="Replies are spoken with the voice you picked"
          onCheckedChange={(on) => {
            setReadAloud(on);
            onToggle('readAloud', on);
          }}
        >
          Read replies aloud
        </DropdownMenu.CheckboxItem>
        <DropdownMenu.Separator />
        <DropdownMenu.Item disabled description="Available on the Pro plan">
          Export conversation
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

export const CheckboxItems: StoryObj<typeof ChatSettingsMenu> = {
  args: { onToggle: fn() },
  render: (args) => <ChatSettingsMenu {...args} />,
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Chat settings' }));
    const menu = await screen.findByRole('menu');
    const readAloud = within(menu).getByRole('menuitemcheckbox', { name: /^Read replies aloud/ });
    await expect(readAloud).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(readAloud);
    await expect(args.onToggle).toHaveBeenCalledWith('readAloud', true);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Chat settings' }));
    const reopened = await screen.findByRole('menu');
    await expect(
      within(reopened).getByRole('menuitemcheckbox', { name: /^Read replies aloud/ }),
    ).toHaveAttribute('aria-checked', 'true');
  },
};

export const DisabledItem: StoryObj<typeof ChatSettingsMenu> = {
  args: { onToggle: fn() },
  render: (args) => <ChatSettingsMenu {...args} />,
  play: async ({ canvasElement }) => {
    within(canvasElement).getByRole('button', { name: 'Chat settings' }).focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const exportItem = within(menu).getByRole('menuitem', { name: /^Export conversation/ });
    await expect(exportItem).toHaveAttribute('aria-disabled', 'true');
    // Keyboard focus skips it: from the last checkbox, ArrowDown wraps to the first one.
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(
      within(menu).getByRole('menuitemcheckbox', { name: 'Show timestamps' }),
    ).toHaveFocus();
  },
};

export const LongText: StoryObj<typeof UserMenu> = {
  args: {
    ...userMenuArgs,
    texts: {
      ...englishUserMenu,
      trigger: 'Maximilian Alexander von Hohenberg-Nguyen',
      signedInAs: 'maximilian.alexander.von.hohenberg-nguyen@very-long-company-domain.example.com',
      membershipHint:
        'Pro with GodMode · renews automatically on 1 January 2026 with your saved PayPal account',
    },
  },
  render: (args) => <UserMenu {...args} />,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /Maximilian/ }));
    const menu = await screen.findByRole('menu');
    // Long text wraps inside the menu rather than widening it past the viewport.
    await expect(menu.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
  },
};
