import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { useState } from 'react';
import { expect, fireEvent, screen, userEvent, waitFor, within } from 'storybook/test';
import { VISITOR_WRITINGS } from '../../../lib/visitor/collections';
import { memoryVisitorStorage } from '../../../lib/visitor/memoryStorage';
import { VisitorStorageContext } from '../../../lib/visitor/useVisitorCollection';
import { resetWriterMocks, sampleBlogPost, writerHandlers } from '../../../mocks/handlers/writer';
import { failWith, serverError } from '../../../mocks/responses';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { newVisitorWriting } from '../model/documents';
import { WriterPage } from './WriterPage';

/** A visitor's documents in memory (none), so no story leaves documents for the next. */
const visitorDocuments: Decorator = function VisitorDocuments(Story, context) {
  const [storage] = useState(() =>
    memoryVisitorStorage({
      [VISITOR_WRITINGS]:
        context.parameters['visitorWritings'] === 'one'
          ? [
              {
                item: newVisitorWriting(
                  { kind: 'generate', content: sampleBlogPost, template: 'blog-post' },
                  'en',
                  'Untitled',
                  new Date('2026-11-27T09:30:00.000Z'),
                ),
              },
            ]
          : [],
    }),
  );
  return (
    <VisitorStorageContext value={storage}>
      <Story />
    </VisitorStorageContext>
  );
};

const meta = {
  title: 'App/Writer/WriterPage',
  component: WriterPage,
  decorators: [visitorDocuments, withAppProviders],
  beforeEach: (context) => {
    resetWriterMocks();
    applyAppHandlers(context);
  },
  // A visitor's versions are dated by this clock, so the pictures stay the same.
  args: { account: null, now: () => new Date('2026-11-27T10:00:00.000Z') },
  parameters: { app: { route: '/content-writer' } },
} satisfies Meta<typeof WriterPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const signedIn = {
  args: { account: 'user-linh', now: () => new Date('2026-11-27T10:00:00.000Z') },
  parameters: { app: { route: '/content-writer', auth: 'signedIn' } },
} as const;

/** The page once its templates have loaded. */
async function ready(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await canvas.findByRole('button', { name: 'Write' }, { timeout: 8000 });
  return canvas;
}

/** Fills in the blog post's topic and writes. */
async function writeBlogPost(canvasElement: HTMLElement) {
  const canvas = await ready(canvasElement);
  await userEvent.type(canvas.getByRole('textbox', { name: /^Topic/ }), 'Coffee at home');
  await userEvent.click(canvas.getByRole('button', { name: 'Write' }));
  return canvas;
}

/** The slow stream's words before it waits: the pictures show all of them. */
const slowWords = '# Slow mornings: brewing coffee at home\n\nGood ';

const editor = (canvas: ReturnType<typeof within>) =>
  canvas.getByRole('textbox', { name: /^Your text \(Markdown\)/ }) as HTMLTextAreaElement;

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Content writer' })).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Template' })).toHaveValue('blog-post');
    await expect(canvas.getByText('18 of 20 pieces of writing left today.')).toBeVisible();
    await expect(canvas.getByText('0 words')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Change the whole text' })).toBeDisabled();
    await expect(await canvas.findByRole('heading', { name: 'No documents yet' })).toBeVisible();
    // Writing without the required topic says what is missing.
    await userEvent.click(canvas.getByRole('button', { name: 'Write' }));
    await expect(await canvas.findByText('Fill in “Topic”: this template needs it.')).toBeVisible();
  },
};

export const Streaming: Story = {
  beforeEach: ({ msw }) => msw.use(writerHandlers.slowGenerations),
  play: async ({ canvasElement }) => {
    const canvas = await writeBlogPost(canvasElement);
    await expect(await canvas.findByText('Writing…')).toBeVisible();
    await waitFor(() => expect(editor(canvas).value).toBe(slowWords));
    await expect(editor(canvas)).toHaveAttribute('readonly');
    await expect(canvas.getByRole('button', { name: 'Stop' })).toBeEnabled();
    await expect(canvas.getByRole('combobox', { name: 'Template' })).toBeDisabled();
  },
};

