import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { paymentsHandlers } from '../../../../mocks/handlers/payments';
import { renderInApp } from '../../../../test/render';
import { server } from '../../../../test/server';
import { PlansPage } from './PlansPage';

const slow = { timeout: 5000 };

describe('PlansPage', { timeout: 20_000 }, () => {
  it('marks the current plans and converts to an approximate currency', async () => {
    server.use(paymentsHandlers.membershipGodmode);
    renderInApp(<PlansPage currency="EUR" signedIn onChoosePro={vi.fn()} />);
    const godmode = screen.getByRole('article', { name: 'GodMode add-on' });
    await waitFor(() => expect(godmode).toHaveTextContent('GodMode until Nov 2, 2026'), slow);
    expect(godmode).toHaveTextContent('+$578');
    expect(godmode).toHaveTextContent('≈ €531.76');
    const pro = screen.getByRole('article', { name: 'Pro' });
    expect(pro).toHaveTextContent('Current plan');
    expect(pro).toHaveTextContent('≈ €18.39');
    expect(screen.getByText(/Prices in Euro are approximate/)).toBeVisible();
    // Signed in: no visitor's allowance.
    expect(screen.queryByText(/Without an account/)).not.toBeInTheDocument();
  });

  it('shows dong with the entitlements in Vietnamese', async () => {
    const { user } = renderInApp(
      <PlansPage currency="VND" signedIn={false} onChoosePro={vi.fn()} />,
      { language: 'vi' },
    );
    expect(await screen.findByText('2.000 tin nhắn mỗi ngày', {}, slow)).toBeVisible();
    // A visitor's own allowance, from the pricing answer as the cards' numbers are.
    expect(screen.getByRole('article', { name: 'Miễn phí' })).toHaveTextContent(
      'Khi chưa có tài khoản: 20 tin nhắn, 5 ảnh, đọc chữ trong 10 ảnh, viết 5 bài, 30 trang tài liệu, 3 phút nhạc, 2.000 ký tự đọc thành giọng nói và 2 phút nhập bằng giọng nói mỗi ngày.',
    );
    await user.click(screen.getByRole('tab', { name: 'Theo năm' }));
    expect(screen.getByText(/Tiết kiệm 1\.156\.000\s₫ \(17%\)/)).toBeVisible();
    expect(screen.getByRole('article', { name: 'Tiện ích GodMode' })).toHaveTextContent(
      /14\.450\.000\s₫/,
    );
  });

  it('passes the period and GodMode to the Pro modal', async () => {
    const onChoosePro = vi.fn();
    const { user } = renderInApp(
      <PlansPage currency="USD" signedIn={false} onChoosePro={onChoosePro} />,
    );
    await user.click(await screen.findByRole('tab', { name: 'Yearly' }, slow));
    await user.click(screen.getByRole('button', { name: 'Choose Pro with GodMode' }));
    expect(onChoosePro).toHaveBeenCalledWith({ period: 'yearly', godmode: true });
  });
});
