import { expect, test, type Page } from '@playwright/test';
import { queryOne } from './database';
import { codeIn, freshEmail, latestMail } from './mail';

/**
 * Sign-in end to end, in Chromium against the real server: first-party accounts (password,
 * e-mail code, reset link read from the mail outbox) and Google, Microsoft and Apple through
 * MSAL and the sandbox OpenID Connect provider mounted by the API.
 */

async function registerWithPassword(page: Page, email: string, password: string) {
  await page.goto('/register');
  const form = page.getByRole('form', { name: 'Create an account' });
  await form.getByLabel('Username').fill('e2e-user');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Confirm password').fill(password);
  await form.getByRole('button', { name: 'Create account' }).click();
  const mail = await latestMail(email);
  await page.getByRole('textbox', { name: 'Code' }).fill(codeIn(mail.text));
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(email)).toBeVisible();
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in with email and password' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
}

/** What a signed-out browser must not keep (security.md §1.3 14.3.1). */
async function storedAuth(page: Page) {
  return page.evaluate(() => ({
    token: localStorage.getItem('token'),
    account: localStorage.getItem('account'),
    cookies: document.cookie,
  }));
}

test('register with a password, confirm by email code, sign out and sign in again', async ({
  page,
}) => {
  const email = freshEmail('register');
  const password = 'correct horse battery staple';
  await registerWithPassword(page, email, password);

  const stored = await storedAuth(page);
  expect(stored.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  // The refresh token is HttpOnly: script never sees it.
  expect(stored.cookies).not.toContain('studio-refresh');

  await signOut(page);
  await expect.poll(() => storedAuth(page)).toMatchObject({ token: null, account: null });
  await expect(page.getByRole('button', { name: 'Sign in', exact: true }).first()).toBeVisible();

  await signInWithPassword(page, email, 'wrong password entirely');
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await signInWithPassword(page, email, password);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(email)).toBeVisible();
});

test('the §5 messages guard the forms', async ({ page }) => {
  await page.goto('/register');
  const form = page.getByRole('form', { name: 'Create an account' });
  await form.getByLabel('Username').fill('ab');
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByLabel('Password', { exact: true }).fill('12345');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(form.getByText('Email is invalid')).toBeVisible();
  await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(form.getByText('Please confirm your password')).toBeVisible();
  await form.getByLabel('Password', { exact: true }).fill('123456');
  await form.getByLabel('Confirm password').fill('654321');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByText('Passwords do not match')).toBeVisible();
});

test('reset a forgotten password through the emailed link', async ({ page }) => {
  const email = freshEmail('reset');
  await registerWithPassword(page, email, 'first password 123');
  await signOut(page);

  await page.goto('/reset-password');
  const before = (await latestMail(email)).id;
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();

  const mail = await latestMail(email, before);
  const link = /(https?:\/\/\S+\/reset-password#token=[\w-]+)/.exec(mail.text)?.[1];
  expect(link).toBeDefined();
  await page.goto(link as string);
  // The token leaves the address bar as soon as the page has read it.
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('New password', { exact: true }).fill('second password 456');
  await page.getByLabel('Confirm password').fill('second password 456');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Your password has been changed')).toBeVisible();

  await signInWithPassword(page, email, 'first password 123');
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await signInWithPassword(page, email, 'second password 456');
  await expect(page).toHaveURL(/\/profile$/);
});

test('sign in with an email code (a new address gets an account)', async ({ page }) => {
  const email = freshEmail('code');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with an email code instead' }).click();
  const form = page.getByRole('form', { name: 'Sign in with an email code' });
  const send = form.getByRole('button', { name: 'Send Code' });
  await expect(send).toBeDisabled();
  await form.getByLabel('Email').fill(email);
  await send.click();
  const mail = await latestMail(email);
  const verify = page.getByRole('button', { name: 'Verify Code' });
  await expect(verify).toBeDisabled();
  await page
    .getByRole('textbox', { name: 'Code' })
    .fill('000000' === codeIn(mail.text) ? '111111' : '000000');
  await verify.click();
  await expect(page.getByText('Invalid code')).toBeVisible();
  await page.getByRole('textbox', { name: 'Code' }).fill(codeIn(mail.text));
  await verify.click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(email)).toBeVisible();
});

for (const provider of ['Google', 'Microsoft', 'Apple'] as const) {
  test(`sign in with ${provider} through the sandbox provider and MSAL`, async ({ page }) => {
    const email = freshEmail(provider.toLowerCase());
    await page.goto('/login');
    await page.getByRole('button', { name: `Continue with ${provider}` }).click();
    // The sandbox provider's own page, chosen by the domain hint.
    await expect(page.getByText('Sandbox', { exact: true }).first()).toBeVisible();
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Name').fill(`${provider} Tester`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/profile$/, { timeout: 20_000 });
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText(provider, { exact: true })).toBeVisible();

    const user = queryOne('SELECT auth_provider FROM users WHERE email = ?', email);
    expect(user?.['auth_provider']).toBe(provider.toLowerCase());

    // Sign-out goes through the provider (RP-initiated logout) and back to /.
    await signOut(page);
    await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
    expect(await storedAuth(page)).toMatchObject({ token: null, account: null });
  });
}

