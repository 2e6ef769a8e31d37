import type { GeneratedImage } from '@studio/contracts';

const MAX_SLUG_LENGTH = 40;

/**
 * A file name for a picture saved without the server's (a visitor's, or when the header is
 * missing): the prompt's first words in plain ASCII, then the seed, as the API names them
 * (`<slug>-<seed>.png`). Vietnamese letters lose their marks (đ becomes d) so the name reads
 * everywhere.
 */
export function imageFileName(image: Pick<GeneratedImage, 'prompt' | 'seed' | 'index'>): string {
  const slug = image.prompt
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, '');
  return `${slug || 'image'}-${image.seed ?? image.index + 1}.png`;
}
