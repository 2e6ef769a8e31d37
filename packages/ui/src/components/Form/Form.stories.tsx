import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { ComponentUsage } from '../../docs/usage';
import { ContactForm, RegisterForm, SignInForm } from './Form.examples';

/**
 * Forms built with useZodForm + <Form> + the Form* fields, validated with the spec's §5 rules and
 * texts. Every message appears under its own field and is tied to it by aria-describedby.
 */
const meta = {
  title: 'Forms/Form',
  args: { onSubmit: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
  parameters: {
    usage: {
      use: 'A form checked by a zod schema: `useZodForm(schema)` gives the `form`, `<Form form={form} onSubmit={…}>` holds the bound fields (`FormTextField`, `FormEmailField`, `FormPasswordField`, `FormTextArea`, `FormSelect`, `FormCheckbox`), `FormSubmit` sends it and `FormError` shows what the server said. A single control that acts at once (a search box, the [ThemePicker](?path=/docs/forms-themepicker--docs)) needs no Form.',
      do: [
        'Name the form with a translated `aria-label` (“Sign in”), as every form in the app is named.',
        'Write the schema’s messages in the person’s language, each saying how to fix the value; build the schema per language, as the examples’ `makeSignInSchema(language)` does.',
        "Put `<FormError />` at the top and, after a failed request, call `form.setError('root.server', { message })`: the message shows in a banner that is read out at once.",
        'Return the request’s promise from `onSubmit`: while it is pending, `FormSubmit` shows its loading state and ignores clicks, and the form is marked busy.',
        'Use `layout="compact"` for a one-field edit in place (the display name), with the submit and a cancel [Button](?path=/docs/actions-button--docs) in an Inline.',
      ],
      dont: [
        'Don’t put a plain TextField, Select or Checkbox in a Form for a value it should send: only the bound `Form*` fields (with `name`) are checked and submitted.',
        'Don’t add browser validation or messages of your own: the form sets `noValidate`, checks a field when it is left and then on every change, and sends focus to the first invalid field on submit.',
        'Don’t put a field’s problem in the banner: set it on the field (`form.setError` with its name) so it shows under the control; `FormError` is for the whole form (the server refused, the network failed).',
        'Don’t restyle it with `className` or `style` (the props refuse them); use `layout`, and a Stack or an Inline inside.',
      ],
    } satisfies ComponentUsage,
  },
} satisfies Meta<{ onSubmit: (values: never) => unknown }>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The message is shown after the control and is (inside) an element its aria-describedby names. */
async function expectErrorUnder(canvasElement: HTMLElement, control: HTMLElement, message: string) {
  const text = await within(canvasElement).findByText(message);
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  await expect(ids.some((id) => document.getElementById(id)?.contains(text))).toBe(true);
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  await expect(
    control.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING,
  ).toBeTruthy();
}

const signIn = (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  return {
    canvas,
    email: canvas.getByRole('textbox', { name: 'Email' }),
    password: canvas.getByLabelText('Password'),
    submit: canvas.getByRole('button', { name: 'Sign in' }),
  };
};

export const SignIn: Story = {
  render: (args) => <SignInForm onSubmit={args.onSubmit} />,
  play: async ({ canvasElement }) => {
    const { email, password } = signIn(canvasElement);
    await expect(email).toHaveAttribute('type', 'email');
    await expect(password).toHaveAttribute('autocomplete', 'current-password');
  },
};

export const SignInEmptySubmit: Story = {
  render: SignIn.render,
  play: async ({ canvasElement, args }) => {
    const { email, password, submit } = signIn(canvasElement);
    await userEvent.click(submit);
    await expectErrorUnder(canvasElement, email, 'Email is required');
    await expectErrorUnder(canvasElement, password, 'Password must be at least 6 characters');
    // Focus goes to the first invalid field.
    await expect(email).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const SignInInvalidEmail: Story = {
  render: SignIn.render,
  play: async ({ canvasElement }) => {
    const { email, password } = signIn(canvasElement);
    await userEvent.type(email, 'ada@example');
    // Validated when the field is left.
    await userEvent.tab();
    await expectErrorUnder(canvasElement, email, 'Email is invalid');
    await expect(password).not.toHaveAttribute('aria-invalid');
  },
};

export const SignInFixingClearsErrors: Story = {
  render: SignIn.render,
  play: async (context) => {
    await SignInEmptySubmit.play?.(context);
    const { canvas, email, password } = signIn(context.canvasElement);
    await userEvent.type(email, 'ada@example.com');
    await waitFor(() => expect(canvas.queryByText('Email is required')).not.toBeInTheDocument());
    await expect(email).not.toHaveAttribute('aria-invalid');
    // The other field keeps its error until it is fixed too.
    await expectErrorUnder(
      context.canvasElement,
      password,
      'Password must be at least 6 characters',
    );
    await userEvent.type(password, 'secret1');
    await waitFor(() =>
      expect(canvas.queryByText('Password must be at least 6 characters')).not.toBeInTheDocument(),
    );
  },
};

const fillSignIn = async (canvasElement: HTMLElement) => {
  const { email, password, submit } = signIn(canvasElement);
  await userEvent.type(email, 'ada@example.com');
  await userEvent.type(password, 'secret1');
  await userEvent.click(submit);
};

export const SignInValidSubmit: Story = {
  render: SignIn.render,
  play: async ({ canvasElement, args }) => {
    await fillSignIn(canvasElement);
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret1' }),
    );
    await expect(within(canvasElement).queryByRole('alert')).not.toBeInTheDocument();
  },
};

export const SignInServerError: Story = {
  render: SignIn.render,
  args: { onSubmit: fn(async () => 'Network error. Please check your connection.') },
  play: async ({ canvasElement, args }) => {
    await fillSignIn(canvasElement);
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('Network error. Please check your connection.');
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
  },
};

export const SignInSubmitting: Story = {
  render: SignIn.render,
  // Never settles: the form stays in its submitting state.
  args: { onSubmit: fn(() => new Promise<never>(() => undefined)) },
  play: async ({ canvasElement, args }) => {
    await fillSignIn(canvasElement);
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: 'Sign in Loading…' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('form', { name: 'Sign in' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    // Clicking again while busy sends nothing more.
    await userEvent.click(button);
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
  },
};

const register = (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  return {
    canvas,
    username: canvas.getByRole('textbox', { name: 'Username' }),
    email: canvas.getByRole('textbox', { name: 'Email' }),
    password: canvas.getByLabelText('Password'),
    confirm: canvas.getByLabelText('Confirm password'),
    submit: canvas.getByRole('button', { name: 'Create account' }),
  };
};

export const Register: Story = {
  render: (args) => <RegisterForm onSubmit={args.onSubmit} />,
  play: async ({ canvasElement }) => {
    const { password, confirm } = register(canvasElement);
    await expect(password).toHaveAttribute('autocomplete', 'new-password');
    await expect(confirm).toHaveAttribute('autocomplete', 'new-password');
  },
};

export const RegisterEmptySubmit: Story = {
  render: Register.render,
  play: async ({ canvasElement, args }) => {
    const { username, email, password, confirm, submit } = register(canvasElement);
    await userEvent.click(submit);
    await expectErrorUnder(canvasElement, username, 'Username must be at least 3 characters');
    await expectErrorUnder(canvasElement, email, 'Email is required');
    await expectErrorUnder(canvasElement, password, 'Password must be at least 6 characters');
    await expectErrorUnder(canvasElement, confirm, 'Please confirm your password');
    await expect(username).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const RegisterPasswordMismatch: Story = {
  render: Register.render,
  play: async ({ canvasElement, args }) => {
    const { username, email, password, confirm, submit } = register(canvasElement);
    await userEvent.type(username, 'ada');
    await userEvent.type(email, 'ada@example.com');
    await userEvent.type(password, 'secret1');
    await userEvent.type(confirm, 'secret2');
    await userEvent.click(submit);
    await expectErrorUnder(canvasElement, confirm, 'Passwords do not match');
    await expect(confirm).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const RegisterValidSubmit: Story = {
  render: Register.render,
  play: async (context) => {
    await RegisterPasswordMismatch.play?.(context);
    const { canvas, confirm, submit } = register(context.canvasElement);
    await userEvent.clear(confirm);
    await userEvent.type(confirm, 'secret1');
    await waitFor(() =>
      expect(canvas.queryByText('Passwords do not match')).not.toBeInTheDocument(),
    );
    await userEvent.click(submit);
    await waitFor(() =>
      expect(context.args.onSubmit).toHaveBeenCalledWith({
        username: 'ada',
        email: 'ada@example.com',
        password: 'secret1',
        confirmPassword: 'secret1',
      }),
    );
  },
};

export const Vietnamese: Story = {
  render: (args) => <RegisterForm onSubmit={args.onSubmit} language="vi" />,
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'an@');
    await userEvent.click(canvas.getByRole('button', { name: 'Tạo tài khoản' }));
    await expectErrorUnder(
      canvasElement,
      canvas.getByRole('textbox', { name: 'Tên người dùng' }),
      'Tên người dùng phải có ít nhất 3 ký tự',
    );
    await expectErrorUnder(
      canvasElement,
      canvas.getByRole('textbox', { name: 'Email' }),
      'Email không hợp lệ',
    );
    await expectErrorUnder(
      canvasElement,
      canvas.getByLabelText('Xác nhận mật khẩu'),
      'Vui lòng xác nhận mật khẩu',
    );
    await expect(canvas.getAllByRole('button', { name: 'Hiện mật khẩu' })).toHaveLength(2);
  },
};

export const VietnameseServerError: Story = {
  render: (args) => <SignInForm onSubmit={args.onSubmit} language="vi" />,
  globals: { locale: 'vi' },
  args: { onSubmit: fn(async () => 'Quá nhiều yêu cầu. Vui lòng thử lại sau.') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'an@example.com');
    await userEvent.type(canvas.getByLabelText('Mật khẩu'), 'matkhau1');
    await userEvent.click(canvas.getByRole('button', { name: 'Đăng nhập' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Quá nhiều yêu cầu. Vui lòng thử lại sau.',
    );
  },
};

/** Every bound field: text, e-mail, select, textarea and checkboxes. */
export const Contact: Story = {
  render: (args) => <ContactForm onSubmit={args.onSubmit} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send message' }));
    await expectErrorUnder(
      canvasElement,
      canvas.getByRole('textbox', { name: 'Name' }),
      'Tell us your name',
    );
    await expectErrorUnder(
      canvasElement,
      canvas.getByRole('combobox', { name: 'Topic' }),
      'Choose a topic',
    );
    await expectErrorUnder(
      canvasElement,
      canvas.getByRole('textbox', { name: 'Message' }),
      'Write at least 20 characters so we can help',
    );
    await expectErrorUnder(
      canvasElement,
      canvas.getByRole('checkbox', { name: /I agree/ }),
      'Please agree so we can reply to you',
    );
    await expect(canvas.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  },
};

export const ContactValidSubmit: Story = {
  render: Contact.render,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Name' }), 'Ada');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Topic' }), 'billing');
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Message' }),
      'I was charged twice for the Pro plan this month.',
    );
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Send me a copy of this message' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: /I agree/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Send message' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        name: 'Ada',
        email: 'ada@example.com',
        topic: 'billing',
        message: 'I was charged twice for the Pro plan this month.',
        copyMe: true,
        consent: true,
      }),
    );
  },
};

export const ContactServerError: Story = {
  render: Contact.render,
  args: { onSubmit: fn(async () => 'Server error. Please try again later.') },
  play: async (context) => {
    await ContactValidSubmit.play?.(context);
    const alert = await within(context.canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent("We couldn't send your message");
    await expect(alert).toHaveTextContent('Server error. Please try again later.');
  },
};
