import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { PlanCard } from './PlanCard';
import { PlanCardGroup } from './PlanCardGroup';

const freeFeatures = ['Chat with standard models', '20 messages a day'];
const proFeatures = ['Every model', 'Unlimited messages', 'Voice replies'];

function Plans({
  onValueChange,
  initial = null,
  withTeam = false,
}: {
  onValueChange?: (value: string) => void;
  initial?: string | null;
  withTeam?: boolean;
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <PlanCardGroup
      aria-label="Choose a plan"
      value={value}
      onValueChange={(next) => {
        setValue(next);
        onValueChange?.(next);
      }}
    >
      <PlanCard value="free" name="Free" price="$0" period="/month" features={freeFeatures} />
      {withTeam ? <PlanCard value="team" name="Team" price="$49" disabled /> : null}
      <PlanCard
        value="pro"
        name="Pro"
        price="$19.99"
        period="/month"
        badge="Most popular"
        features={proFeatures}
      />
    </PlanCardGroup>
  );
}

describe('PlanCard (radio)', () => {
  it('is a radio named by its plan and price, described by its features', () => {
    renderUi(
      <PlanCard
        name="Pro"
        price="$19.99"
        period="/month"
        badge="Most popular"
        features={proFeatures}
      />,
    );
    const radio = screen.getByRole('radio', { name: 'Pro $19.99 /month' });
    expect(radio).toHaveAttribute('aria-checked', 'false');
    expect(radio).toHaveAccessibleDescription(/Most popular/);
    expect(radio).toHaveAccessibleDescription(/Unlimited messages/);
  });

  it('calls onSelect on click and Space, but not when unavailable', async () => {
    const onSelect = vi.fn();
    const { user, rerender } = renderUi(<PlanCard name="Pro" price="$19.99" onSelect={onSelect} />);
    await user.click(screen.getByRole('radio'));
    screen.getByRole('radio').focus();
    await user.keyboard(' ');
    expect(onSelect).toHaveBeenCalledTimes(2);
    expect(onSelect).toHaveBeenCalledWith(true);

    rerender(<PlanCard name="Pro" price="$19.99" onSelect={onSelect} disabled />);
    expect(screen.getByRole('radio')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Unavailable')).toBeInTheDocument();
    await user.click(screen.getByRole('radio'));
    expect(onSelect).toHaveBeenCalledTimes(2);
  });
});

describe('PlanCardGroup', () => {
  it('is a radiogroup with one tab stop: the first card when nothing is chosen', async () => {
    const { user } = renderUi(<Plans />);
    expect(screen.getByRole('radiogroup', { name: 'Choose a plan' })).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('radio', { name: /^Free/ })).toHaveFocus();
    await user.tab();
    expect(document.body).toHaveFocus();
  });

  it('makes the chosen card the tab stop', async () => {
    const { user } = renderUi(<Plans initial="pro" />);
    await user.tab();
    expect(screen.getByRole('radio', { name: /^Pro/ })).toHaveFocus();
  });

  it('moves and chooses with arrow keys, wrapping around and skipping unavailable cards', async () => {
    const onValueChange = vi.fn();
    const { user } = renderUi(<Plans onValueChange={onValueChange} withTeam />);
    const free = screen.getByRole('radio', { name: /^Free/ });
    const pro = screen.getByRole('radio', { name: /^Pro/ });
    await user.tab();
    expect(free).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(pro).toHaveFocus();
    expect(pro).toHaveAttribute('aria-checked', 'true');
    expect(onValueChange).toHaveBeenLastCalledWith('pro');

    await user.keyboard('{ArrowDown}');
    expect(free).toHaveFocus();
    expect(free).toHaveAttribute('aria-checked', 'true');
    expect(pro).toHaveAttribute('aria-checked', 'false');

    await user.keyboard('{ArrowLeft}');
    expect(pro).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(free).toHaveFocus();
    expect(onValueChange.mock.calls.map(([value]) => value)).toEqual([
      'pro',
      'free',
      'pro',
      'free',
    ]);

    // Only the chosen card stays in the tab order.
    expect(free).toHaveAttribute('tabindex', '0');
    expect(pro).toHaveAttribute('tabindex', '-1');
  });

  it('chooses on click', async () => {
    const onValueChange = vi.fn();
    const { user } = renderUi(<Plans onValueChange={onValueChange} />);
    await user.click(screen.getByRole('radio', { name: /^Pro/ }));
    expect(onValueChange).toHaveBeenCalledWith('pro');
    expect(screen.getByRole('radio', { name: /^Pro/ })).toHaveAttribute('aria-checked', 'true');
  });
});

describe('PlanCard (add-on toggle)', () => {
  function GodMode({ onSelect }: { onSelect?: (selected: boolean) => void }) {
    const [added, setAdded] = useState(false);
    return (
      <PlanCard
        variant="addon"
        name="GodMode"
        price="+$578"
        selected={added}
        onSelect={(next) => {
          setAdded(next);
          onSelect?.(next);
        }}
      />
    );
  }

  it('is a toggle button named by the add-on, described by its price and state', async () => {
    const onSelect = vi.fn();
    const { user } = renderUi(<GodMode onSelect={onSelect} />);
    const toggle = screen.getByRole('button', { name: 'GodMode' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(toggle).toHaveAccessibleDescription('+$578 Optional');
    expect(screen.getByText('Optional')).toBeInTheDocument();

    await user.click(toggle);
    expect(onSelect).toHaveBeenLastCalledWith(true);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Added')).toBeInTheDocument();
    expect(screen.queryByText('Optional')).not.toBeInTheDocument();

    await user.keyboard(' ');
    expect(onSelect).toHaveBeenLastCalledWith(false);
    expect(screen.getByText('Optional')).toBeInTheDocument();
  });

  it('shows the Vietnamese state texts', async () => {
    const { user } = renderUi(<GodMode />, { lng: 'vi' });
    expect(screen.getByText('Tùy chọn')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'GodMode' }));
    expect(screen.getByText('Đã thêm')).toBeInTheDocument();
  });

  it('ignores presses while unavailable', async () => {
    const onSelect = vi.fn();
    const { user } = renderUi(
      <PlanCard variant="addon" name="GodMode" price="+$578" disabled onSelect={onSelect} />,
    );
    const toggle = screen.getByRole('button', { name: 'GodMode' });
    expect(toggle).toHaveAttribute('aria-disabled', 'true');
    expect(toggle).toHaveAccessibleDescription('+$578 Unavailable');
    await user.click(toggle);
    expect(onSelect).not.toHaveBeenCalled();
  });
});

describe('PlanCard (display only)', () => {
  const renderPro = (featuresPending = false) =>
    renderUi(
      <PlanCard
        selectionMode="none"
        name="Pro"
        price="$19.99"
        features={proFeatures}
        featuresPending={featuresPending}
        action={<button type="button">Choose Pro</button>}
      />,
    );

  it('is an article with a heading and a real feature list', () => {
    renderPro();
    expect(screen.getByRole('article', { name: 'Pro' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Pro' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Choose Pro' })).toBeInTheDocument();
  });

  it('keeps the room of features still on their way, unseen and unread', () => {
    renderPro(true);
    // Out of the accessibility tree (and invisible), yet laid out: the card does not grow later.
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    const list = screen.getByText(proFeatures[0] ?? '').closest('ul');
    expect(list).toHaveAttribute('aria-hidden', 'true');
    expect(list?.className).toMatch(/featuresPending/);
  });
});