export const Result: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await writeBlogPost(canvasElement);
    const preview = await canvas.findByRole('heading', {
      level: 1,
      name: 'Slow mornings: brewing coffee at home',
    });
    await expect(preview).toBeVisible();
    await waitFor(() => expect(editor(canvas).value).toBe(sampleBlogPost));
    await expect(await canvas.findByRole('button', { name: 'Regenerate' })).toBeEnabled();
    const versions = canvas.getByRole('list', { name: 'Versions, newest first' });
    await expect(within(versions).getByText('Version 1')).toBeVisible();
    await expect(within(versions).getByText(/Written as a Blog post/)).toBeVisible();
    // A visitor's document is kept in this browser and listed.
    const documents = await canvas.findByRole('list', { name: 'Your documents' });
    await expect(
      within(documents).getByText('Slow mornings: brewing coffee at home'),
    ).toBeVisible();
    await expect(canvas.getByText(/^\d+ words$/)).toBeVisible();
    await expect(canvas.getByText('1 min read')).toBeVisible();
  },
};

export const Stopped: Story = {
  beforeEach: ({ msw }) => msw.use(writerHandlers.slowGenerations),
  play: async ({ canvasElement }) => {
    const canvas = await writeBlogPost(canvasElement);
    await waitFor(() => expect(editor(canvas).value).toBe(slowWords));
    await userEvent.click(canvas.getByRole('button', { name: 'Stop' }));
    await expect(
      await canvas.findByText('Stopped. What was written so far is kept.'),
    ).toBeVisible();
    await expect(editor(canvas)).not.toHaveAttribute('readonly');
    await expect(canvas.getByRole('button', { name: 'Regenerate' })).toBeEnabled();
    const versions = canvas.getByRole('list', { name: 'Versions, newest first' });
    await expect(await within(versions).findByText('Stopped')).toBeVisible();
  },
};

export const Failed: Story = {
  beforeEach: ({ msw }) => msw.use(writerHandlers.failingGenerations),
  play: async ({ canvasElement }) => {
    const canvas = await writeBlogPost(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Writing failed: The model stopped answering. Try again in a moment.',
    );
    // What came before the failure stays in the editor.
    await expect(editor(canvas).value).toContain('Slow mornings');
  },
};

export const CatalogueFailed: Story = {
  beforeEach: ({ msw }) => msw.use(writerHandlers.catalogueFailure),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'The templates could not be loaded',
    );
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const AllowanceReached: Story = {
  beforeEach: ({ msw }) => msw.use(...writerHandlers.allowanceReached),
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    await expect(canvas.getByText('0 of 20 pieces of writing left today.')).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: /^Topic/ }), 'Coffee');
    await userEvent.click(canvas.getByRole('button', { name: 'Write' }));
    await expect(
      await canvas.findByText(/You have used all 20 of today’s pieces of writing\./),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Upgrade for more' })).toBeVisible();
    await expect(editor(canvas).value).toBe('');
  },
};

export const Visitor: Story = {
  parameters: { visitorWritings: 'one' },
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    await expect(
      canvas.getByText(
        'You are not signed in, so your documents are kept in this browser only. Sign in to keep them in your account.',
      ),
    ).toBeVisible();
    await expect(
      canvas.getByText('Sign in to save your settings as a template and share it with a link.'),
    ).toBeVisible();
    await userEvent.click(
      await canvas.findByRole('button', {
        name: 'Open “Slow mornings: brewing coffee at home”',
      }),
    );
    await waitFor(() => expect(editor(canvas).value).toBe(sampleBlogPost));
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'Slow mornings: brewing coffee at home' }),
    ).toBeVisible();
  },
};

export const TransformSelection: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    const text = 'First line stays.\n\nThis sentence changes.\n\nLast line stays.';
    const box = editor(canvas);
    await userEvent.click(box);
    await userEvent.paste(text);
    const start = text.indexOf('This sentence');
    box.setSelectionRange(start, start + 'This sentence changes.'.length);
    fireEvent.keyUp(box);
    await expect(await canvas.findByText(/22 characters selected/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Change the selected passage' }));
    await waitFor(() =>
      expect(editor(canvas).value).toBe(
        'First line stays.\n\nThis sentence changes, written with care.\n\nLast line stays.',
      ),
    );
    const versions = canvas.getByRole('list', { name: 'Versions, newest first' });
    await expect(await within(versions).findByText(/Rewrite/)).toBeVisible();
  },
};

