import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render';
import { resolveStepIndex, StepIndicator, stepStatus } from './StepIndicator';

const steps = [
  { id: 'auth', label: 'Auth' },
  { id: 'plan', label: 'Plan' },
  { id: 'payment', label: 'Payment' },
];

describe('resolveStepIndex', () => {
  it('accepts an index or an id, and clamps to the list', () => {
    expect(resolveStepIndex(steps, 1)).toBe(1);
    expect(resolveStepIndex(steps, 'payment')).toBe(2);
    expect(resolveStepIndex(steps, 'unknown')).toBe(0);
    expect(resolveStepIndex(steps, 9)).toBe(2);
    expect(resolveStepIndex(steps, -3)).toBe(0);
    expect(resolveStepIndex([], 0)).toBe(0);
  });

  it('classifies steps before, at and after the current one', () => {
    expect([0, 1, 2].map((i) => stepStatus(i, 1))).toEqual(['completed', 'current', 'upcoming']);
  });
});

describe('StepIndicator', () => {
  it('is a labelled ordered list with the current step marked', () => {
    renderUi(<StepIndicator steps={steps} current="plan" />);
    const list = screen.getByRole('list', { name: 'Progress' });
    expect(list.tagName).toBe('OL');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-current'))).toEqual([null, 'step', null]);
    expect(items[0]).toHaveTextContent('Auth (completed)');
    expect(items[1]).toHaveTextContent('Plan (current step)');
    expect(items[2]).toHaveTextContent(/^3Payment$/);
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
  });

  it('speaks Vietnamese', () => {
    renderUi(
      <StepIndicator
        steps={[
          { id: 'auth', label: 'Đăng nhập' },
          { id: 'plan', label: 'Gói' },
          { id: 'payment', label: 'Thanh toán' },
        ]}
        current={2}
      />,
      { lng: 'vi' },
    );
    expect(screen.getByRole('list', { name: 'Tiến trình' })).toBeInTheDocument();
    expect(screen.getByText('Bước 3/3')).toBeInTheDocument();
    expect(screen.getAllByText(/đã xong/)).toHaveLength(2);
  });
});
