import { expect, type Page } from '@playwright/test';
import { queryOne } from './database';

/**
 * What the tests read from the server's mail outbox (SMTP is not configured there, so every
 * e-mail waits in the mail_outbox table), and fresh addresses so tests never share an account.
 */

let counter = 0;
/** A fresh address per test (the suite shares one database). */
export function freshEmail(label: string): string {
  counter += 1;
  return `${label}.${Date.now()}.${process.pid}.${counter}@example.com`;
}

/** The newest e-mail to an address, once the server has written it to the outbox. */
export async function latestMail(to: string, after = 0): Promise<{ id: number; text: string }> {
  let found: { id: number; text: string } | undefined;
  await expect
    .poll(
      () => {
        const row = queryOne(
          'SELECT id, text_body FROM mail_outbox WHERE to_address = ? AND id > ? ORDER BY id DESC LIMIT 1',
          to,
          after,
        );
        found = row ? { id: Number(row['id']), text: String(row['text_body']) } : undefined;
        return found !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found as { id: number; text: string };
}

export function codeIn(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no 6-digit code in: ${text}`);
  return code;
}

/** Signs in on /login with an e-mail code read from the outbox; lands on /profile. */
export async function signInWithCode(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with an email code instead' }).click();
  const form = page.getByRole('form', { name: 'Sign in with an email code' });
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Send Code' }).click();
  const mail = await latestMail(email);
  await page.getByRole('textbox', { name: 'Code' }).fill(codeIn(mail.text));
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(page).toHaveURL(/\/profile$/);
}
