import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { queryOne } from './database';
import { freshEmail, signInWithCode } from './mail';
import { e2eServer } from './server';

/**
 * The export of a long conversation as a background job (issue 15), in Chromium against the real
 * server: the job's progress comes over server-sent events, and the file it stored downloads.
 */

interface WritableDatabase {
  prepare(sql: string): { run(...params: unknown[]): unknown };
  transaction(work: () => void): () => void;
  pragma(setting: string): unknown;
  close(): void;
}
const requireFromApi = createRequire(path.resolve(import.meta.dirname, '../../api/package.json'));
const Sqlite = requireFromApi('better-sqlite3') as new (file: string) => WritableDatabase;

/** What the chat would have written after `count` messages, straight into the server's tables. */
function seedConversation(userId: string, title: string, count: number): string {
  const db = new Sqlite(e2eServer.databaseFile);
  const id = randomUUID();
  const start = Date.now() - count * 60_000;
  const at = (offset: number) => new Date(start + offset * 60_000).toISOString();
  try {
    db.pragma('busy_timeout = 5000');
    db.transaction(() => {
      db.prepare(
        'INSERT INTO chat_conversations (id, user_id, title, title_set, model_id, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?, ?)',
      ).run(id, userId, title, 'sandbox', at(0), at(count));
      const message = db.prepare(
        'INSERT INTO chat_messages (id, conversation_id, seq, role, content, model_id, image_urls, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      );
      for (let index = 0; index < count; index += 1) {
        const user = index % 2 === 0;
        message.run(
          randomUUID(),
          id,
          index + 1,
          user ? 'user' : 'assistant',
          user ? `Question ${index + 1}` : `Answer ${index + 1}`,
          user ? null : 'sandbox',
          '[]',
          'complete',
          at(index + 1),
        );
      }
    })();
  } finally {
    db.close();
  }
  return id;
}

test('exports a long conversation as Markdown, following the job, and downloads the file', async ({
  page,
}) => {
  const email = freshEmail('export');
  await signInWithCode(page, email);
  const userId = String(queryOne('SELECT id FROM users WHERE email = ?', email)?.['id']);
  seedConversation(userId, 'Lịch tập chạy 10 km', 600);

  await page.goto('/home');
  const list = page.getByRole('list', { name: 'Your conversations' });
  await list.getByRole('button', { name: 'Actions for Lịch tập chạy 10 km' }).click();

  const events = page.waitForResponse((response) =>
    /\/api\/jobs\/[^/]+\/events$/.test(response.url()),
  );
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export as Markdown' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export conversation' });
  await expect(dialog).toContainText('“Lịch tập chạy 10 km” as Markdown.');

  // The job's own events, as the page read them: the job as it was (600 messages take a
  // moment: it may be anywhere from queued to storing), its progress, then completed.
  const stream = await (await events).text();
  expect(stream).toMatch(/^event: state\n/);
  expect(stream).toMatch(/"stage":"(reading|writing|storing)"/);
  expect(stream.trimEnd()).toMatch(/event: state\ndata: \{[^\n]*"state":"completed"[^\n]*\}$/);

  const file = await download;
  const today = new Date().toISOString().slice(0, 10);
  expect(file.suggestedFilename()).toBe(`Lịch tập chạy 10 km-${today}.md`);
  const text = await readFile(await file.path(), 'utf8');
  expect(text.split('\n')[0]).toBe('# Lịch tập chạy 10 km');
  expect(text.match(/^### You · /gm)).toHaveLength(300);
  expect(text).toContain('Answer 600');
  await expect(dialog).toContainText(`Downloaded Lịch tập chạy 10 km-${today}.md.`);
});
