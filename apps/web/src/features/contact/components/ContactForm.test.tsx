import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { contactHandlers } from '../../../mocks/handlers/contact';
import { server } from '../../../test/server';
import { renderInApp } from '../../../test/render';
import { ContactForm } from './ContactForm';

async function fill(user: ReturnType<typeof renderInApp>['user']) {
  await user.type(await screen.findByRole('textbox', { name: /Name/ }), 'Linh Nguyen');
  await user.type(screen.getByRole('textbox', { name: /Email/ }), 'linh@example.com');
  await user.type(screen.getByRole('textbox', { name: /Subject/ }), 'Invoice for VNPay');
  await user.type(
    screen.getByRole('textbox', { name: /Message/ }),
    'Please send me a VAT invoice for my Pro plan.',
  );
}

describe('ContactForm', () => {
  it('validates with the contract, translated', async () => {
    const { user } = renderInApp(<ContactForm />, { language: 'vi' });
    await user.type(await screen.findByRole('textbox', { name: /Nội dung/ }), 'Ngắn');
    await user.click(screen.getByRole('button', { name: 'Gửi tin nhắn' }));
    expect(screen.getByRole('textbox', { name: /Họ tên/ })).toHaveAccessibleDescription(
      'Vui lòng nhập họ tên',
    );
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription(
      'Vui lòng nhập email',
    );
    expect(screen.getByRole('textbox', { name: /Tiêu đề/ })).toHaveAccessibleDescription(
      'Vui lòng nhập tiêu đề',
    );
    expect(screen.getByRole('textbox', { name: /Nội dung/ })).toHaveAccessibleDescription(
      /Nội dung phải có ít nhất 10 ký tự/,
    );
  });

  it('sends the message, thanks the sender and clears the fields', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/contact', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: 'm1', receivedAt: '2026-11-21T10:00:00Z' }, { status: 201 });
      }),
    );
    const { user } = renderInApp(<ContactForm />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Message sent')).toBeVisible();
    expect(body).toMatchObject({
      name: 'Linh Nguyen',
      subject: 'Invoice for VNPay',
      language: 'en',
    });
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('');
  });

  it("keeps the fields and shows the server's words when sending fails", async () => {
    server.use(contactHandlers.failure);
    const { user } = renderInApp(<ContactForm />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText("We couldn't send your message")).toBeVisible();
    expect(
      screen.getByText('We could not store your message. Please try again later.'),
    ).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Subject/ })).toHaveValue('Invoice for VNPay');
  });
});
