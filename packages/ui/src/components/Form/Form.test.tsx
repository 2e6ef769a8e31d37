import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderUi } from '../../test/render';
import { Form, FormError, FormSubmit, useZodForm } from './Form';
import { ContactForm, RegisterForm, SignInForm } from './Form.examples';
import { FormTextField } from './FormFields';

/** The element holding the message, checked to be one the control's aria-describedby names. */
function expectErrorUnder(control: HTMLElement, message: string) {
  const text = screen.getByText(message);
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  const described = ids.map((id) => document.getElementById(id));
  expect(described.some((element) => element?.contains(text))).toBe(true);
  expect(control).toHaveAttribute('aria-invalid', 'true');
  expect(control.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
}

describe('Form with useZodForm (sign-in)', () => {
  it('shows each required error under its field and focuses the first invalid field', async () => {
    const onSubmit = vi.fn();
    const { user } = renderUi(<SignInForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const email = screen.getByRole('textbox', { name: 'Email' });
    const password = screen.getByLabelText('Password');
    expectErrorUnder(email, 'Email is required');
    expectErrorUnder(password, 'Password must be at least 6 characters');
    expect(email).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says an address is invalid when the field is left, and clears the error once fixed', async () => {
    const { user } = renderUi(<SignInForm onSubmit={vi.fn()} />);
    const email = screen.getByRole('textbox', { name: 'Email' });
    await user.type(email, 'ada@');
    await user.tab();
    expectErrorUnder(email, 'Email is invalid');
    await user.type(email, 'example.com');
    await waitFor(() => expect(screen.queryByText('Email is invalid')).not.toBeInTheDocument());
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(email).not.toHaveAttribute('aria-describedby');
  });

  it('submits the validated values', async () => {
    const onSubmit = vi.fn();
    const { user } = renderUi(<SignInForm onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), '  ada@example.com ');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret1' }),
    );
  });

  it('shows the server error in an alert banner, cleared by the next submit', async () => {
    const onSubmit = vi
      .fn()
      .mockResolvedValueOnce('Network error. Please check your connection.')
      .mockResolvedValueOnce(undefined);
    const { user } = renderUi(<SignInForm onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error. Please check your connection.',
    );
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('marks the form busy and the submit button loading while submitting', async () => {
    let finish: () => void = () => undefined;
    const onSubmit = vi.fn(
      () => new Promise<undefined>((resolve) => (finish = () => resolve(undefined))),
    );
    const { user } = renderUi(<SignInForm onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const button = await screen.findByRole('button', { name: 'Sign in Loading…' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('form', { name: 'Sign in' })).toHaveAttribute('aria-busy', 'true');
    // A second click while busy does nothing.
    await user.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    finish();
    expect(await screen.findByRole('button', { name: 'Sign in' })).not.toHaveAttribute('aria-busy');
  });
});

describe('Form (register)', () => {
  it('shows every §5 message under its own field', async () => {
    const { user } = renderUi(<RegisterForm onSubmit={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expectErrorUnder(
      screen.getByRole('textbox', { name: 'Username' }),
      'Username must be at least 3 characters',
    );
    expectErrorUnder(screen.getByRole('textbox', { name: 'Email' }), 'Email is required');
    expectErrorUnder(screen.getByLabelText('Password'), 'Password must be at least 6 characters');
    expectErrorUnder(screen.getByLabelText('Confirm password'), 'Please confirm your password');
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveFocus();
  });

  it('keeps focus in the field on pressing submit, so a blur message cannot move the button away', async () => {
    const { user } = renderUi(<RegisterForm onSubmit={vi.fn()} />);
    const password = screen.getByLabelText('Password');
    await user.type(password, '12345');
    const submit = screen.getByRole('button', { name: 'Create account' });
    // fireEvent returns false when the handler prevented the default (moving focus).
    expect(fireEvent.mouseDown(submit, { button: 0 })).toBe(false);
    expect(password).toHaveFocus();
    expect(screen.queryByText('Password must be at least 6 characters')).not.toBeInTheDocument();
    await user.click(submit);
    expectErrorUnder(screen.getByLabelText('Confirm password'), 'Please confirm your password');
    expectErrorUnder(password, 'Password must be at least 6 characters');
  });

  it('says when the passwords do not match, and submits once they do', async () => {
    const onSubmit = vi.fn();
    const { user } = renderUi(<RegisterForm onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'ada');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret2');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const confirm = screen.getByLabelText('Confirm password');
    expectErrorUnder(confirm, 'Passwords do not match');
    expect(confirm).toHaveFocus();
    await user.clear(confirm);
    await user.type(confirm, 'secret1');
    await waitFor(() =>
      expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        username: 'ada',
        email: 'ada@example.com',
        password: 'secret1',
        confirmPassword: 'secret1',
      }),
    );
  });

  it('speaks Vietnamese when its content is Vietnamese', async () => {
    const { user } = renderUi(<RegisterForm onSubmit={vi.fn()} language="vi" />, { lng: 'vi' });
    await user.click(screen.getByRole('button', { name: 'Tạo tài khoản' }));
    expectErrorUnder(
      screen.getByRole('textbox', { name: 'Tên người dùng' }),
      'Tên người dùng phải có ít nhất 3 ký tự',
    );
    expect(screen.getAllByRole('button', { name: 'Hiện mật khẩu' })).toHaveLength(2);
  });
});

describe('Form (every bound field)', () => {
  it('binds select, textarea and checkboxes, with their errors', async () => {
    const onSubmit = vi.fn();
    const { user } = renderUi(<ContactForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expectErrorUnder(screen.getByRole('combobox', { name: 'Topic' }), 'Choose a topic');
    expectErrorUnder(
      screen.getByRole('checkbox', { name: /I agree/ }),
      'Please agree so we can reply to you',
    );
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Topic' }), 'billing');
    await user.type(
      screen.getByRole('textbox', { name: 'Message' }),
      'I was charged twice for the Pro plan.',
    );
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        name: 'Ada',
        email: 'ada@example.com',
        topic: 'billing',
        message: 'I was charged twice for the Pro plan.',
        copyMe: false,
        consent: true,
      }),
    );
  });
});

describe('FormError', () => {
  it('shows a given message as an alert, even outside a form', () => {
    renderUi(<FormError title="Payment failed">Failed to initiate PayPal payment.</FormError>);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Payment failedFailed to initiate PayPal payment.',
    );
  });

  it('renders nothing without a message', () => {
    renderUi(<FormError />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('bound field names', () => {
  it('are checked against the form’s fields when control is given', () => {
    function Typed() {
      const form = useZodForm(z.object({ title: z.string() }), { defaultValues: { title: '' } });
      return (
        <Form form={form} onSubmit={() => undefined}>
          <FormTextField control={form.control} name="title" label="Title" />
          {/* @ts-expect-error: "subtitle" is not a field of this form */}
          <FormTextField control={form.control} name="subtitle" label="Subtitle" />
          <FormSubmit>Save</FormSubmit>
        </Form>
      );
    }
    renderUi(<Typed />);
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('');
  });
});
