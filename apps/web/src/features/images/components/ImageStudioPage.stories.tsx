import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { formatImageParameters, withPngTextChunk } from '@studio/contracts/pngParameters';
import { http } from 'msw';
import { useState } from 'react';
import { expect, fireEvent, screen, userEvent, waitFor, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { gradientPng, imagesHandlers } from '../../../mocks/handlers/images';
import { failWith } from '../../../mocks/responses';
import { memoryVisitorStorage } from '../../../lib/visitor/memoryStorage';
import { VisitorStorageContext } from '../../../lib/visitor/useVisitorCollection';
import { ImageStudioPage } from './ImageStudioPage';

/**
 * The image tools' page (the generator, Imagen, Anime) as a visitor: every call answers from the
 * MSW handlers (the sandbox models, a locked one, jobs that complete, fail, come back short or
 * run until cancelled, real PNGs). The visitor's gallery is kept in memory, so no story leaves
 * pictures in the browser for the next.
 */
const memoryGallery: Decorator = (Story) => {
  const [storage] = useState(() => memoryVisitorStorage());
  return (
    <VisitorStorageContext value={storage}>
      <Story />
    </VisitorStorageContext>
  );
};

const meta = {
  title: 'App/Images/ImageStudioPage',
  component: ImageStudioPage,
  decorators: [memoryGallery, withAppProviders],
  beforeEach: applyAppHandlers,
  args: { tool: 'imagen', account: null },
  parameters: { app: { route: '/imagen' } },
} satisfies Meta<typeof ImageStudioPage>;

export default meta;
type Story = StoryObj<typeof meta>;

async function describeAndGenerate(
  canvasElement: HTMLElement,
  prompt: string,
  { variants }: { variants?: number } = {},
) {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByLabelText('Description'), prompt);
  if (variants) {
    const group = canvas.getByRole('group', { name: 'Pictures' });
    await userEvent.click(within(group).getByLabelText(String(variants)));
  }
  await userEvent.click(canvas.getByRole('button', { name: /^(Generate|Edit the picture)$/ }));
}

/** The run's pictures, once every one has decoded. */
async function decodedPictures(canvasElement: HTMLElement, prompt: string, count: number) {
  const run = await within(canvasElement).findByRole('list', { name: `Pictures for: ${prompt}` });
  await waitFor(() => {
    const pictures = within(run).getAllByRole('img');
    expect(pictures).toHaveLength(count);
    for (const picture of pictures) {
      expect((picture as HTMLImageElement).complete).toBe(true);
      expect((picture as HTMLImageElement).naturalWidth).toBeGreaterThan(0);
    }
  });
  return run;
}

/**
 * The gallery's thumbnails load as they come near the screen: each is brought into view and
 * decoded, so that a full-page snapshot does not depend on whether its resize reveals them in
 * time (a busy machine caught one loaded and one not).
 */
async function decodedThumbnails(canvasElement: HTMLElement, count: number) {
  // The gallery adds a new picture after the run shows it: wait for all of them, not the first.
  const thumbnails = await waitFor(() => {
    const found = within(canvasElement).getAllByRole('button', { name: /^Open the picture: / });
    expect(found).toHaveLength(count);
    return found;
  });
  for (const thumbnail of thumbnails) {
    thumbnail.scrollIntoView();
    await waitFor(() => {
      const picture = thumbnail.querySelector('img');
      expect(picture?.complete).toBe(true);
      expect(picture?.naturalWidth).toBeGreaterThan(0);
    });
  }
  window.scrollTo(0, 0);
}

