import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { useState } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  memoryVisitorStorage,
  unavailableVisitorStorage,
} from '../../../lib/visitor/memoryStorage';
import { VisitorStorageContext } from '../../../lib/visitor/useVisitorCollection';
import { VISITOR_IMAGES } from '../../../lib/visitor/collections';
import { libraryHandlers } from '../../../mocks/handlers/library';
import { resetVisionMocks, visionHandlers } from '../../../mocks/handlers/vision';
import { failWith, serverError } from '../../../mocks/responses';
import { noticeSample, receiptSample, type VisionSample } from '../../../mocks/vision/samples';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { findToast } from '../../../testing/storyHelpers';
import { VisionPage } from './VisionPage';

/** A visitor's kept pictures in memory (none), so no story leaves pictures for the next. */
const visitorPictures: Decorator = function VisitorPictures(Story) {
  const [storage] = useState(() => memoryVisitorStorage({ [VISITOR_IMAGES]: [] }));
  return (
    <VisitorStorageContext value={storage}>
      <Story />
    </VisitorStorageContext>
  );
};

const meta = {
  title: 'App/Vision/VisionPage',
  component: VisionPage,
  decorators: [visitorPictures, withAppProviders],
  beforeEach: (context) => {
    resetVisionMocks();
    applyAppHandlers(context);
    // A visitor starts with no reads; stories that want some say so.
    context.msw.use(visionHandlers.noReads);
  },
  args: { account: null },
  parameters: { app: { route: '/vision' } },
} satisfies Meta<typeof VisionPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const signedIn = {
  args: { account: 'user-linh' },
  parameters: { app: { route: '/vision', auth: 'signedIn' } },
} as const;

const fileOf = (sample: VisionSample) =>
  new File([Uint8Array.from(atob(sample.png), (char) => char.charCodeAt(0))], sample.fileName, {
    type: 'image/png',
  });

/** Chooses a file as the button's file chooser would (accept not applied: bad input too). */
async function upload(canvasElement: HTMLElement, file: File, readLabel = 'Read the text') {
  const canvas = within(canvasElement);
  await canvas.findByRole('button', { name: readLabel });
  const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No file input.');
  await userEvent.setup({ applyAccept: false }).upload(input, file);
}

/** The chosen picture's preview, drawn. */
async function chosen(canvasElement: HTMLElement, name: string) {
  const preview = await within(canvasElement).findByRole('img', {
    name: `The picture to read: ${name}`,
  });
  await waitFor(() => expect((preview as HTMLImageElement).complete).toBe(true));
}

async function readIt(canvasElement: HTMLElement, sample: VisionSample = receiptSample) {
  await upload(canvasElement, fileOf(sample));
  await chosen(canvasElement, sample.fileName);
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Read the text' }));
}

/** The result once its picture is drawn under the boxes. */
async function result(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const section = await canvas.findByRole('region', { name: 'What was read' }, { timeout: 8000 });
  await waitFor(() => {
    const picture = section.querySelector('img');
    return expect(picture?.complete && picture.naturalWidth > 0).toBe(true);
  });
  return within(section);
}

export const EmptyPage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Read the text in a picture' }),
    ).toBeVisible();
    await expect(await canvas.findByText('Drop a picture here')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Choose a picture' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Pick from your library' })).toBeEnabled();
    await expect(canvas.getByRole('radio', { name: /^English and Vietnamese/ })).toBeChecked();
    await expect(canvas.getByText('PNG, JPEG, WebP or GIF, up to 10 MB.')).toBeVisible();
    await expect(canvas.getByText(/Read on our server, offline, by Tesseract 5/)).toBeVisible();
    await expect(canvas.getByText('18 of 20 pictures left today.')).toBeVisible();
    await expect(await canvas.findByRole('heading', { name: 'No reads yet' })).toBeVisible();
    await expect(
      canvas.getByText(
        'You are not signed in, so your pictures are kept for a day. Sign in to keep them.',
      ),
    ).toBeVisible();
    // Reading with no picture says what to do.
    await userEvent.click(canvas.getByRole('button', { name: 'Read the text' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Choose a picture to read: upload one, paste it, or pick one from your library.',
    );
  },
};

