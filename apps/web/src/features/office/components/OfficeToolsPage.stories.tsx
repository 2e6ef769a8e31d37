import type { Meta, StoryObj } from '@storybook/react-vite';
import type { OfficeRefusal } from '@studio/contracts';
import { http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { officeHandlers, resetOfficeMocks } from '../../../mocks/handlers/office';
import { failWith, serverError } from '../../../mocks/responses';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { findToast } from '../../../testing/storyHelpers';
import { OfficeToolsPage } from './OfficeToolsPage';

const meta = {
  title: 'App/Office/OfficeToolsPage',
  component: OfficeToolsPage,
  decorators: [withAppProviders],
  beforeEach: (context) => {
    // Each story starts from the fixtures: nothing made, deleted or asked by the one before.
    resetOfficeMocks();
    applyAppHandlers(context);
  },
  args: { account: 'user-linh' },
  parameters: { app: { route: '/office-tools', auth: 'signedIn' } },
} satisfies Meta<typeof OfficeToolsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const report = { id: 'doc-report' } as const;

/** Chooses a file in the page's file input, as the "Choose a file" button's dialog would. */
async function choose(canvasElement: HTMLElement, name: string, bytes = 2_874_112) {
  const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No file input.');
  const file = new File([new Uint8Array(Math.min(bytes, 4096))], name);
  Object.defineProperty(file, 'size', { value: bytes });
  await userEvent.upload(input, file);
}

export const Empty: Story = {
  beforeEach: ({ msw }) => msw.use(officeHandlers.noDocuments),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Office tools' }),
    ).toBeVisible();
    await expect(await canvas.findByText(/up to 25 MB and 300 pages/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Choose a file' })).toBeEnabled();
    await expect(await canvas.findByRole('heading', { name: 'No documents yet' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Generate a document' })).toBeVisible();
  },
};

export const ReadingScannedPages: Story = {
  beforeEach: ({ msw }) => msw.use(officeHandlers.noDocuments, officeHandlers.uploadRunning),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: 'Choose a file' });
    await choose(canvasElement, 'Bao-cao-quy-III-2026.pdf');
    await expect(await canvas.findByText('Reading Bao-cao-quy-III-2026.pdf')).toBeVisible();
    const bar = await canvas.findByRole('progressbar', {
      name: 'Reading scanned pages: 1 of 2',
    });
    await expect(bar).toHaveAttribute('aria-valuenow', '45');
    await expect(canvas.getByRole('button', { name: 'Choose a file' })).toBeDisabled();
  },
};

export const ReadingCancelled: Story = {
  beforeEach: ReadingScannedPages.beforeEach,
  play: async (context) => {
    await ReadingScannedPages.play?.(context);
    const canvas = within(context.canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(await canvas.findByText('Reading was cancelled.')).toBeVisible();
  },
};

export const ReadResult: Story = {
  beforeEach: ({ msw }) => msw.use(officeHandlers.noDocuments),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: 'Choose a file' });
    await choose(canvasElement, 'Bao-cao-quy-III-2026.pdf');
    const view = await canvas.findByRole(
      'region',
      { name: 'Báo cáo kết quả kinh doanh quý III/2026' },
      { timeout: 6000 },
    );
    await expect(within(view).getByText('12 pages')).toBeVisible();
    await expect(within(view).getByText('2 read from scans')).toBeVisible();
    await expect(within(view).getByRole('tab', { name: 'Ask & summarise' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(within(view).getByRole('button', { name: 'Summarise' })).toBeEnabled();
  },
};

export const AnswerStreaming: Story = {
  args: { initialDocument: report },
  beforeEach: ({ msw }) => msw.use(officeHandlers.askSlow),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const question = await canvas.findByRole('textbox', { name: 'Ask the document' });
    await userEvent.type(question, 'How did the South do?');
    await userEvent.click(canvas.getByRole('button', { name: 'Ask' }));
    await expect(
      await canvas.findByRole('button', { name: 'Open p. 3 in the viewer' }, { timeout: 6000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Stop' })).toBeVisible();
    await expect(canvas.getByText('“How did the South do?”')).toBeVisible();
    // Every word the slow answer sends before it holds (its last citation), so the picture is the
    // same whenever it is taken: matching an earlier word let the screenshot catch the answer one
    // line short.
    await waitFor(() => expect(canvasElement.textContent).toMatch(/grew fastest\s*p\.\s*3\./), {
      timeout: 6000,
    });
  },
};

export const AnswerStopped: Story = {
  ...AnswerStreaming,
  play: async (context) => {
    await AnswerStreaming.play?.(context);
    const canvas = within(context.canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Stop' }));
    await expect(await canvas.findByText('Stopped')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Stop' })).toBeNull();
  },
};

/** The answer stops with an error: 'No answer: …' under the question, the half-written text gone. */
export const AnswerFailed: Story = {
  args: { initialDocument: report },
  beforeEach: ({ msw }) => msw.use(officeHandlers.askFails),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const question = await canvas.findByRole('textbox', { name: 'Ask the document' });
    await userEvent.type(question, 'How did the South do?');
    await userEvent.click(canvas.getByRole('button', { name: 'Ask' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'No answer: The model stopped answering. Please try again.',
    );
    await expect(canvas.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Ask' })).toBeEnabled();
  },
};

/** Today's pages are used up when asking: the allowance notice with Get more with Pro. */
export const AnswerQuotaReached: Story = {
  args: { initialDocument: report },
  beforeEach: ({ msw }) => msw.use(officeHandlers.askQuota),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Summarise' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent("You have read all 200 pages of today's allowance.");
    await expect(within(alert).getByRole('button', { name: 'Get more with Pro' })).toBeVisible();
  },
};

export const SummaryWithCitations: Story = {
  args: { initialDocument: report },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The kept summary, then a new one written to its end.
    await expect(await canvas.findByText('Summary', {}, { timeout: 6000 })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Summarise' }));
    await waitFor(() => expect(canvas.getAllByRole('button', { name: 'Copy' })).toHaveLength(2), {
      timeout: 6000,
    });
    await expect(canvas.getAllByRole('button', { name: 'Open p. 10 in the viewer' })).toHaveLength(
      2,
    );
  },
};

export const CitationOpensThePage: Story = {
  args: { initialDocument: report },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const citation = await canvas.findByRole(
      'button',
      { name: 'Open p. 4 in the viewer' },
      { timeout: 6000 },
    );
    await userEvent.click(citation);
    await expect(canvas.getByRole('tab', { name: 'Viewer' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const page = await canvas.findByRole('region', { name: 'p. 4' });
    await expect(within(page).getByText('Read from a scan')).toBeVisible();
    await expect(
      await within(page).findByRole('img', { name: 'Page 4 as it looks in the file' }),
    ).toBeVisible();
    const cited = canvasElement.querySelector('[data-cited]');
    await expect(cited).toHaveTextContent('Bảng 1. Doanh thu theo vùng');
    await expect(within(page).getByRole('region', { name: 'p. 4, table 1' })).toBeVisible();
  },
};

export const Viewer: Story = {
  args: { initialDocument: { id: 'doc-report', tab: 'viewer' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const picker = await canvas.findByRole('combobox', { name: 'Part' }, { timeout: 6000 });
    await userEvent.selectOptions(picker, '2');
    const page = await canvas.findByRole('region', { name: 'p. 2' });
    // The contents' list nests its sub-items.
    await expect(within(page).getByRole('heading', { name: 'Mục lục' })).toBeVisible();
    const lists = within(page).getAllByRole('list');
    await expect(lists).toHaveLength(2);
    await expect(within(lists[1] as HTMLElement).getByText('Miền Nam')).toBeVisible();
  },
};

export const Tables: Story = {
  args: { initialDocument: { id: 'doc-sales', tab: 'tables' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Tables' }, { timeout: 6000 });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await expect(
      within(list).getByRole('heading', { name: 'Table 1 · Sales sheet' }),
    ).toBeVisible();
    await expect(
      within(list).getByRole('button', { name: 'Download Table 2 · Regions sheet as XLSX' }),
    ).toBeVisible();
    await expect(within(list).getByText('5 rows × 6 columns')).toBeVisible();
  },
};

export const TranslationRunning: Story = {
  args: { initialDocument: { id: 'doc-report', tab: 'transform' } },
  beforeEach: ({ msw }) => msw.use(officeHandlers.translationsRunning),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'To English' }, { timeout: 6000 }),
    );
    await expect(
      await canvas.findByRole('progressbar', { name: 'Translating' }, { timeout: 6000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'To Vietnamese' })).toBeDisabled();
  },
};

export const ConversionDone: Story = {
  args: { initialDocument: { id: 'doc-report', tab: 'transform' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: 'To MD' }, { timeout: 6000 }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'To DOCX' }));
    await expect(
      await canvas.findByText('Bao-cao-quy-III-2026.docx is ready.', {}, { timeout: 6000 }),
    ).toBeVisible();
    // The new document joins the list, saying where it came from.
    const list = await canvas.findByRole('list', { name: 'Your documents' });
    await expect(
      await within(list).findByText('Converted from Bao-cao-quy-III-2026.pdf'),
    ).toBeVisible();
  },
};

/** A workbook of two tables: CSV holds one, and the panel says which and where the other is. */
export const ConvertSeveralTablesToCsv: Story = {
  args: { initialDocument: { id: 'doc-sales', tab: 'transform' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: 'To CSV' }, { timeout: 6000 }),
    ).toBeVisible();
    await expect(
      canvas.getByText(
        /A CSV file holds one table: this takes the first of its 2 tables\. Every table downloads as CSV from Tables\./,
      ),
    ).toBeVisible();
  },
};

export const Generation: Story = {
  beforeEach: ({ msw }) => msw.use(officeHandlers.sandboxCatalogue),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/laid out from your words, not written by an AI/),
    ).toBeVisible();
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Document' }), 'pptx');
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'What should it contain?' }),
      'Kế hoạch ra mắt ứng dụng',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Generate' }));
    await expect(
      await canvas.findByRole('region', { name: 'Kế hoạch ra mắt ứng dụng' }, { timeout: 6000 }),
    ).toBeVisible();
    await expect(canvas.getByText('Trinh-chieu-moi.pptx is ready and open above.')).toBeVisible();
  },
};

