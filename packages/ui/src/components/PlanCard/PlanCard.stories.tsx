import type { Meta, StoryObj } from '@storybook/react-vite';
import { Zap } from 'lucide-react';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
import { Button } from '../Button';
import { Stack } from '../Layout/Stack';
import { PlanCard, planCardSelectionModes, planCardVariants, type PlanCardProps } from './PlanCard';
import { PlanCardGroup } from './PlanCardGroup';

const freePlan = {
  name: 'Free',
  price: '$0',
  period: '/month',
  description: 'Try the studio with the standard models.',
  features: [
    'Chat with standard models',
    '20 messages a day',
    'Conversation history on this device',
  ],
} satisfies Partial<PlanCardProps>;

const proPlan = {
  name: 'Pro',
  price: '$19.99',
  period: '/month',
  description: 'Everything in Free, without limits.',
  badge: 'Most popular',
  features: [
    'Every model, including the newest',
    'Unlimited messages',
    'Voice replies',
    'Image generator and vision',
    'Priority support',
  ],
} satisfies Partial<PlanCardProps>;

const godMode = {
  variant: 'addon',
  name: 'GodMode',
  price: '+$578',
  description: 'The largest models with the longest context, for the hardest problems.',
  icon: <Zap size={20} />,
} satisfies Partial<PlanCardProps>;

const meta = {
  title: 'Display/PlanCard',
  component: PlanCard,
  args: { ...proPlan, onSelect: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: planCardVariants },
    selectionMode: { control: 'inline-radio', options: planCardSelectionModes },
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '40rem' }}>
        <Story />
      </div>
    ),
  ],
  parameters: {
    usage: {
      use: 'A plan or an add-on with its price and features: picking Free or Pro in the upgrade modal (radio cards in a `PlanCardGroup`), adding GodMode (`variant="addon"`, a toggle), or plans side by side on a page (`selectionMode="none"` with an `action`). For other content, use a [Card](?path=/docs/display-card--docs).',
      do: [
        'Put radio cards in a `PlanCardGroup` with a translated `aria-label`: it is one Tab stop, and the arrow keys move and choose. Add `compact` inside a [Modal](?path=/docs/overlays-modal--docs).',
        'Pass the `price` formatted for the person’s currency ("$19.99", "578.000 ₫"), and translate `name`, `period`, `badge`, `description` and `features`.',
        'Set `featuresPending` while the prices load: the features keep their room, so the card doesn’t grow under the reader.',
        'On display cards, set `headingLevel` to fit the page and put the call to action in `action` (a [Button](?path=/docs/actions-button--docs), "Choose Pro").',
        'Expect one column on a 390 px phone: the group’s cards are at least 16rem wide (14rem when `compact`).',
      ],
      dont: [
        'Don’t put buttons or links in a radio or toggle card: the whole card is the control, and `action` only shows with `selectionMode="none"`.',
        'Don’t hide a plan that can’t be chosen: set `disabled`, which shows "Unavailable" and is skipped by the arrow keys.',
        'Don’t set `selected` on cards inside a `PlanCardGroup`: the group’s `value` decides which one is chosen.',
        'Don’t restyle it with `className` or `style` (the props refuse them); pick a `variant` and a `selectionMode`.',
      ],
    } satisfies ComponentUsage,
  },
} satisfies Meta<typeof PlanCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Free: Story = {
  args: freePlan,
  play: async ({ canvasElement, args }) => {
    const radio = within(canvasElement).getByRole('radio', { name: 'Free $0 /month' });
    await expect(radio).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(radio);
    await expect(args.onSelect).toHaveBeenCalledWith(true);
  },
};

export const Pro: Story = {
  play: async ({ canvasElement }) => {
    const radio = within(canvasElement).getByRole('radio', { name: 'Pro $19.99 /month' });
    await expect(radio).toHaveAccessibleDescription(/Most popular/);
  },
};

export const Selected: Story = {
  args: { selected: true },
  play: async ({ canvasElement }) => {
    const radio = within(canvasElement).getByRole('radio');
    await expect(radio).toHaveAttribute('aria-checked', 'true');
    await expect(within(radio).getByText('Selected')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement, args }) => {
    const radio = within(canvasElement).getByRole('radio');
    await expect(radio).toHaveAttribute('aria-disabled', 'true');
    await expect(within(radio).getByText('Unavailable')).toBeVisible();
    await userEvent.click(radio);
    await expect(args.onSelect).not.toHaveBeenCalled();
  },
};