export const GeneratorEmpty: Story = {
  args: { tool: 'generator' },
  parameters: { app: { route: '/image-generator' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Image generator' }),
    ).toBeVisible();
    await expect(await canvas.findByText(/These pictures are drawn stand-ins/)).toBeVisible();
    await expect(canvas.queryByText(/README/)).not.toBeInTheDocument();
    await expect(canvas.getByText(/1 of 5 images used today/)).toBeVisible();
    await expect(
      canvas.getByText('As a visitor you can make 5 pictures a day; sign in for 25.'),
    ).toBeVisible();
    await expect(canvas.getByRole('group', { name: 'Shape' })).toBeVisible();
    // The quick tool keeps to a sentence: no model, seed or modes.
    await expect(canvas.queryByRole('combobox', { name: 'Model' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('tablist')).not.toBeInTheDocument();
    await expect(await canvas.findByText(/No pictures yet/)).toBeVisible();
  },
};

export const GeneratorInVietnamese: Story = {
  args: { tool: 'generator' },
  globals: { locale: 'vi' },
  parameters: { app: { route: '/image-generator' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Tạo ảnh' })).toBeVisible();
    await expect(
      await canvas.findByText(/Ảnh ở đây là ảnh minh họa do hệ thống tự vẽ/),
    ).toBeVisible();
    await expect(canvas.getByText('Thử nghiệm')).toBeVisible();
    await expect(canvas.queryByText(/README/)).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Tạo ảnh' }));
    await expect(await canvas.findByText('Hãy mô tả bức ảnh bạn muốn.')).toBeVisible();
  },
};

export const ImagenEmpty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Imagen' })).toBeVisible();
    const model = await canvas.findByRole('combobox', { name: 'Model' });
    await expect(model).toHaveValue('sandbox');
    await expect(
      within(model).getByRole('option', { name: /GPT Image \(Pro plan\)/ }),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('tab', { name: 'Generate' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(canvas.getByLabelText(/^Leave out/)).toBeVisible();
    await expect(canvas.getByLabelText(/^Seed/)).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: /Reuse seed/ })).not.toBeChecked();
  },
};

export const AnimeEmpty: Story = {
  args: { tool: 'anime' },
  parameters: { app: { route: '/anime' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Anime' })).toBeVisible();
    const styles = await canvas.findByRole('group', { name: 'Style' });
    await expect(within(styles).getAllByRole('radio')).toHaveLength(4);
    await expect(within(styles).getByLabelText('Anime')).toBeChecked();
    await userEvent.click(within(styles).getByLabelText('Watercolour'));
    await expect(within(styles).getByLabelText('Watercolour')).toBeChecked();
  },
};

export const Generating: Story = {
  beforeEach: ({ msw }) => msw.use(imagesHandlers.running),
  play: async ({ canvasElement }) => {
    await describeAndGenerate(canvasElement, 'A lighthouse on a cliff at dusk');
    const canvas = within(canvasElement);
    const bar = await canvas.findByRole('progressbar', { name: 'Drawing your pictures…' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  },
};

export const TwoResults: Story = {
  play: async ({ canvasElement }) => {
    await describeAndGenerate(canvasElement, 'A red fox curled up in fresh snow', { variants: 2 });
    await decodedPictures(canvasElement, 'A red fox curled up in fresh snow', 2);
  },
};

export const FourResults: Story = {
  play: async ({ canvasElement }) => {
    await describeAndGenerate(canvasElement, 'Ruộng bậc thang mùa lúa chín', { variants: 4 });
    await decodedPictures(canvasElement, 'Ruộng bậc thang mùa lúa chín', 4);
  },
};

export const PartialResult: Story = {
  beforeEach: ({ msw }) => msw.use(imagesHandlers.partial),
  play: async ({ canvasElement }) => {
    await describeAndGenerate(canvasElement, 'Three cats on a sofa', { variants: 3 });
    await decodedPictures(canvasElement, 'Three cats on a sofa', 2);
    await expect(within(canvasElement).getByText(/2 of 3 pictures came back/)).toBeVisible();
  },
};

export const FailureKeepsThePrompt: Story = {
  beforeEach: ({ msw }) => msw.use(imagesHandlers.fails),
  play: async ({ canvasElement }) => {
    await describeAndGenerate(canvasElement, 'Something the provider refuses');
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/The image provider refused this prompt/)).toBeVisible();
    await expect(canvas.getByLabelText('Description')).toHaveValue(
      'Something the provider refuses',
    );
  },
};

export const QuotaReached: Story = {
  beforeEach: ({ msw }) => msw.use(imagesHandlers.modelsAtLimit),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("Today's limit is reached")).toBeVisible();
    await expect(canvas.getByText('You have used all 5 images of today.')).toBeVisible();
    await expect(
      canvas.getByText('As a visitor you can make 5 pictures a day; sign in for 25.'),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Get more with Pro' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Generate' })).toBeDisabled();
  },
};

