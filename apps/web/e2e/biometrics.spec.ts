import { expect, test, type Locator, type Page } from '@playwright/test';
import { queryOne } from './database';
import { freshEmail, signInWithCode } from './mail';
import { virtualAuthenticator } from './passkeys';

/**
 * Passkeys end to end (issue 7), in Chromium against the real server, with a virtual
 * authenticator driven over the DevTools protocol (identity.md: ctap2, internal transport,
 * resident keys, user verification). The server's RP ID is "localhost" (e2e/server.ts), the
 * browser's origin http://localhost:<port>, so these are the real ceremonies: the server's
 * @simplewebauthn checks run against a real browser's credentials.
 */

const devices = (page: Page) => page.getByRole('region', { name: 'Biometric devices' });

/** Adds a device through the credential manager (on /profile or inside the Pro modal). */
async function addDevice(page: Page, scope: Locator, name: string) {
  await scope.getByRole('button', { name: 'Add device' }).first().click();
  await scope.getByRole('textbox', { name: /Name your new device|Device name/ }).fill(name);
  await scope.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Device added', { exact: true })).toBeVisible();
  await expect(scope.getByText(name, { exact: true })).toBeVisible();
}

const userIdOf = (email: string) =>
  String(queryOne('SELECT id FROM users WHERE email = ?', email)?.['id']);

const credentialCount = (email: string) =>
  Number(
    queryOne('SELECT COUNT(*) AS n FROM webauthn_credentials WHERE user_id = ?', userIdOf(email))?.[
      'n'
    ],
  );

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Upgrade to Pro' });

/** Signed in already: the header's Pro button opens the modal at the plan step; Pro monthly. */
async function openPaymentStep(page: Page): Promise<Locator> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Go Pro' }).click();
  const modal = dialog(page);
  await expect(modal.getByRole('heading', { name: 'Choose your plan' })).toBeVisible({
    timeout: 15_000,
  });
  await modal.getByRole('radio', { name: /^Pro/ }).click();
  await modal.getByRole('button', { name: 'Continue' }).click();
  await expect(modal.getByRole('heading', { name: 'Pay for your plan' })).toBeVisible();
  return modal;
}

const vnpayButton = (modal: Locator) => modal.getByRole('button', { name: /with VNPay$/ });

async function expectOnVnpay(page: Page) {
  await expect(page).toHaveURL(/\/sandbox\/vnpay\/paymentv2\/vpcpay\.html\?/);
}