export const Yearly: Story = {
  args: { price: '$199.99', period: '/year', badge: 'Save 17%', description: 'Two months free.' },
};

export const LongFeatureList: Story = {
  args: {
    features: [
      'Every model, including the newest releases the day they come out',
      'Unlimited messages',
      'Voice replies in 30 voices with adjustable speed and pitch',
      'Image generator, vision and anime pages',
      'Content writer and office tools',
      'Music creator',
      'Share conversations with a public link that expires when you choose',
      'Conversation history synced across all your devices',
      'Biometric confirmation for payments',
      'Priority support by e-mail and chat',
    ],
  },
};

/** Display only (the /plans page): an article with a real list and its own action. */
export const DisplayOnly: Story = {
  args: {
    selectionMode: 'none',
    action: (
      <Button fullWidth size="lg">
        Upgrade to Pro
      </Button>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('article', { name: 'Pro' })).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(5);
    await expect(canvas.queryByRole('radio')).toBeNull();
  },
};

type PlanTexts = Pick<PlanCardProps, 'name' | 'price'> &
  Partial<Pick<PlanCardProps, 'period' | 'description' | 'features' | 'badge'>>;

function PlanPicker({
  onValueChange,
  disabledPro = false,
  texts = { free: freePlan, pro: proPlan },
  label = 'Choose a plan',
}: {
  onValueChange: (value: string) => void;
  disabledPro?: boolean;
  texts?: { free: PlanTexts; pro: PlanTexts };
  label?: string;
}) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <PlanCardGroup
      aria-label={label}
      value={value}
      onValueChange={(next) => {
        setValue(next);
        onValueChange(next);
      }}
    >
      <PlanCard value="free" {...texts.free} />
      <PlanCard value="pro" disabled={disabledPro} {...texts.pro} />
    </PlanCardGroup>
  );
}

const onValueChange = fn();

/** Free + Pro as a radio group: Tab reaches the group, arrows move and choose, wrapping. */
export const GroupKeyboard: Story = {
  render: () => <PlanPicker onValueChange={onValueChange} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radiogroup', { name: 'Choose a plan' })).toBeVisible();
    const free = canvas.getByRole('radio', { name: /^Free/ });
    const pro = canvas.getByRole('radio', { name: /^Pro/ });

    await userEvent.tab();
    await expect(free).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(pro).toHaveFocus();
    await expect(pro).toHaveAttribute('aria-checked', 'true');
    await expect(onValueChange).toHaveBeenLastCalledWith('pro');

    await userEvent.keyboard('{ArrowRight}');
    await expect(free).toHaveFocus();
    await expect(free).toHaveAttribute('aria-checked', 'true');

    await userEvent.keyboard('{ArrowLeft}');
    await expect(pro).toHaveAttribute('aria-checked', 'true');
    await expect(free).toHaveAttribute('aria-checked', 'false');
  },
};

/** An unavailable card is skipped by the arrow keys. */
export const GroupWithUnavailable: Story = {
  render: () => <PlanPicker onValueChange={fn()} disabledPro />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const free = canvas.getByRole('radio', { name: /^Free/ });
    await userEvent.tab();
    await expect(free).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(free).toHaveFocus();
    await expect(canvas.getByRole('radio', { name: /^Pro/ })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  },
};

function GodModeToggle(props: Partial<PlanCardProps> & { initial: boolean }) {
  const { initial, onSelect, ...rest } = props;
  const [added, setAdded] = useState(initial);
  return (
    <PlanCard
      {...godMode}
      {...rest}
      selected={added}
      onSelect={(next) => {
        setAdded(next);
        onSelect?.(next);
      }}
    />
  );
}

/** The GodMode add-on, not added yet: pressing it adds it. */
export const AddonOptional: Story = {
  render: (args) => <GodModeToggle initial={false} onSelect={args.onSelect} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('button', { name: 'GodMode' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(toggle).toHaveAccessibleDescription(/\+\$578.*Optional/);
    await expect(canvas.getByText('Optional')).toBeVisible();
    await userEvent.click(toggle);
    await expect(args.onSelect).toHaveBeenLastCalledWith(true);
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByText('Added')).toBeVisible();
    await expect(canvas.queryByText('Optional')).toBeNull();
    // The whole card is the target: the pointer over the description hits the toggle.
    const { left, top, width, height } = canvas.getByText(/largest models/).getBoundingClientRect();
    await expect(document.elementFromPoint(left + width / 2, top + height / 2)).toBe(toggle);
  },
};