/** Signs in with Google through MSAL and the sandbox provider; resolves on /profile. */
async function signInWithGoogle(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Name').fill('Refresh Tester');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/profile$/, { timeout: 20_000 });
  await expect(page.getByText(email)).toBeVisible();
}

const tokenPath = '/sandbox/oidc/token';
const authorizePath = '/sandbox/oidc/auth';
/** A route matcher on the path alone, whatever the query. */
const onPath = (path: string) => (url: URL) => url.pathname === path;

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

test.describe('an external session stays fresh', () => {
  test.beforeEach(async ({ page }) => {
    // The page's clock is ours to move; it runs on by itself meanwhile.
    await page.clock.install();
  });

  test('the token is renewed silently every 30 minutes', async ({ page }) => {
    const email = freshEmail('silent');
    await signInWithGoogle(page, email);
    const first = await storedToken(page);
    const grants: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === tokenPath) grants.push(request.postData() ?? '');
    });

    await page.clock.fastForward('30:05');
    await expect.poll(() => storedToken(page), { timeout: 15_000 }).not.toBe(first);
    // MSAL used the refresh token (no window, no frame), and the API takes the new token.
    expect(grants).toHaveLength(1);
    expect(grants[0]).toContain('grant_type=refresh_token');
    await page.reload();
    await expect(page.getByText(email)).toBeVisible();
  });

  test('when the provider wants an interaction, a popup renews the token', async ({ page }) => {
    const email = freshEmail('popup');
    await signInWithGoogle(page, email);
    const first = await storedToken(page);

    // The provider refuses the refresh token and the hidden-frame (prompt=none) renewal, as a
    // real one does when its policy demands the user: MSAL must fall back to a popup.
    // MSAL adds query parameters (client-request-id...) to the token endpoint.
    await page.context().route(onPath(tokenPath), async (route) => {
      if (!route.request().postData()?.includes('grant_type=refresh_token')) {
        await route.continue();
        return;
      }
      await route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          error: 'invalid_grant',
          error_description: 'grant request is invalid',
        }),
      });
    });
    await page.context().route(onPath(authorizePath), async (route) => {
      const asked = new URL(route.request().url());
      if (asked.searchParams.get('prompt') !== 'none') {
        await route.continue();
        return;
      }
      const answer = new URLSearchParams({
        error: 'login_required',
        error_description: 'End-User authentication is required',
        state: asked.searchParams.get('state') ?? '',
      });
      const separator = asked.searchParams.get('response_mode') === 'query' ? '?' : '#';
      const back = `${asked.searchParams.get('redirect_uri') ?? ''}${separator}${answer.toString()}`;
      await route.fulfill({ status: 303, headers: { location: back } });
    });

    const popup = page.waitForEvent('popup');
    await page.clock.fastForward('30:05');
    // The provider still has the user's session, so the popup completes by itself and closes.
    const window = await popup;
    await window.waitForEvent('close', { timeout: 20_000 });
    await expect.poll(() => storedToken(page), { timeout: 15_000 }).not.toBe(first);
    await expect(page).toHaveURL(/\/profile$/);
    await page.reload();
    await expect(page.getByText(email)).toBeVisible();
  });
});

test('a protected route sends a visitor to /login and back after signing in', async ({ page }) => {
  const email = freshEmail('guard');
  await registerWithPassword(page, email, 'guarded password 789');
  await signOut(page);
  await page.goto('/membership');
  await expect(page).toHaveURL(/\/login$/);
  const form = page.getByRole('form', { name: 'Sign in with email and password' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill('guarded password 789');
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/membership$/);
});

test('a 401 in the middle of a session signs the user out and asks them to sign in', async ({
  page,
}) => {
  const email = freshEmail('expired');
  await registerWithPassword(page, email, 'session password 321');
  // The server ends every session (as "sign out everywhere" elsewhere would).
  await page.route('**/api/userprofile', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Authentication required. Please log in.' }),
    }),
  );
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login/);
  expect(await storedAuth(page)).toMatchObject({ token: null, account: null });
});

test('signing out in one tab signs out the others', async ({ page, context }) => {
  const email = freshEmail('tabs');
  await registerWithPassword(page, email, 'two tabs password');
  const other = await context.newPage();
  await other.goto('/profile');
  await expect(other.getByText(email)).toBeVisible();
  await signOut(page);
  await expect(other).toHaveURL(/\/login/, { timeout: 10_000 });
});

test('preferences follow the user into a second browser', async ({ page, browser }) => {
  const email = freshEmail('prefs');
  const password = 'preferences password';
  await registerWithPassword(page, email, password);
  await page.getByRole('button', { name: /^Currency: / }).click();
  await page.getByRole('menuitemradio', { name: /EUR/ }).click();
  await page.getByRole('button', { name: /^Language: / }).click();
  await page.getByRole('menuitemradio', { name: /Tiếng Việt/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await expect
    .poll(() => queryOne('SELECT language, currency FROM users WHERE email = ?', email))
    .toEqual({ language: 'vi', currency: 'EUR' });

  const second = await browser.newContext({ locale: 'en-US' });
  const other = await second.newPage();
  await other.goto('/login');
  const form = other.getByRole('form', { name: 'Sign in with email and password' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(other.locator('html')).toHaveAttribute('lang', 'vi');
  await expect(other.getByRole('button', { name: /EUR/ })).toBeVisible();
  await second.close();
});