export const GenerationWithoutPrompt: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Generate' }));
    await expect(await canvas.findByText('Describe the document to generate.')).toBeVisible();
  },
};

/** A file chosen, then refused by the reader: the refusal in words. */
function refusedPlay(name: string, words: string | RegExp): Story['play'] {
  return async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: 'Choose a file' });
    await choose(canvasElement, name, 40_000);
    const alert = await canvas.findByRole('alert', {}, { timeout: 6000 });
    await expect(alert).toHaveTextContent(words);
  };
}

const refusedBy =
  (refusal: OfficeRefusal): Story['beforeEach'] =>
  ({ msw }) =>
    msw.use(officeHandlers.noDocuments, officeHandlers.uploadRefused(refusal));

export const RefusedZipBomb: Story = {
  beforeEach: refusedBy('bomb'),
  play: refusedPlay(
    'So-lieu.xlsx',
    'This file unpacks to far more than it holds, so it was not opened.',
  ),
};
export const RefusedEncrypted: Story = {
  beforeEach: refusedBy('encrypted'),
  play: refusedPlay(
    'Hop-dong.docx',
    'This file is protected with a password: remove the password and upload it again.',
  ),
};
export const RefusedLegacy: Story = {
  beforeEach: refusedBy('legacy'),
  play: refusedPlay('Bao-cao.pptx', /Save it as DOCX\/XLSX\/PPTX/),
};
export const RefusedTooManyPages: Story = {
  beforeEach: refusedBy('too-many-pages'),
  play: refusedPlay('Luan-van.pdf', /more than 300 pages/),
};

