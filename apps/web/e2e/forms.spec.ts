import { expect, test } from '@playwright/test';
import { queryOne } from './database';

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

test('the About Us contact form reaches the database', async ({ page }) => {
  const subject = `Invoice question ${unique()}`;
  await page.goto('/about-us');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Name').fill('Linh Nguyen');
  await form.getByLabel('Email').fill('linh@example.com');
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message').fill('Could you send me a VAT invoice for my Pro plan, please?');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Message sent' }).first()).toBeVisible();

  const row = queryOne(
    'select name, email, message from contact_messages where subject = ?',
    subject,
  );
  expect(row).toEqual({
    name: 'Linh Nguyen',
    email: 'linh@example.com',
    message: 'Could you send me a VAT invoice for my Pro plan, please?',
  });
});

test('the contact form keeps what was typed and shows errors under the fields', async ({
  page,
}) => {
  await page.goto('/about-us');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Email is invalid')).toBeVisible();
  await expect(form.getByLabel('Email')).toHaveValue('not-an-email');
});

test('the newsletter sign-up is double opt-in and reaches the database', async ({ page }) => {
  const email = `reader-${unique()}@example.com`;
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  // The footer starts collapsed; the newsletter form loads when it opens.
  await footer.getByRole('button', { name: 'Show more' }).click();
  await expect(footer.getByRole('button', { name: 'Show less' })).toBeVisible();
  await footer.getByLabel('Email').fill(email);
  await footer.getByLabel('I agree to receive the AI Studio newsletter').check();
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Check your inbox to confirm' }).first(),
  ).toBeVisible();

  expect(queryOne('select status from newsletter_subscriptions where email = ?', email)).toEqual({
    status: 'pending',
  });
  // No mail server is configured, so the confirmation e-mail waits in the outbox.
  const mail = queryOne(
    'select text_body from mail_outbox where to_address = ? order by id desc limit 1',
    email,
  );
  const link = /https?:\/\/\S+\/api\/newsletter\/confirm\?token=[\w-]+/.exec(
    String(mail?.['text_body']),
  )?.[0];
  expect(link).toBeTruthy();
  await page.goto(link ?? '/');
  await expect(page).toHaveURL(/newsletter=confirmed/);
  expect(queryOne('select status from newsletter_subscriptions where email = ?', email)).toEqual({
    status: 'confirmed',
  });
});

test('the newsletter form refuses a missing agreement', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  // The footer starts collapsed; the newsletter form loads when it opens.
  await footer.getByRole('button', { name: 'Show more' }).click();
  await expect(footer.getByRole('button', { name: 'Show less' })).toBeVisible();
  await footer.getByLabel('Email').fill('reader@example.com');
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer.getByLabel('I agree to receive the AI Studio newsletter')).toHaveAttribute(
    'aria-invalid',
    'true',
  );
});
