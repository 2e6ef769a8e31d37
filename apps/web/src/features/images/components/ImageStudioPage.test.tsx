import { VISITOR_KEY_HEADER } from '@studio/contracts/imageOptions';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { imagesHandlers } from '../../../mocks/handlers/images';
import { server } from '../../../test/server';
import { renderInApp } from '../../../test/render';
import { memoryVisitorStorage } from '../../../lib/visitor/memoryStorage';
import { VisitorStorageContext } from '../../../lib/visitor/useVisitorCollection';
import { ImageStudioPage } from './ImageStudioPage';

function renderStudio(tool: 'generator' | 'imagen' | 'anime' = 'imagen', language?: 'vi') {
  return renderInApp(
    <VisitorStorageContext value={memoryVisitorStorage()}>
      <ImageStudioPage tool={tool} account={null} />
    </VisitorStorageContext>,
    language ? { language } : {},
  );
}

describe('ImageStudioPage (a visitor)', () => {
  // jsdom has no blob: URLs and does not scroll.
  const { createObjectURL, revokeObjectURL } = URL;
  const scrolled = vi.fn<(element: Element, options: unknown) => void>();
  beforeEach(() => {
    let count = 0;
    URL.createObjectURL = vi.fn(() => `blob:picture-${(count += 1)}`);
    URL.revokeObjectURL = vi.fn();
    scrolled.mockClear();
    Element.prototype.scrollIntoView = function (this: Element, options?: unknown) {
      scrolled(this, options);
    };
  });
  afterEach(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('generates two pictures with the visitor key and shows both, the quota read again', async () => {
    const sent: (string | null)[] = [];
    server.use(
      http.post('*/api/images/generations', ({ request }) => {
        sent.push(request.headers.get(VISITOR_KEY_HEADER));
      }),
    );
    const { user } = renderStudio();
    expect(await screen.findByText(/These pictures are drawn stand-ins/)).toBeVisible();
    expect(screen.queryByText(/README/)).not.toBeInTheDocument();
    expect(screen.getByText(/1 of 5 images used today/)).toBeVisible();
    expect(
      screen.getByText('As a visitor you can make 5 pictures a day; sign in for 25.'),
    ).toBeVisible();
    await user.type(screen.getByLabelText('Description'), 'A red fox in fresh snow');
    await user.click(within(screen.getByRole('group', { name: 'Pictures' })).getByLabelText('2'));
    await user.click(screen.getByRole('button', { name: 'Generate' }));

    const run = await screen.findByRole('list', { name: 'Pictures for: A red fox in fresh snow' });
    const pictures = await within(run).findAllByRole('img');
    expect(pictures).toHaveLength(2);
    expect(pictures[0]).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The new run is brought into view and announced.
    expect(scrolled).toHaveBeenCalledWith(
      run.closest('li'),
      expect.objectContaining({ block: 'nearest' }),
    );
    expect(screen.getByText('2 pictures ready')).toHaveAttribute('role', 'status');
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

  it('offers the upgrade at the limit', async () => {
    server.use(imagesHandlers.modelsAtLimit);
    renderStudio('generator');
    expect(await screen.findByText('You have used all 5 images of today.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Get more with Pro' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
  });

  it('offers only the pictures left today and says so beside the button', async () => {
    server.use(...imagesHandlers.quotaLeft(2));
    renderStudio('anime');
    const pictures = await screen.findByRole('group', { name: 'Pictures' });
    expect(within(pictures).getByLabelText('2')).toBeEnabled();
    expect(within(pictures).getByLabelText('3')).toBeDisabled();
    expect(within(pictures).getByLabelText('4')).toBeDisabled();
    const generate = screen.getByRole('button', { name: 'Generate' });
    expect(generate.parentElement).toHaveTextContent('2 pictures left today');
  });

  it('says a refusal beside the button, and one picture is still made after it', async () => {
    const sent: number[] = [];
    server.use(...imagesHandlers.quotaLeft(1));
    server.use(
      // The page last read 4 left (another tab used 3 since); after the refusal it reads 1.
      imagesHandlers.modelsOnce,
      http.post('*/api/images/generations', async ({ request }) => {
        sent.push(((await request.clone().json()) as { variants: number }).variants);
      }),
    );
    const { user } = renderStudio('anime');
    await user.type(await screen.findByLabelText('Description'), 'A paper crane');
    const pictures = screen.getByRole('group', { name: 'Pictures' });
    await user.click(within(pictures).getByLabelText('2'));
    const generate = screen.getByRole('button', { name: 'Generate' });
    await user.click(generate);
    const refusal = await screen.findByText(
      'Only 1 picture is left today: choose 1 and try again.',
    );
    expect(refusal).toHaveAttribute('role', 'status');
    expect(generate.parentElement).toContainElement(refusal);
    // Nothing stays disabled by the refusal: the quota is read again and 1 is on offer.
    await waitFor(() => expect(within(pictures).getByLabelText('3')).toBeDisabled());
    expect(generate).toBeEnabled();
    await user.click(within(pictures).getByLabelText('1'));
    expect(generate.parentElement).toHaveTextContent('1 picture left today');
    await user.click(generate);
    const run = await screen.findByRole('list', { name: 'Pictures for: A paper crane' });
    expect(await within(run).findAllByRole('img')).toHaveLength(1);
    expect(sent).toEqual([2, 1]);
  });

  it('says what is left in the reader’s language', async () => {
    server.use(...imagesHandlers.quotaLeft(1));
    renderStudio('anime', 'vi');
    const button = await screen.findByRole('button', { name: 'Tạo ảnh' });
    expect(button.parentElement).toHaveTextContent('Hôm nay còn 1 ảnh');
    expect(
      screen.getByText(
        'Khi chưa đăng nhập, bạn được tạo 5 ảnh mỗi ngày; đăng nhập để tạo tới 25 ảnh.',
      ),
    ).toBeVisible();
    expect(screen.getByText(/Ảnh ở đây là ảnh minh họa do hệ thống tự vẽ/)).toBeVisible();
    expect(screen.queryByText(/README/)).not.toBeInTheDocument();
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