export const SocialPostLimit: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'Template' }),
      'social-post',
    );
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: /^Network/ }), 'x');
    await userEvent.click(editor(canvas));
    await userEvent.paste('Cold brew season. '.repeat(10));
    await expect(await canvas.findByText('X: 180 of 280 characters')).toBeVisible();
    await userEvent.paste('Cold brew season. '.repeat(6));
    await expect(await canvas.findByText('Over the X limit of 280 characters by 8')).toBeVisible();
  },
};

export const SignedInDocuments: Story = {
  ...signedIn,
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    const documents = await canvas.findByRole('list', { name: 'Your documents' });
    await expect(within(documents).getAllByRole('listitem')).toHaveLength(2);
    await expect(canvas.queryByText(/kept in this browser only/)).not.toBeInTheDocument();
    const saved = await canvas.findByRole('list', { name: 'Your saved templates' });
    await expect(within(saved).getByText('Weekly coffee post')).toBeVisible();
    await userEvent.click(within(saved).getByRole('button', { name: 'Use “Weekly coffee post”' }));
    await expect(canvas.getByRole('textbox', { name: /^Topic/ })).toHaveValue(
      'This week at the roastery',
    );
    await expect(canvas.getByRole('combobox', { name: 'Tone' })).toHaveValue('friendly');
  },
};

/** A template and a document are deleted only once the user says so; the lists lose them. */
export const DeletingAsksFirst: Story = {
  ...signedIn,
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    const saved = await canvas.findByRole('list', { name: 'Your saved templates' });
    await userEvent.click(
      within(saved).getByRole('button', { name: 'Delete “Weekly coffee post”' }),
    );
    const asked = await screen.findByRole('alertdialog', { name: 'Delete “Weekly coffee post”?' });
    await userEvent.click(within(asked).getByRole('button', { name: 'Delete template' }));
    await expect(await canvas.findByText('No saved templates yet.')).toBeVisible();

    const documents = await canvas.findByRole('list', { name: 'Your documents' });
    await userEvent.click(
      within(documents).getByRole('button', { name: 'Delete “Our new cold brew is here”' }),
    );
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Delete “Our new cold brew is here”?',
    });
    await expect(within(dialog).getByText(/every version of it are deleted/)).toBeVisible();
    // Cancelling keeps it; the picture shows the question asked again.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(within(documents).getAllByRole('listitem')).toHaveLength(2));
    await userEvent.click(
      within(documents).getByRole('button', { name: 'Delete “Our new cold brew is here”' }),
    );
    await screen.findByRole('alertdialog', { name: 'Delete “Our new cold brew is here”?' });
  },
};

/** Asks to delete an item of a signed-in list, confirms, and expects the dialog to say why not. */
async function deletionRefused(
  canvasElement: HTMLElement,
  {
    list,
    name,
    confirm,
    failure,
  }: { list: string; name: string; confirm: string; failure: string },
) {
  const canvas = await ready(canvasElement);
  const items = await canvas.findByRole('list', { name: list });
  await userEvent.click(within(items).getByRole('button', { name: `Delete “${name}”` }));
  const dialog = await screen.findByRole('alertdialog', { name: `Delete “${name}”?` });
  await userEvent.click(within(dialog).getByRole('button', { name: confirm }));
  await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
    `${failure}: ${serverError}`,
  );
}

/** The server refuses a document's deletion: the dialog stays open and says why. */
export const DocumentDeleteFailed: Story = {
  ...signedIn,
  beforeEach: ({ msw }) =>
    msw.use(http.delete('*/api/writer/documents/:id', () => failWith(serverError, 500))),
  play: ({ canvasElement }) =>
    deletionRefused(canvasElement, {
      list: 'Your documents',
      name: 'Our new cold brew is here',
      confirm: 'Delete document',
      failure: 'The document could not be deleted',
    }),
};