/** The image models cannot be loaded: 'The image models could not be loaded: …' with Try again. */
export const ModelsFailed: Story = {
  beforeEach: ({ msw }) => msw.use(imagesHandlers.modelsFailure),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(
      'The image models could not be loaded: Server error. Please try again later.',
    );
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
    // No form without the models.
    await expect(canvas.queryByLabelText('Description')).not.toBeInTheDocument();
  },
};

/** One picture left: only 1 is on offer, and the button says so. */
export const OnePictureLeft: Story = {
  args: { tool: 'anime' },
  parameters: { app: { route: '/anime' } },
  beforeEach: ({ msw }) => msw.use(...imagesHandlers.quotaLeft(1)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const pictures = await canvas.findByRole('group', { name: 'Pictures' });
    await expect(within(pictures).getByLabelText('1')).toBeChecked();
    for (const more of ['2', '3', '4']) {
      await expect(within(pictures).getByLabelText(more)).toBeDisabled();
    }
    const generate = canvas.getByRole('button', { name: 'Generate' });
    await expect(generate).toBeEnabled();
    await expect(generate.parentElement).toHaveTextContent('1 picture left today');
  },
};

/** The same in Vietnamese: "Hôm nay còn 1 ảnh" beside the button, the rule above the form. */
export const OnePictureLeftInVietnamese: Story = {
  ...OnePictureLeft,
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const generate = await canvas.findByRole('button', { name: 'Tạo ảnh' });
    await expect(generate.parentElement).toHaveTextContent('Hôm nay còn 1 ảnh');
    await expect(
      canvas.getByText(
        'Khi chưa đăng nhập, bạn được tạo 5 ảnh mỗi ngày; đăng nhập để tạo tới 25 ảnh.',
      ),
    ).toBeVisible();
  },
};

/**
 * The server refuses 2 with 1 left (the page had read more): the refusal is said beside the
 * button, the button stays usable, and 1 picture is made.
 */
export const RefusedThenOnePicture: Story = {
  args: { tool: 'anime' },
  parameters: { app: { route: '/anime' } },
  beforeEach: ({ msw }) => {
    msw.use(...imagesHandlers.quotaLeft(1));
    msw.use(imagesHandlers.modelsOnce);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await describeAndGenerate(canvasElement, 'A paper crane on a desk', { variants: 2 });
    const refusal = await canvas.findByText(
      'Only 1 picture is left today: choose 1 and try again.',
    );
    await expect(refusal).toBeVisible();
    // Beside the button, which stays usable.
    const generate = await canvas.findByRole('button', { name: 'Generate' });
    await expect(generate.parentElement).toContainElement(refusal);
    await expect(generate).toBeEnabled();
    const pictures = canvas.getByRole('group', { name: 'Pictures' });
    await waitFor(() => expect(within(pictures).getByLabelText('3')).toBeDisabled());
    await userEvent.click(within(pictures).getByLabelText('1'));
    await userEvent.click(generate);
    await decodedPictures(canvasElement, 'A paper crane on a desk', 1);
  },
};