export const PictureChosen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await upload(canvasElement, fileOf(receiptSample));
    await chosen(canvasElement, 'receipt.png');
    await expect(canvas.getByText('receipt.png')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Choose another picture' })).toBeVisible();
    await userEvent.click(canvas.getByRole('radio', { name: 'English' }));
    await expect(canvas.getByRole('radio', { name: 'English' })).toBeChecked();
  },
};

export const ReadingWithProgress: Story = {
  beforeEach: ({ msw }) => msw.use(visionHandlers.running),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await readIt(canvasElement);
    const bar = await canvas.findByRole('progressbar', { name: 'Reading the text…' });
    await expect(bar).toHaveAttribute('aria-valuenow', '30');
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Choose another picture' })).toBeDisabled();
  },
};

export const Cancelled: Story = {
  beforeEach: ({ msw }) => msw.use(visionHandlers.running),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await readIt(canvasElement);
    await canvas.findByRole('progressbar', { name: 'Reading the text…' });
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(await canvas.findByText('Cancelled. Nothing was read.')).toBeVisible();
    await expect(canvas.queryByRole('progressbar')).not.toBeInTheDocument();
  },
};

export const ResultEnglish: Story = {
  play: async ({ canvasElement }) => {
    await readIt(canvasElement);
    const section = await result(canvasElement);
    await expect(section.getByText('Read with 94 % confidence')).toBeVisible();
    await expect(section.getByText(/Iced coffee 2 4\.50/)).toBeVisible();
    const words = section.getByRole('listbox', { name: 'Words in the picture' });
    await expect(within(words).getAllByRole('option')).toHaveLength(15);
    // A click takes one word; Shift with the arrow keys takes the next ones.
    await userEvent.click(within(words).getByRole('option', { name: 'Iced, 87 % sure' }));
    await userEvent.keyboard('{Shift>}{ArrowRight}{ArrowRight}{/Shift}');
    await expect(section.getByText('Words selected: 3')).toBeVisible();
    await expect(within(words).getByRole('option', { name: 'coffee, 95 % sure' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(section.getByRole('button', { name: 'Copy the selected words' })).toBeVisible();
    // Hiding the boxes keeps the words selectable.
    await userEvent.click(section.getByRole('checkbox', { name: "Show the words' boxes" }));
    await expect(
      section.getByRole('checkbox', { name: "Show the words' boxes" }),
    ).not.toBeChecked();
  },
};

export const ResultVietnamese: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await upload(canvasElement, fileOf(noticeSample));
    await chosen(canvasElement, noticeSample.fileName);
    await userEvent.click(canvas.getByRole('radio', { name: 'Vietnamese' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Read the text' }));
    const section = await result(canvasElement);
    await expect(section.getByText('Read with 95 % confidence')).toBeVisible();
    await expect(section.getByText(/Thư viện mở cửa từ 8 giờ sáng/)).toBeVisible();
    await expect(section.getByText('Read by Tesseract 5 (offline) in Vietnamese.')).toBeVisible();
    // Not a table: nothing to download as one.
    await expect(section.queryByText('Download the table')).not.toBeInTheDocument();
    await expect(section.getByRole('button', { name: 'Download as .txt' })).toBeVisible();
  },
};

export const TableDownloadOffered: Story = {
  play: async ({ canvasElement }) => {
    await readIt(canvasElement);
    const section = await result(canvasElement);
    const table = section.getByRole('group', { name: 'Download the table' });
    await expect(within(table).getByRole('button', { name: 'CSV' })).toBeVisible();
    await expect(within(table).getByRole('button', { name: 'Excel (XLSX)' })).toBeVisible();
  },
};

export const AnswerComplete: Story = {
  play: async ({ canvasElement }) => {
    await readIt(canvasElement);
    const section = await result(canvasElement);
    await expect(section.getByText('Answers come from GPT-4o mini.')).toBeVisible();
    await userEvent.click(section.getByRole('button', { name: 'To Vietnamese' }));
    const answers = await section.findByRole('list', { name: 'Answers' });
    await expect(
      await within(answers).findByText(/QUÁN CÀ PHÊ GÓC PHỐ/, undefined, { timeout: 5000 }),
    ).toBeVisible();
    await expect(
      await within(answers).findByRole('button', { name: /^Copy the answer/ }),
    ).toBeVisible();
    await expect(within(answers).getByText('By GPT-4o mini')).toBeVisible();
  },
};

export const AnswerStreaming: Story = {
  beforeEach: ({ msw }) => msw.use(visionHandlers.slowAnswers),
  play: async ({ canvasElement }) => {
    await readIt(canvasElement);
    const section = await result(canvasElement);
    await userEvent.click(section.getByRole('button', { name: 'Describe' }));
    const answers = await section.findByRole('list', { name: 'Answers' });
    // Every word the answer sends before it waits, so the picture holds still.
    await expect(
      await within(answers).findByText(/A café receipt from “Corner Cafe”:$/),
    ).toBeVisible();
    await expect(within(answers).getByText('Answering…')).toBeVisible();
    await expect(within(answers).getByRole('button', { name: 'Stop' })).toBeVisible();
    // One answer at a time.
    await expect(section.getByRole('button', { name: 'Describe' })).toBeDisabled();
  },
};

export const AnswerStopped: Story = {
  beforeEach: ({ msw }) => msw.use(visionHandlers.slowAnswers),
  play: async ({ canvasElement }) => {
    await readIt(canvasElement);
    const section = await result(canvasElement);
    await userEvent.type(section.getByLabelText('Your question about the picture'), 'Total?');
    await userEvent.click(section.getByRole('button', { name: 'Ask' }));
    const answers = await section.findByRole('list', { name: 'Answers' });
    await within(answers).findByText(/Two iced coffees at 4\.50 and$/);
    await userEvent.click(within(answers).getByRole('button', { name: 'Stop' }));
    await expect(
      await within(answers).findByText('Stopped: the answer is as far as it got.'),
    ).toBeVisible();
    await expect(within(answers).getByText('Question: Total?')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Ask' })).toBeEnabled();
  },
};

export const AnswerFailed: Story = {
  beforeEach: ({ msw }) => msw.use(visionHandlers.failingAnswers),
  play: async ({ canvasElement }) => {
    await readIt(canvasElement);
    const section = await result(canvasElement);
    await userEvent.click(section.getByRole('button', { name: 'Describe' }));
    await expect(await section.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'The answer failed. The model stopped answering. Try again in a moment.',
    );
  },
};

export const NoVisionModel: Story = {
  beforeEach: ({ msw }) => msw.use(visionHandlers.noVisionModel),
  play: async ({ canvasElement }) => {
    await readIt(canvasElement);
    const section = await result(canvasElement);
    await expect(
      section.getByText(/None of the models open to you can see pictures/),
    ).toBeVisible();
    await expect(section.getByRole('button', { name: 'Describe' })).toBeDisabled();
    await expect(section.getByRole('button', { name: 'Ask' })).toBeDisabled();
    await expect(section.getByLabelText('Your question about the picture')).toBeDisabled();
    await expect(section.getByRole('button', { name: 'To English' })).toBeEnabled();
  },
};

export const DemoModel: Story = {
  beforeEach: ({ msw }) => msw.use(visionHandlers.demoModel, visionHandlers.demoAnswers),
  play: async ({ canvasElement }) => {
    await readIt(canvasElement);
    const section = await result(canvasElement);
    await expect(section.getByText(/Answers come from a demo model \(Studio demo\)/)).toBeVisible();
  },
};

export const AllowanceReached: Story = {
  beforeEach: ({ msw }) => msw.use(visionHandlers.quotaReached),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await readIt(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      /You have read all 20 of today's pictures\. It starts again/,
    );
    await expect(canvas.getByRole('button', { name: 'See the Pro plan' })).toBeVisible();
    await expect(canvas.queryByRole('region', { name: 'What was read' })).not.toBeInTheDocument();
  },
};

/** The read job itself fails: 'Nothing was read: …' with the server's reason, and no result. */
export const ReadFailed: Story = {
  beforeEach: ({ msw }) => msw.use(visionHandlers.fails),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await readIt(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Nothing was read: The picture could not be read: it may be damaged. Try another picture.',
    );
    await expect(canvas.queryByRole('progressbar')).not.toBeInTheDocument();
    await expect(canvas.queryByRole('region', { name: 'What was read' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Read the text' })).toBeEnabled();
  },
};

export const NotAPicture: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await upload(
      canvasElement,
      new File(['Not a picture'], 'notes.pdf', { type: 'application/pdf' }),
    );
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      '“notes.pdf” is not a picture. Choose a PNG, JPEG, WebP or GIF.',
    );
    await expect(canvas.getByText('Drop a picture here')).toBeVisible();
  },
};

export const TooLarge: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const big = new File([new Uint8Array(12 * 1_048_576)], 'scan.png', { type: 'image/png' });
    await upload(canvasElement, big);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      '“scan.png” is too large (12 MB): pictures up to 10 MB can be read.',
    );
  },
};

