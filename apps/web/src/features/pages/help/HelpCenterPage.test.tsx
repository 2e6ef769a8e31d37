import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../testing/renderPage';
import { HelpCenterPage } from './HelpCenterPage';

// jsdom lays nothing out, so it has no scrollIntoView: record the calls instead.
const scrollIntoView = vi.fn();
Element.prototype.scrollIntoView = scrollIntoView;
afterEach(() => scrollIntoView.mockClear());

describe('HelpCenterPage', () => {
  it('groups at least four questions under each of its four topics, all closed', () => {
    renderPage(<HelpCenterPage />);
    for (const topic of ['Account', 'Plans and payments', 'Chat', 'Privacy']) {
      const group = screen.getByRole('region', { name: topic });
      const questions = within(group).getAllByRole('button');
      expect(questions.length).toBeGreaterThanOrEqual(4);
      for (const question of questions) expect(question).toHaveAttribute('aria-expanded', 'false');
    }
  });

  it('opens and closes an answer', async () => {
    const { user } = renderPage(<HelpCenterPage />);
    const question = screen.getByRole('button', { name: 'Can I get a refund?' });
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/for your first Pro purchase within 7 days/)).toBeVisible();
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'false');
  });

  it('filters as you type, without Vietnamese accents', async () => {
    const { user } = renderPage(<HelpCenterPage />, { language: 'vi' });
    await user.type(
      screen.getByRole('searchbox', { name: 'Tìm trong Trung tâm trợ giúp' }),
      'hoan tien',
    );
    expect(screen.getByRole('button', { name: 'Tôi có được hoàn tiền không?' })).toBeVisible();
    expect(
      screen.queryByRole('button', { name: 'AI có thể đọc to câu trả lời không?' }),
    ).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(/^Tìm thấy \d+ câu hỏi$/);
  });

  it('shows an empty state linking to the contact page when nothing matches', async () => {
    const { user } = renderPage(<HelpCenterPage />);
    await user.type(screen.getByRole('searchbox'), 'quantum teleportation');
    expect(
      screen.getByRole('heading', { name: 'No questions match “quantum teleportation”' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      '/contact',
    );
    expect(screen.queryByRole('region', { name: 'Account' })).toBeNull();
  });

  it('opens the question the URL points at and scrolls to it', () => {
    renderPage(<HelpCenterPage />, { route: '/help#pay-with-vnpay' });
    const question = screen.getByRole('button', { name: 'How do I pay with VNPay?' });
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(scrollIntoView.mock.contexts).toEqual([question.closest('li')]);
    expect(screen.getByRole('link', { name: /step-by-step VNPay guide/ })).toHaveAttribute(
      'href',
      '/vnpay-instructions',
    );
  });

  it('gives every answer a permalink to its question', async () => {
    const { user } = renderPage(<HelpCenterPage />, { route: '/help' });
    await user.click(screen.getByRole('button', { name: 'Can I get a refund?' }));
    expect(
      screen.getByRole('link', { name: 'Link to this question: Can I get a refund?' }),
    ).toHaveAttribute('href', '/help#refunds');
  });
});
