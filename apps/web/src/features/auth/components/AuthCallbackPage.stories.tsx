import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { AuthCallbackPage } from './AuthCallbackPage';

/**
 * /auth/callback inside the app (where the redirect bridge page is not served): it reads the
 * identity service's answer from the browser's own address, not the router's, so each story puts
 * one there (`#code=…&state=…`) before rendering and puts the story's address back afterwards.
 */
const meta = {
  title: 'App/Pages/Auth callback',
  component: AuthCallbackPage,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  parameters: { app: { route: '/auth/callback' } },
} satisfies Meta<typeof AuthCallbackPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** MSAL's state for a popup sign-in: base64url JSON naming the channel the answer goes back on. */
const popupState = btoa(
  JSON.stringify({ id: 'storybook-sign-in', meta: { interactionType: 'popup' } }),
)
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');

/**
 * Puts an identity service's answer in the frame's address for the page to find. The clean-up
 * restores the address, the title and `window.close`, which the hand-over changes.
 */
function answerInAddress(hash: string) {
  const address = window.location.href;
  const title = document.title;
  const close = window.close.bind(window);
  // The hand-over closes the popup it thinks it is in: here that would be the story's page.
  window.close = () => undefined;
  window.history.replaceState(window.history.state, '', `${address.split('#')[0]}#${hash}`);
  return () => {
    window.history.replaceState(window.history.state, '', address);
    document.title = title;
    window.close = close;
  };
}

/** An answer is in the address and is being handed to the page that asked: the spinner. */
export const Finishing: Story = {
  beforeEach: () => answerInAddress(`code=sample-code&state=${popupState}`),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(
      'Finishing sign-in…',
    );
  },
};

/** The answer cannot be handed over (its state is not one the app made): an alert and a way home. */
export const HandOverFailed: Story = {
  beforeEach: () => answerInAddress('code=sample-code&state=not-from-this-app'),
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent("We couldn't finish signing you in.");
    await expect(
      within(alert).getByRole('link', { name: 'Back to the home page' }),
    ).toHaveAttribute('href', '/');
  },
};

/** Opened with no answer in the address: says there is nothing to complete, with a way home. */
export const NoAnswer: Story = {
  play: async ({ canvasElement }) => {
    const status = await within(canvasElement).findByRole('status');
    await expect(status).toHaveTextContent(
      'This page only completes a sign-in, and there is none to complete.',
    );
    await expect(
      within(status).getByRole('link', { name: 'Back to the home page' }),
    ).toHaveAttribute('href', '/');
  },
};

/** The failed hand-over in Vietnamese. */
export const HandOverFailedVietnamese: Story = {
  ...HandOverFailed,
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('Chưa hoàn tất được việc đăng nhập.');
    await expect(within(alert).getByRole('link', { name: 'Về trang chủ' })).toBeVisible();
  },
};