export const VisitorWithReads: Story = {
  beforeEach: ({ msw }) => msw.use(visionHandlers.visitorReads),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Your reads' });
    await expect(within(list).getByRole('heading', { name: 'THÔNG BÁO' })).toBeVisible();
    await expect(
      canvas.getByText(
        'You are not signed in, so your pictures are kept for a day. Sign in to keep them.',
      ),
    ).toBeVisible();
    await userEvent.click(within(list).getByRole('button', { name: 'Open thong-bao.png' }));
    const section = await result(canvasElement);
    await expect(
      section.getByText(/Kept until .*, then deleted\. Sign in to keep it\./),
    ).toBeVisible();
  },
};

export const SignedInHistory: Story = {
  ...signedIn,
  beforeEach: ({ msw }) => msw.use(visionHandlers.reads),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Your reads' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await expect(canvas.queryByText(/your pictures are kept for a day/)).not.toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Open thong-bao.png' }));
    const section = await result(canvasElement);
    const answers = section.getByRole('list', { name: 'Answers' });
    await expect(within(answers).getAllByRole('listitem')).toHaveLength(2);
    await expect(within(answers).getByText('Translation into English')).toBeVisible();
  },
};

export const DeleteConfirmed: Story = {
  ...signedIn,
  beforeEach: ({ msw }) => msw.use(visionHandlers.reads),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Your reads' });
    await userEvent.click(
      within(list).getByRole('button', { name: 'Delete the read of receipt.png' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this read?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    await expect(await screen.findByText('The read was deleted.')).toBeVisible();
  },
};

/**
 * The server refuses the deletion: the read comes back and a toast says it could not be deleted.
 * (The notice, not the receipt: DeleteConfirmed's deletion stays in the shared handler.)
 */
export const DeleteRefused: Story = {
  ...signedIn,
  beforeEach: ({ msw }) =>
    msw.use(
      visionHandlers.reads,
      http.delete('*/api/vision/reads/:id', () => failWith(serverError, 500)),
    ),
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole('list', { name: 'Your reads' });
    const count = within(list).getAllByRole('listitem').length;
    await userEvent.click(
      within(list).getByRole('button', { name: 'Delete the read of thong-bao.png' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this read?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await findToast('The read could not be deleted.');
    await findToast(serverError);
    // Back where it was (the list is drawn anew).
    await waitFor(() => {
      const again = within(canvasElement).getByRole('list', { name: 'Your reads' });
      expect(within(again).getAllByRole('listitem')).toHaveLength(count);
      expect(
        within(again).getByRole('button', { name: 'Delete the read of thong-bao.png' }),
      ).toBeVisible();
    });
  },
};

export const HistoryEmpty: Story = {
  ...signedIn,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'No reads yet' })).toBeVisible();
    await expect(
      canvas.getByText('The pictures you read appear here, with their text and answers.'),
    ).toBeVisible();
  },
};

