import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { newsletterHandlers } from '../../../mocks/handlers/newsletter';
import { server } from '../../../test/server';
import { renderInApp } from '../../../test/render';
import { NewsletterForm } from './NewsletterForm';

const emailField = () => screen.getByRole('textbox', { name: /Email/ });
const agreement = () =>
  screen.getByRole('checkbox', { name: 'I agree to receive the AI Studio newsletter' });
const subscribe = () => screen.getByRole('button', { name: 'Subscribe' });

describe('NewsletterForm (§2)', () => {
  it('requires an e-mail, a valid one, and the agreement', async () => {
    const sent = vi.fn();
    server.use(http.post('*/api/newsletter', () => sent()));
    const { user } = renderInApp(<NewsletterForm />);
    await user.click(await screen.findByRole('button', { name: 'Subscribe' }));
    expect(emailField()).toHaveAccessibleDescription('Email is required');
    expect(agreement()).toHaveAccessibleDescription('Please accept to receive our newsletter');
    expect(emailField()).toHaveFocus();

    await user.type(emailField(), 'linh@example');
    await user.click(subscribe());
    expect(emailField()).toHaveAccessibleDescription('Email is invalid');
    expect(sent).not.toHaveBeenCalled();
  });

  it('speaks Vietnamese in Vietnamese', async () => {
    const { user } = renderInApp(<NewsletterForm />, { language: 'vi' });
    await user.click(await screen.findByRole('button', { name: 'Đăng ký' }));
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription(
      'Vui lòng nhập email',
    );
    expect(screen.getByRole('checkbox')).toHaveAccessibleDescription(
      'Vui lòng đồng ý nhận bản tin',
    );
  });

  it('subscribes, says to check the inbox and clears the form', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/newsletter', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ status: 'pending' });
      }),
    );
    const { user } = renderInApp(<NewsletterForm />);
    await user.type(await screen.findByRole('textbox', { name: /Email/ }), ' Linh@Example.com ');
    await user.click(agreement());
    await user.click(subscribe());
    expect(await screen.findByText('Check your inbox to confirm')).toBeVisible();
    expect(screen.getByText('We sent a confirmation link to linh@example.com.')).toBeVisible();
    expect(body).toEqual({ email: 'linh@example.com', agreed: true, language: 'en' });
    expect(emailField()).toHaveValue('');
    expect(agreement()).not.toBeChecked();
  });

  it('reports a failure with the §8 text and keeps what was typed', async () => {
    server.use(newsletterHandlers.rateLimited);
    const { user } = renderInApp(<NewsletterForm />);
    await user.type(await screen.findByRole('textbox', { name: /Email/ }), 'linh@example.com');
    await user.click(agreement());
    await user.click(subscribe());
    expect(await screen.findByText("We couldn't sign you up")).toBeVisible();
    expect(screen.getByText('Too many requests. Please try again later.')).toBeVisible();
    expect(emailField()).toHaveValue('linh@example.com');
    expect(agreement()).toBeChecked();
  });

  it('translates the condition texts when the server says nothing', async () => {
    server.use(newsletterHandlers.networkError);
    const { user } = renderInApp(<NewsletterForm />, { language: 'vi' });
    await user.type(await screen.findByRole('textbox', { name: /Email/ }), 'linh@example.com');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Đăng ký' }));
    expect(await screen.findByText('Lỗi mạng. Vui lòng kiểm tra kết nối của bạn.')).toBeVisible();
  });
});