/** A payment start straight from the page (the SPA's own credentials), past any UI lock. */
async function startVnpayFromPage(page: Page): Promise<{ status: number; body: unknown }> {
  return page.evaluate(async () => {
    const xsrf = /(?:^|; )XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
    const token = localStorage.getItem('token');
    const response = await fetch('/api/payments/vnpay/create', {
      method: 'POST',
      credentials: 'include',
      headers: {
        'Content-Type': 'application/json',
        'X-XSRF-TOKEN': decodeURIComponent(xsrf),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({
        Amount: 578000,
        Currency: 'VND',
        PlanType: 'pro_monthly',
        Description: 'Pro monthly',
      }),
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  });
}

test('a passkey registered on /profile is listed, renamed and deleted', async ({ page }) => {
  const authenticator = await virtualAuthenticator(page);
  const email = freshEmail('passkey-profile');
  await signInWithCode(page, email);
  const section = devices(page);
  await expect(section.getByText('No devices yet')).toBeVisible();

  await addDevice(page, section, 'Work laptop');
  expect(await authenticator.credentials()).toHaveLength(1);
  expect(credentialCount(email)).toBe(1);
  // deviceInfo comes from the browser's user agent (headless Chromium on Linux here).
  await expect(section.getByRole('definition').filter({ hasText: /Linux/ })).toBeVisible();

  // Registering the same authenticator again is refused by the browser (excludeCredentials).
  await section.getByRole('button', { name: 'Add device' }).first().click();
  await section.getByRole('textbox', { name: /Name your new device|Device name/ }).fill('Again');
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This authenticator is already registered.').first()).toBeVisible();
  expect(credentialCount(email)).toBe(1);
  await section.getByRole('button', { name: 'Cancel' }).first().click();

  await section.getByRole('button', { name: 'Rename Work laptop' }).click();
  await section.getByRole('textbox', { name: 'Device name' }).fill('  Home laptop  ');
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Device renamed', { exact: true })).toBeVisible();
  await expect(section.getByText('Home laptop', { exact: true })).toBeVisible();
  expect(
    queryOne('SELECT name FROM webauthn_credentials WHERE user_id = ?', userIdOf(email))?.['name'],
  ).toBe('Home laptop');

  await section.getByRole('button', { name: 'Delete Home laptop' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this device?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Device deleted', { exact: true })).toBeVisible();
  await expect(section.getByText('No devices yet')).toBeVisible();
  expect(credentialCount(email)).toBe(0);
});

test('a newcomer adds a passkey in the Pro modal, verifies with it and pays through the VNPay sandbox', async ({
  page,
}) => {
  const authenticator = await virtualAuthenticator(page);
  const email = freshEmail('passkey-pay');
  await signInWithCode(page, email);
  const modal = await openPaymentStep(page);

  await expect(modal.getByText('Add a passkey to confirm payments')).toBeVisible();
  await modal.getByRole('button', { name: 'Enable and manage devices' }).click();
  await addDevice(page, modal, 'This laptop');
  await modal.getByRole('button', { name: 'Back to payment' }).click();

  await expect(modal.getByRole('heading', { name: "Verify it's you" })).toBeVisible();
  await modal.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(modal.getByText('Verified. You can pay now.')).toBeVisible();
  const [credential] = await authenticator.credentials();
  expect(credential?.signCount).toBeGreaterThan(0);

  const user = userIdOf(email);
  const verification = queryOne(
    "SELECT purpose FROM webauthn_verifications WHERE user_id = ? AND purpose = 'payment'",
    user,
  );
  expect(verification?.['purpose']).toBe('payment');
  expect(
    queryOne('SELECT last_used_at FROM webauthn_credentials WHERE user_id = ?', user)?.[
      'last_used_at'
    ],
  ).toBeTruthy();

  await vnpayButton(modal).click();
  await expectOnVnpay(page);
  await page.getByRole('button', { name: 'Pay successfully' }).click();
  await expect(
    page.getByRole('main').getByRole('heading', { name: 'Payment received' }),
  ).toBeVisible({ timeout: 20_000 });
});

test('with a passkey but no requirement, Skip pays without verifying', async ({ page }) => {
  await virtualAuthenticator(page);
  const email = freshEmail('passkey-skip');
  await signInWithCode(page, email);
  await addDevice(page, devices(page), 'Phone');

  const modal = await openPaymentStep(page);
  await expect(modal.getByRole('heading', { name: "Verify it's you" })).toBeVisible();
  await expect(vnpayButton(modal)).toBeEnabled();
  await modal.getByRole('button', { name: 'Skip' }).click();
  await expect(modal.getByRole('heading', { name: "Verify it's you" })).toHaveCount(0);
  await vnpayButton(modal).click();
  await expectOnVnpay(page);
  const verifications = queryOne(
    'SELECT COUNT(*) AS n FROM webauthn_verifications WHERE user_id = ?',
    userIdOf(email),
  );
  expect(verifications?.['n']).toBe(0);
});

test('required mode: no Skip, payment buttons wait and the API refuses until the passkey verifies', async ({
  page,
}) => {
  await virtualAuthenticator(page);
  const email = freshEmail('passkey-required');
  await signInWithCode(page, email);
  const section = devices(page);
  await addDevice(page, section, 'Laptop');
  const requirement = section.getByRole('checkbox', { name: /Require biometric verification/ });
  // The box follows the server's answer, so it changes after the click, not during it.
  await requirement.click();
  await expect(
    page.getByText('Payments now need biometric verification', { exact: true }),
  ).toBeVisible();
  await expect(requirement).toBeChecked();

  // The server enforces it whatever the page shows.
  const refused = await startVnpayFromPage(page);
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({ error: 'verificationRequired' });
  expect(
    queryOne('SELECT COUNT(*) AS n FROM payments WHERE user_id = ?', userIdOf(email))?.['n'],
  ).toBe(0);

  const modal = await openPaymentStep(page);
  await expect(modal.getByText('Verification is required before you pay.')).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Skip' })).toHaveCount(0);
  await expect(vnpayButton(modal)).toBeDisabled();
  await expect(
    modal.getByText('Verify with one of your devices to enable the payment buttons.'),
  ).toBeVisible();

  await modal.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(modal.getByText('Verified. You can pay now.')).toBeVisible();
  await expect(vnpayButton(modal)).toBeEnabled();
  await vnpayButton(modal).click();
  await expectOnVnpay(page);
});

test('turning the requirement off asks the passkey first', async ({ page }) => {
  const authenticator = await virtualAuthenticator(page);
  const email = freshEmail('passkey-require-off');
  await signInWithCode(page, email);
  const section = devices(page);
  await addDevice(page, section, 'Laptop');
  const requirement = section.getByRole('checkbox', { name: /Require biometric verification/ });
  await requirement.click();
  await expect(
    page.getByText('Payments now need biometric verification', { exact: true }),
  ).toBeVisible();
  await expect(requirement).toBeChecked();
  const before = (await authenticator.credentials())[0]?.signCount ?? 0;

  await requirement.click();
  await expect(
    page.getByText('Payments no longer need biometric verification', { exact: true }),
  ).toBeVisible();
  await expect(requirement).not.toBeChecked();
  expect((await authenticator.credentials())[0]?.signCount).toBeGreaterThan(before);
  expect(
    queryOne(
      'SELECT require_for_payments AS required FROM webauthn_accounts WHERE user_id = ?',
      userIdOf(email),
    )?.['required'],
  ).toBe(0);
});

test('a browser without WebAuthn sees the hint and can still pay', async ({ page }) => {
  await page.addInitScript(() => {
    // What an old or locked-down browser looks like to the page.
    Object.defineProperty(window, 'PublicKeyCredential', { value: undefined, configurable: true });
  });
  const email = freshEmail('passkey-unsupported');
  await signInWithCode(page, email);
  const modal = await openPaymentStep(page);
  await expect(
    modal.getByText(
      'Biometric authentication not supported on this device/browser. You can still pay securely.',
    ),
  ).toBeVisible();
  await expect(vnpayButton(modal)).toBeEnabled();
  await vnpayButton(modal).click();
  await expectOnVnpay(page);
});