export const PickFromLibrary: Story = {
  ...signedIn,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Pick from your library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pick a picture from your library' });
    const first = (await within(dialog).findAllByRole('button', { name: /^Read this picture/ }))[0];
    if (!first) throw new Error('No picture to pick.');
    await userEvent.click(first);
    await expect(await canvas.findByText('From your library')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Read the text' }));
    await result(canvasElement);
  },
};

/** Opens 'Pick a picture from your library' and returns the dialog. */
async function openPicker(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: 'Pick from your library' }));
  const dialog = await screen.findByRole('dialog', { name: 'Pick a picture from your library' });
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
}

/** The library's pictures are on their way: the picker shows its placeholders. */
export const PickerLoading: Story = {
  ...signedIn,
  beforeEach: ({ msw }) => msw.use(libraryHandlers.pending),
  play: async ({ canvasElement }) => {
    const dialog = await openPicker(canvasElement);
    await expect(within(dialog).getByRole('status')).toHaveTextContent('Loading your pictures…');
  },
};

/** No pictures made yet: the picker says 'No pictures yet' and where they come from. */
export const PickerEmpty: Story = {
  ...signedIn,
  beforeEach: ({ msw }) => msw.use(libraryHandlers.empty),
  play: async ({ canvasElement }) => {
    const dialog = await openPicker(canvasElement);
    await expect(
      await within(dialog).findByRole('heading', { name: 'No pictures yet' }),
    ).toBeVisible();
  },
};

