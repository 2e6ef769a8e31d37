import { expect, type Request, type Route, test } from '@playwright/test';
import { type Deployment, startDeployment } from '../../api/test/deployment/deployment';
import { virtualAuthenticator } from '../e2e/passkeys';
import { freshEmail, people, reportDeploymentLogs } from './people';

/**
 * Paying for Pro through two production processes behind nginx, in Chromium with a virtual
 * passkey: the passkey's answer to its challenge, fired at both processes at once, is accepted
 * once; the browser's return from VNPay and VNPay's own IPN, raced on both, grant Pro once.
 */

let deployment: Deployment;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  deployment = await startDeployment();
});

// Playwright reads the fixtures a hook asks for from its first parameter: this one asks none.
// eslint-disable-next-line no-empty-pattern
test.afterEach(async ({}, testInfo) => {
  await reportDeploymentLogs(deployment, testInfo);
});

test.afterAll(async () => {
  await deployment?.stop();
});

const { signInInBrowser } = people(() => deployment);

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * The browser's request fired `times` times at once, alternating between the processes (straight
 * to each, past nginx), with the browser's own headers: its cookies, bearer and CSRF token.
 */
async function raceOnBoth(request: Request, times: number, path?: string): Promise<Answer[]> {
  const hopByHop = new Set(['host', 'content-length', 'connection']);
  const headers = Object.fromEntries(
    Object.entries(await request.allHeaders()).filter(([name]) => !hopByHop.has(name)),
  );
  const url = new URL(request.url());
  const body = request.postData();
  return Promise.all(
    Array.from({ length: times }, async (_, index) => {
      const instance = deployment.instances[index % deployment.instances.length];
      if (!instance) throw new Error('no instance');
      const response = await fetch(`${instance.url}${path ?? url.pathname + url.search}`, {
        method: path ? 'GET' : request.method(),
        headers: path ? {} : headers,
        ...(path || body === null ? {} : { body }),
      });
      return {
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: await response.text(),
      };
    }),
  );
}

/** Answers the browser's own request with one of the raced answers, so the page goes on. */
async function fulfilWith(route: Route, answer: Answer) {
  // The body is already decoded: its encoding and length no longer describe it.
  const headers = Object.fromEntries(
    Object.entries(answer.headers).filter(
      ([name]) => name !== 'content-encoding' && name !== 'content-length',
    ),
  );
  await route.fulfill({ status: answer.status, headers, body: answer.body });
}

test('a passkey check and a VNPay payment raced on both processes count once: verified once, Pro granted once', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await virtualAuthenticator(page);
  const email = freshEmail('pay-race');
  await signInInBrowser(page, email);

  // The Pro modal's payment step; the newcomer adds a passkey there.
  await page.goto(`${deployment.url}/`);
  await page.getByRole('button', { name: 'Go Pro' }).click();
  const modal = page.getByRole('dialog', { name: 'Upgrade to Pro' });
  await expect(modal.getByRole('heading', { name: 'Choose your plan' })).toBeVisible({
    timeout: 15_000,
  });
  await modal.getByRole('radio', { name: /^Pro/ }).click();
  await modal.getByRole('button', { name: 'Continue' }).click();
  await modal.getByRole('button', { name: 'Enable and manage devices' }).click();
  await modal.getByRole('button', { name: 'Add device' }).first().click();
  await modal.getByRole('textbox', { name: /Name your new device|Device name/ }).fill('Laptop');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Device added', { exact: true })).toBeVisible();
  await modal.getByRole('button', { name: 'Back to payment' }).click();

  // The passkey's answer to its challenge, raced: one process accepts it, the rest refuse.
  const verifications: Answer[][] = [];
  await page.route('**/api/webauthn/authenticate/complete*', async (route) => {
    const answers = await raceOnBoth(route.request(), 4);
    verifications.push(answers);
    const accepted = answers.find((answer) => answer.status === 200) ?? answers[0];
    if (accepted) await fulfilWith(route, accepted);
  });
  await modal.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(modal.getByText('Verified. You can pay now.')).toBeVisible();
  expect(verifications.map((answers) => answers.map((answer) => answer.status).sort())).toEqual([
    [200, 400, 400, 400],
  ]);

  // VNPay: the browser's return and the IPN, raced on both processes, grant once.
  const returns: Answer[][] = [];
  await page.route('**/api/payments/vnpay/callback*', async (route) => {
    const request = route.request();
    const query = new URLSearchParams(
      JSON.parse(request.postData() ?? '{}') as Record<string, string>,
    );
    const [callbacks, notices] = await Promise.all([
      raceOnBoth(request, 3),
      raceOnBoth(request, 3, `/api/payments/vnpay/ipn?${query}`),
    ]);
    returns.push(callbacks, notices);
    const answer = callbacks[0];
    if (answer) await fulfilWith(route, answer);
  });
  await modal.getByRole('button', { name: /with VNPay$/ }).click();
  await expect(page).toHaveURL(/\/sandbox\/vnpay\/paymentv2\/vpcpay\.html\?/);
  await page.getByRole('button', { name: 'Pay successfully' }).click();
  await expect(
    page.getByRole('main').getByRole('heading', { name: 'Payment received' }),
  ).toBeVisible({ timeout: 20_000 });

  expect(returns.flat().map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
  const ipnCodes = (returns[1] ?? []).map(
    (answer) => (JSON.parse(answer.body) as { RspCode: string }).RspCode,
  );
  expect(ipnCodes.every((code) => code === '00' || code === '02')).toBe(true);
  const grants = await deployment.query(
    `select g.id from ${deployment.databaseSchema}.entitlement_grants g
       join ${deployment.databaseSchema}.users u on u.id = g.user_id where u.email = $1`,
    [email],
  );
  expect(grants).toHaveLength(1);
});