/** The server refuses a saved template's deletion: the dialog stays open and says why. */
export const TemplateDeleteFailed: Story = {
  ...signedIn,
  beforeEach: ({ msw }) =>
    msw.use(http.delete('*/api/writer/templates/:id', () => failWith(serverError, 500))),
  play: ({ canvasElement }) =>
    deletionRefused(canvasElement, {
      list: 'Your saved templates',
      name: 'Weekly coffee post',
      confirm: 'Delete template',
      failure: 'The template could not be deleted',
    }),
};

/** More documents than a page: the first twenty, then the rest on "Show more documents". */
export const ManyDocuments: Story = {
  ...signedIn,
  beforeEach: () => resetWriterMocks({ notes: 25 }),
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    const documents = await canvas.findByRole('list', { name: 'Your documents' });
    await waitFor(() => expect(within(documents).getAllByRole('listitem')).toHaveLength(20));
    await userEvent.click(canvas.getByRole('button', { name: 'Show more documents' }));
    await waitFor(() => expect(within(documents).getAllByRole('listitem')).toHaveLength(27));
    await expect(
      canvas.queryByRole('button', { name: 'Show more documents' }),
    ).not.toBeInTheDocument();
  },
};

/** Opens the coffee post, which has three versions. */
async function openCoffeePost(canvasElement: HTMLElement) {
  const canvas = await ready(canvasElement);
  await userEvent.click(
    await canvas.findByRole('button', { name: 'Open “Slow mornings: brewing coffee at home”' }),
  );
  const versions = await canvas.findByRole('list', { name: 'Versions, newest first' });
  await waitFor(() => expect(within(versions).getAllByRole('listitem')).toHaveLength(3));
  return { canvas, versions };
}

export const VersionsCompared: Story = {
  ...signedIn,
  play: async ({ canvasElement }) => {
    const { canvas } = await openCoffeePost(canvasElement);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Compare' }), '1');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'with' }), '2');
    await userEvent.click(canvas.getByRole('button', { name: 'Compare side by side' }));
    const compared = canvas.getByRole('group', {
      name: 'Version 1 and version 2 side by side',
    });
    const removed = compared.querySelectorAll('del');
    const added = compared.querySelectorAll('ins');
    await expect(Array.from(removed, (one) => one.textContent).join(' ')).toContain('Good');
    await expect(Array.from(added, (one) => one.textContent).join(' ')).toContain('Great');
  },
};

export const Restored: Story = {
  ...signedIn,
  play: async ({ canvasElement }) => {
    const { canvas, versions } = await openCoffeePost(canvasElement);
    await expect(editor(canvas).value).toContain('a little patience and care');
    await userEvent.click(within(versions).getByRole('button', { name: 'Restore version 1' }));
    await waitFor(() => expect(within(versions).getAllByRole('listitem')).toHaveLength(4));
    await expect(within(versions).getByText(/Restored from version 1/)).toBeVisible();
    await expect(editor(canvas).value).toBe(sampleBlogPost);
    const newest = within(versions).getAllByRole('listitem')[0] as HTMLElement;
    await expect(within(newest).getByText('Current')).toBeVisible();
  },
};

export const SharedTemplate: Story = {
  parameters: { app: { route: '/content-writer?template=share-launch' } },
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement);
    await expect(
      await canvas.findByText(
        'Opened the shared template “Product launch on X”. Fill in what is missing and write.',
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Template' })).toHaveValue('social-post');
    await expect(canvas.getByRole('combobox', { name: /^Network/ })).toHaveValue('x');
    await expect(canvas.getByRole('combobox', { name: 'Tone' })).toHaveValue('playful');
  },
};

export const PhoneWidth: Story = {
  parameters: { screen: { width: 390, height: 844 } },
  play: async ({ canvasElement }) => {
    const canvas = await writeBlogPost(canvasElement);
    await waitFor(() => expect(editor(canvas).value).toBe(sampleBlogPost));
    await canvas.findByRole('button', { name: 'Regenerate' });
    // One column: nothing wider than the screen.
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(390);
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Viết nội dung' }, { timeout: 8000 }),
    ).toBeVisible();
    await expect(await canvas.findByRole('button', { name: 'Viết' })).toBeEnabled();
    await expect(canvas.getByText('Hôm nay còn 18/20 lượt viết.')).toBeVisible();
    await expect(canvas.getByRole('option', { name: 'Bài đăng mạng xã hội' })).toBeInTheDocument();
  },
};