/** The library cannot be read: 'Your pictures could not be loaded.' with Try again. */
export const PickerLoadFailed: Story = {
  ...signedIn,
  beforeEach: ({ msw }) => msw.use(libraryHandlers.failure),
  play: async ({ canvasElement }) => {
    const dialog = await openPicker(canvasElement);
    const alert = await within(dialog).findByRole('alert');
    await expect(alert).toHaveTextContent('Your pictures could not be loaded.');
    await expect(alert).toHaveTextContent(serverError);
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** A visitor in a browser that keeps nothing (a private window): the picker says so. */
export const PickerBrowserKeepsNothing: Story = {
  decorators: [
    (Story) => (
      <VisitorStorageContext value={unavailableVisitorStorage}>
        <Story />
      </VisitorStorageContext>
    ),
  ],
  play: async ({ canvasElement }) => {
    const dialog = await openPicker(canvasElement);
    const alert = await within(dialog).findByRole('alert');
    await expect(alert).toHaveTextContent('This browser keeps nothing');
    await expect(alert).toHaveTextContent('Sign in to keep them in your account.');
  },
};

export const CatalogueFailed: Story = {
  beforeEach: ({ msw }) => msw.use(visionHandlers.catalogueFailure),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      /The vision tool could not be loaded/,
    );
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** A phone: the picture above its text, the actions wrapping. */
export const PhoneWidth: Story = {
  parameters: { screen: { width: 390, height: 844 } },
  play: async ({ canvasElement }) => {
    await readIt(canvasElement, noticeSample);
    const section = await result(canvasElement);
    await expect(section.getByRole('button', { name: 'Describe' })).toBeVisible();
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Đọc chữ trong ảnh' }),
    ).toBeVisible();
    await upload(canvasElement, fileOf(noticeSample), 'Đọc chữ');
    await userEvent.click(canvas.getByRole('button', { name: 'Đọc chữ' }));
    const section = within(
      await canvas.findByRole('region', { name: 'Chữ đọc được' }, { timeout: 8000 }),
    );
    await expect(section.getByText('Độ tin cậy khi đọc: 95 %')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Mô tả' })).toBeVisible();
    await expect(section.getByRole('button', { name: 'Hỏi về ảnh' })).toBeVisible();
    await expect(section.getByRole('button', { name: 'Sang tiếng Anh' })).toBeVisible();
    await waitFor(() => {
      const picture = canvasElement.querySelector('section img');
      return expect(picture instanceof HTMLImageElement && picture.complete).toBe(true);
    });
  },
};