export const TooLargeBeforeUpload: Story = {
  beforeEach: ({ msw }) => msw.use(officeHandlers.noDocuments),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: 'Choose a file' });
    await choose(canvasElement, 'Video-hop.pdf', 80 * 1024 * 1024);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'This file is larger than 25 MB, the most that can be uploaded.',
    );
  },
};

export const AllowanceReached: Story = {
  beforeEach: ({ msw }) => msw.use(officeHandlers.noDocuments, officeHandlers.uploadQuota),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: 'Choose a file' });
    await choose(canvasElement, 'Bao-cao-quy-III-2026.pdf');
    const alert = await canvas.findByRole('alert', {}, { timeout: 6000 });
    await expect(alert).toHaveTextContent("You have read all 200 pages of today's allowance.");
    await expect(within(alert).getByRole('button', { name: 'Get more with Pro' })).toBeVisible();
  },
};

export const Visitor: Story = {
  args: { account: null },
  parameters: { app: { route: '/office-tools' } },
  beforeEach: ({ msw }) => msw.use(officeHandlers.visitorDocuments),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('You are not signed in, so your documents are kept for a day.'),
    ).toBeVisible();
    const list = await canvas.findByRole('list', { name: 'Your documents' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    await expect(within(list).getByText('Translated from Bao-cao-quy-III-2026.pdf')).toBeVisible();
  },
};

