import { VISITOR_KEY_HEADER } from '@studio/contracts/imageOptions';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { imagesHandlers } from '../../../mocks/handlers/images';
import { server } from '../../../test/server';
import { renderInApp } from '../../../test/render';
import { createMemoryRecords } from '../gallery/store/memoryRecords';
import { createVisitorStore } from '../gallery/visitorStore';
import { VisitorStoreContext } from '../gallery/visitorStoreContext';
import { ImageStudioPage } from './ImageStudioPage';

function renderStudio(tool: 'generator' | 'imagen' | 'anime' = 'imagen', language?: 'vi') {
  const store = createVisitorStore(createMemoryRecords());
  return renderInApp(
    <VisitorStoreContext value={() => Promise.resolve(store)}>
      <ImageStudioPage tool={tool} account={null} />
    </VisitorStoreContext>,
    language ? { language } : {},
  );
}

describe('ImageStudioPage (a visitor)', () => {
  // jsdom has no blob: URLs.
  const { createObjectURL, revokeObjectURL } = URL;
  beforeEach(() => {
    let count = 0;
    URL.createObjectURL = vi.fn(() => `blob:picture-${(count += 1)}`);
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => Object.assign(URL, { createObjectURL, revokeObjectURL }));

  it('generates two pictures with the visitor key and shows both, the quota read again', async () => {
    const sent: (string | null)[] = [];
    server.use(
      http.post('*/api/images/generations', ({ request }) => {
        sent.push(request.headers.get(VISITOR_KEY_HEADER));
      }),
    );
    const { user } = renderStudio();
    expect(await screen.findByText(/Pictures come from the built-in sandbox/)).toBeVisible();
    expect(screen.getByText(/3 of 20 images used today/)).toBeVisible();
    await user.type(screen.getByLabelText('Description'), 'A red fox in fresh snow');
    await user.click(within(screen.getByRole('group', { name: 'Pictures' })).getByLabelText('2'));
    await user.click(screen.getByRole('button', { name: 'Generate' }));

    const run = await screen.findByRole('list', { name: 'Pictures for: A red fox in fresh snow' });
    const pictures = await within(run).findAllByRole('img');
    expect(pictures).toHaveLength(2);
    expect(pictures[0]).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The form keeps what was asked.
    expect(screen.getByLabelText('Description')).toHaveValue('A red fox in fresh snow');
  });

  it('checks the form as the server does, in the reader’s language', async () => {
    const { user } = renderStudio('imagen', 'vi');
    await user.click(await screen.findByRole('button', { name: 'Tạo ảnh' }));
    expect(await screen.findByText('Hãy mô tả bức ảnh bạn muốn.')).toBeVisible();
    await user.type(screen.getByLabelText('Mô tả'), 'Mèo');
    await user.type(screen.getByLabelText(/^Seed/), '-3');
    await user.click(screen.getByRole('button', { name: 'Tạo ảnh' }));
    expect(await screen.findByText(/Seed là số nguyên từ 0 đến 4294967295/)).toBeVisible();
  });

  it('keeps the prompt and says why when the provider refuses', async () => {
    server.use(imagesHandlers.fails);
    const { user } = renderStudio('generator');
    await user.type(await screen.findByLabelText('Description'), 'Something refused');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText(/The image provider refused this prompt/)).toBeVisible();
    expect(screen.getByText('Your description and settings are still in the form.')).toBeVisible();
    expect(screen.getByLabelText('Description')).toHaveValue('Something refused');
  });

  it('shows the API’s failure in the reader’s language', async () => {
    server.use(imagesHandlers.fails);
    const { user } = renderStudio('generator', 'vi');
    await user.type(await screen.findByLabelText('Mô tả'), 'Bị từ chối');
    await user.click(screen.getByRole('button', { name: 'Tạo ảnh' }));
    expect(
      await screen.findByText(/Nhà cung cấp ảnh từ chối mô tả này theo quy định nội dung/),
    ).toBeVisible();
  });

  it('says how many came back when the provider made fewer', async () => {
    server.use(imagesHandlers.partial);
    const { user } = renderStudio('generator');
    await user.type(await screen.findByLabelText('Description'), 'Three cats');
    await user.click(screen.getByLabelText('3'));
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText(/2 of 3 pictures came back/)).toBeVisible();
  });

  it('offers the upgrade at the limit, and a 429 says so', async () => {
    server.use(imagesHandlers.quotaReached);
    const { user } = renderStudio('generator');
    await user.type(await screen.findByLabelText('Description'), 'One more');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    const alert = await screen.findByText("You have reached today's limit of 20 images.");
    expect(alert).toBeVisible();
    expect(screen.getByRole('button', { name: 'Get more with Pro' })).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled());
  });

  it('cancels a run under way', async () => {
    server.use(imagesHandlers.running);
    const { user } = renderStudio('generator');
    await user.type(await screen.findByLabelText('Description'), 'Slow one');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(
      await screen.findByRole('progressbar', { name: 'Drawing your pictures…' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Cancelled: Slow one')).toBeVisible();
  });
});