export const LockedModelOpensTheUpgrade: Story = {
  parameters: { app: { route: '/imagen', layout: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const model = await canvas.findByRole('combobox', { name: 'Model' });
    await userEvent.selectOptions(model, 'gpt-image-1');
    // A visitor starts the upgrade by signing in; the model stays as it was.
    await expect(await screen.findByRole('dialog')).toBeVisible();
    await expect(model).toHaveValue('sandbox');
  },
};

export const EditWithAMask: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await describeAndGenerate(canvasElement, 'A cosy reading nook', { variants: 1 });
    const run = await decodedPictures(canvasElement, 'A cosy reading nook', 1);
    await userEvent.click(within(run).getByRole('button', { name: 'Edit' }));
    await expect(canvas.getByRole('tab', { name: 'Edit' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(
      canvas.getByText('Without a painted area, the whole picture may change.'),
    ).toBeVisible();
    const paint = await canvas.findByLabelText('Paint over the parts to change');
    const box = paint.getBoundingClientRect();
    const at = (x: number, y: number) => ({
      pointerId: 1,
      button: 0,
      clientX: box.left + box.width * x,
      clientY: box.top + box.height * y,
    });
    fireEvent.pointerDown(paint, at(0.2, 0.3));
    fireEvent.pointerMove(paint, at(0.5, 0.4));
    fireEvent.pointerMove(paint, at(0.7, 0.6));
    fireEvent.pointerUp(paint, at(0.7, 0.6));
    await expect(
      await canvas.findByText('1 stroke painted: only the painted parts will change.'),
    ).toBeVisible();
    await userEvent.clear(canvas.getByLabelText('Description'));
    await userEvent.type(canvas.getByLabelText('Description'), 'Add a sleeping cat');
    await userEvent.click(canvas.getByRole('button', { name: 'Edit the picture' }));
    await decodedPictures(canvasElement, 'Add a sleeping cat', 1);
    await decodedThumbnails(canvasElement, 2);
  },
};

export const ViewerCyclesWithArrowKeys: Story = {
  play: async ({ canvasElement }) => {
    await describeAndGenerate(canvasElement, 'Chibi cat drinking bubble tea', { variants: 2 });
    const run = await decodedPictures(canvasElement, 'Chibi cat drinking bubble tea', 2);
    const opener = within(run).getByRole('button', { name: 'Open picture 1 large' });
    await userEvent.click(opener);
    const viewer = await screen.findByRole('dialog', { name: 'Picture 1 of 2' });
    await expect(viewer).toHaveTextContent('Chibi cat drinking bubble tea');
    await expect(viewer).toHaveTextContent('Sandbox image');
    await userEvent.keyboard('{ArrowRight}');
    await expect(await screen.findByRole('dialog', { name: 'Picture 2 of 2' })).toBeVisible();
    await userEvent.keyboard('{ArrowRight}');
    await expect(await screen.findByRole('dialog', { name: 'Picture 1 of 2' })).toBeVisible();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(await screen.findByRole('dialog', { name: 'Picture 2 of 2' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  },
};

/**
 * A screen taller than the page, for a story pictured with the viewer open: the page cannot
 * scroll, so the viewer and its backdrop sit in the same place on every run (with the page
 * scrollable, a clean CI run pictured it at another scroll than the baseline).
 */
const tallScreen = { screen: { width: 1024, height: 2400 } };

/** One picture made: the viewer says 'Picture 1 of 1' and its previous and next are disabled. */
export const ViewerSinglePicture: Story = {
  parameters: tallScreen,
  play: async ({ canvasElement }) => {
    await describeAndGenerate(canvasElement, 'A single paper lantern', { variants: 1 });
    const run = await decodedPictures(canvasElement, 'A single paper lantern', 1);
    // The gallery's copy loaded too, so the page under the viewer is the same on every run.
    await decodedThumbnails(canvasElement, 1);
    await userEvent.click(within(run).getByRole('button', { name: 'Open picture 1 large' }));
    const viewer = await screen.findByRole('dialog', { name: 'Picture 1 of 1' });
    await expect(within(viewer).getByRole('button', { name: 'Previous picture' })).toBeDisabled();
    await expect(within(viewer).getByRole('button', { name: 'Next picture' })).toBeDisabled();
    await waitFor(() => expect(within(viewer).getByRole('img')).toHaveProperty('complete', true));
  },
};

/** The picture's file cannot be fetched: the viewer shows 'This picture cannot be shown.'. */
export const ViewerPictureUnavailable: Story = {
  parameters: tallScreen,
  beforeEach: ({ msw }) =>
    msw.use(
      http.get('*/api/images/jobs/:jobId/images/:index', () =>
        failWith('The requested resource was not found.', 404),
      ),
    ),
  play: async ({ canvasElement }) => {
    await describeAndGenerate(canvasElement, 'A picture the server lost', { variants: 1 });
    const run = await within(canvasElement).findByRole('list', {
      name: 'Pictures for: A picture the server lost',
    });
    await userEvent.click(within(run).getByRole('button', { name: 'Open picture 1 large' }));
    const viewer = await screen.findByRole('dialog', { name: 'Picture 1 of 1' });
    await expect(await within(viewer).findByText('This picture cannot be shown.')).toBeVisible();
  },
};

/** A PNG as this app writes it: a picture with its `parameters` chunk. */
function pngWithSettings(): File {
  const text = formatImageParameters({
    prompt: 'A lighthouse on a cliff at dusk, oil painting',
    negativePrompt: 'text, blur',
    seed: 1234,
    width: 64,
    height: 64,
    model: 'Sandbox image',
    aspectRatio: '1:1',
    mode: 'generate',
    style: null,
    tool: 'imagen',
  });
  const bytes = Uint8Array.from(withPngTextChunk(gradientPng(64, 64, 1), 'parameters', text));
  return new File([bytes], 'lighthouse.png', { type: 'image/png' });
}

/** Drags a file over an element and drops it, as the browser does (a real DataTransfer). */
function dropFile(target: HTMLElement, file: File) {
  const transfer = new DataTransfer();
  transfer.items.add(file);
  for (const type of ['dragenter', 'dragover', 'drop']) {
    target.dispatchEvent(
      new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }),
    );
  }
}

export const DroppedPngLoadsItsSettings: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const prompt = await canvas.findByLabelText('Description');
    dropFile(prompt, pngWithSettings());
    await expect(await canvas.findByText(/lighthouse.png holds the settings of/)).toBeVisible();
    await expect(canvas.getByText(/seed 1234/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Load its settings' }));
    await expect(prompt).toHaveValue('A lighthouse on a cliff at dusk, oil painting');
    await expect(canvas.getByLabelText(/^Leave out/)).toHaveValue('text, blur');
    await expect(canvas.getByLabelText(/^Seed/)).toHaveValue('1234');
  },
};

export const DroppedPngWithoutSettings: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const prompt = await canvas.findByLabelText('Description');
    const plain = new File([Uint8Array.from(gradientPng(8, 8, 2))], 'plain.png', {
      type: 'image/png',
    });
    dropFile(prompt, plain);
    await expect(await canvas.findByText(/plain.png holds no settings/)).toBeVisible();
    await expect(
      canvas.queryByRole('button', { name: 'Load its settings' }),
    ).not.toBeInTheDocument();
  },
};

/** A JPEG dropped on the page: 'holiday.jpg is not a PNG picture.', with only Dismiss. */
export const DroppedFileIsNotAPng: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const prompt = await canvas.findByLabelText('Description');
    // A JPEG's first bytes (its start-of-image and JFIF markers): not a PNG's signature.
    const jpeg = new File(
      [Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01])],
      'holiday.jpg',
      { type: 'image/jpeg' },
    );
    dropFile(prompt, jpeg);
    await expect(await canvas.findByText('holiday.jpg is not a PNG picture.')).toBeVisible();
    await expect(
      canvas.queryByRole('button', { name: 'Load its settings' }),
    ).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Dismiss' })).toBeVisible();
  },
};