export const DeleteADocument: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Your documents' });
    await userEvent.click(
      within(list).getByRole('button', { name: 'Delete Ke-hoach-ra-mat-app.pptx' }),
    );
    const dialog = await within(document.body).findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    // The picture shows the toast that says so (it is there whenever the picture is taken).
    await expect(await within(document.body).findByText('Document deleted')).toBeVisible();
  },
};

/** The server refuses the deletion: the document comes back and a toast says it was not deleted. */
export const DeleteRefused: Story = {
  beforeEach: ({ msw }) =>
    msw.use(http.delete('*/api/office/documents/:id', () => failWith(serverError, 500))),
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole('list', { name: 'Your documents' });
    await userEvent.click(
      within(list).getByRole('button', { name: 'Delete Ke-hoach-ra-mat-app.pptx' }),
    );
    const dialog = await within(document.body).findByRole('alertdialog', {
      name: 'Delete this document?',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await findToast('The document could not be deleted.');
    await findToast(serverError);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
  },
};

/** A phone: the upload, the document and its tools, and the documents in one column. */
export const PhoneWidth: Story = {
  args: { initialDocument: { id: 'doc-report', tab: 'viewer' } },
  parameters: { screen: { width: 390, height: 844 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const picker = await canvas.findByRole('combobox', { name: 'Part' }, { timeout: 6000 });
    await userEvent.selectOptions(picker, '7');
    // The wide table scrolls in its own frame, not the page.
    const frame = await canvas.findByRole('region', { name: 'p. 7, table 1' });
    await expect(frame.scrollWidth).toBeGreaterThanOrEqual(frame.clientWidth);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(
      document.documentElement.clientWidth + 1,
    );
  },
};

export const Vietnamese: Story = {
  args: { initialDocument: report },
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Công cụ văn phòng' }),
    ).toBeVisible();
    await expect(
      await canvas.findByRole('tab', { name: 'Hỏi & tóm tắt' }, { timeout: 6000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Tóm tắt' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Hỏi tài liệu' })).toBeVisible();
    const chips = await canvas.findAllByRole(
      'button',
      { name: 'Mở Trang 3 trong trình xem' },
      { timeout: 6000 },
    );
    await expect(chips[0]).toBeVisible();
    await expect(canvas.getByText('2 trang đọc từ bản quét')).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Tạo tài liệu' })).toBeVisible();
  },
};