/** The GodMode add-on, added: pressing it again removes it. */
export const AddonAdded: Story = {
  render: (args) => <GodModeToggle initial onSelect={args.onSelect} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('button', { name: 'GodMode' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByText('Added')).toBeVisible();
    await userEvent.click(toggle);
    await expect(args.onSelect).toHaveBeenLastCalledWith(false);
    await expect(canvas.getByText('Optional')).toBeVisible();
    // Leave it added for the snapshot, via the keyboard this time.
    await userEvent.keyboard(' ');
    await expect(canvas.getByText('Added')).toBeVisible();
  },
};

export const AddonDisabled: Story = {
  args: { ...godMode, disabled: true },
  play: async ({ canvasElement, args }) => {
    const toggle = within(canvasElement).getByRole('button', { name: 'GodMode' });
    await expect(within(canvasElement).getByText('Unavailable')).toBeVisible();
    await userEvent.click(toggle);
    await expect(args.onSelect).not.toHaveBeenCalled();
  },
};

/** The plan step of the Pro upgrade modal: GodMode appears once Pro is chosen. */
export const PlanStep: Story = {
  render: () => {
    function PlanStepDemo() {
      const [plan, setPlan] = useState<string | null>('pro');
      const [added, setAdded] = useState(false);
      return (
        <Stack gap="lg">
          <PlanCardGroup aria-label="Choose a plan" value={plan} onValueChange={setPlan}>
            <PlanCard value="free" {...freePlan} />
            <PlanCard value="pro" {...proPlan} />
          </PlanCardGroup>
          {plan === 'pro' ? <PlanCard {...godMode} selected={added} onSelect={setAdded} /> : null}
        </Stack>
      );
    }
    return <PlanStepDemo />;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: /GodMode/ })).toBeVisible();
    await userEvent.click(canvas.getByRole('radio', { name: /^Free/ }));
    await expect(canvas.queryByRole('button', { name: /GodMode/ })).toBeNull();
    await userEvent.click(canvas.getByRole('radio', { name: /^Pro/ }));
    await userEvent.click(canvas.getByRole('button', { name: /GodMode/ }));
    await expect(canvas.getByRole('button', { name: /GodMode/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  },
};

const vietnamesePlans = {
  free: {
    name: 'Miễn phí',
    price: '0 ₫',
    period: '/tháng',
    description: 'Dùng thử studio với các mô hình tiêu chuẩn.',
    features: [
      'Trò chuyện với mô hình tiêu chuẩn',
      '20 tin nhắn mỗi ngày',
      'Lưu lịch sử trên thiết bị này',
    ],
  },
  pro: {
    name: 'Pro',
    price: '578.000 ₫',
    period: '/tháng',
    description: 'Mọi tính năng của gói Miễn phí, không giới hạn.',
    badge: 'Phổ biến nhất',
    features: [
      'Mọi mô hình, kể cả mô hình mới nhất',
      'Tin nhắn không giới hạn',
      'Trả lời bằng giọng nói',
      'Tạo hình ảnh và thị giác',
      'Hỗ trợ ưu tiên',
    ],
  },
};

/** Vietnamese: prices in VND, and the add-on's state texts translated. */
export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  render: (args) => (
    <Stack gap="lg">
      <PlanPicker onValueChange={fn()} texts={vietnamesePlans} label="Chọn gói" />
      <GodModeToggle
        initial={false}
        price="+578.000 ₫"
        description="Các mô hình lớn nhất với ngữ cảnh dài nhất, cho những bài toán khó nhất."
        onSelect={args.onSelect}
      />
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: /^Pro 578\.000 ₫/ }));
    await expect(canvas.getByText('Đã chọn')).toBeVisible();
    const toggle = canvas.getByRole('button', { name: 'GodMode' });
    await expect(canvas.getByText('Tùy chọn')).toBeVisible();
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByText('Đã thêm')).toBeVisible();
  },
};

export const VietnameseUnavailable: Story = {
  globals: { locale: 'vi' },
  args: { ...vietnamesePlans.pro, disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Không khả dụng')).toBeVisible();
  },
};
