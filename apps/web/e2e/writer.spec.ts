import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { docxHtml, pdfText } from './documents';

/**
 * The content writer (issue 27) in Chromium against the real server and its sandbox model: a
 * newcomer in a Vietnamese browser writes a blog post from the template, has one paragraph
 * shortened, restores the first version and downloads it as DOCX and PDF, which are read back
 * (mammoth, pdf.js) with their diacritics intact. A visitor's versions are kept in the browser,
 * and the document is in their library, which opens it back in the writer.
 */
test.use({ locale: 'vi-VN' });

/** The bytes of the download `click` starts. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const downloading = page.waitForEvent('download');
  await click();
  const download = await downloading;
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

/**
 * Selects [start, end) of the editor's text and lets go of the mouse, as a drag ends: React's
 * onSelect reads the selection on mouseup (and keyup), not on the DOM's select event.
 */
async function selectPassage(page: Page, start: number, end: number) {
  await page.getByRole('textbox', { name: /^Văn bản của bạn \(Markdown\)/ }).evaluate(
    (editor: HTMLTextAreaElement, [from, to]) => {
      editor.focus();
      editor.setSelectionRange(from, to);
      editor.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
    },
    [start, end] as const,
  );
}

test('a newcomer writes a blog post in Vietnamese, shortens a paragraph, restores the first version and downloads DOCX and PDF', async ({
  page,
}) => {
  test.slow();
  await page.goto('/content-writer');
  await expect(page.getByRole('heading', { level: 1, name: 'Viết nội dung' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Mẫu' })).toHaveValue('blog-post');
  await page.getByRole('textbox', { name: /^Chủ đề/ }).fill('Cà phê sáng ở Đà Lạt');
  await page.getByRole('button', { name: 'Viết', exact: true }).click();

  const editor = page.getByRole('textbox', { name: /^Văn bản của bạn \(Markdown\)/ });
  const versions = page.getByRole('list', { name: 'Các phiên bản, mới nhất trước' });
  await expect(versions.getByRole('listitem')).toHaveCount(1, { timeout: 30_000 });
  const first = await editor.inputValue();
  expect(first).toContain('Đà Lạt');
  // The live preview renders the Markdown: the piece's list is a list there, without its marks.
  const preview = page.getByRole('region', { name: 'Xem trước' });
  await expect(preview.getByRole('listitem').first()).toBeVisible();
  await expect(preview).not.toContainText('**');

  // One paragraph (the longest), shortened on its own; the rest stays as it was.
  const paragraphs = first.split('\n\n');
  const passage = [...paragraphs].sort((a, b) => b.length - a.length)[0] ?? '';
  const start = first.indexOf(passage);
  await selectPassage(page, start, start + passage.length);
  await expect(page.getByText(`Đã chọn ${passage.length} ký tự`)).toBeVisible();
  await page.getByRole('combobox', { name: 'Thao tác' }).selectOption('shorten');
  await page.getByRole('button', { name: 'Thay đổi đoạn đã chọn' }).click();
  await expect(versions.getByRole('listitem')).toHaveCount(2, { timeout: 30_000 });
  const second = await editor.inputValue();
  expect(second).not.toBe(first);
  expect(second.startsWith(first.slice(0, start))).toBe(true);
  expect(second.endsWith(first.slice(start + passage.length))).toBe(true);

  // Version 1 made current again, as a third version.
  await versions.getByRole('button', { name: 'Khôi phục phiên bản 1' }).click();
  await expect(versions.getByRole('listitem')).toHaveCount(3);
  await expect(versions.getByText('Khôi phục từ phiên bản 1')).toBeVisible();
  await expect(editor).toHaveValue(first);

  // Exported as it stands now: Word and PDF, the Vietnamese read back from each file.
  const exports = page.getByRole('group', { name: 'Xuất' });
  const docx = await downloaded(page, () => exports.getByRole('button', { name: 'DOCX' }).click());
  expect(docx.name).toMatch(/\.docx$/);
  expect(docx.bytes.subarray(0, 2).toString()).toBe('PK');
  const html = await docxHtml(docx.bytes);
  expect(html).toContain('Cà phê sáng ở Đà Lạt');
  const pdf = await downloaded(page, () => exports.getByRole('button', { name: 'PDF' }).click());
  expect(pdf.name).toMatch(/\.pdf$/);
  expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(await pdfText(pdf.bytes)).toContain('Cà phê sáng ở Đà Lạt');

  // Kept in this browser: after a reload the document is listed with its three versions.
  await page.reload();
  const documents = page.getByRole('list', { name: 'Tài liệu của bạn' });
  await expect(documents.getByRole('listitem')).toHaveCount(1);
  await expect(documents).toContainText('Phiên bản 3');

  // In the library with what else this browser made, and opened from there back in the writer.
  await page.goto('/library?kind=document');
  const library = page.getByRole('list', { name: 'Tài liệu' });
  await expect(library.getByRole('listitem')).toHaveCount(1);
  await library.getByRole('button', { name: /^Mở trong công cụ viết nội dung: / }).click();
  await expect(page).toHaveURL(/\/content-writer\?document=/);
  await expect(versions.getByRole('listitem')).toHaveCount(3);
  await expect(editor).toHaveValue(first);
});
