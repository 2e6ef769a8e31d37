import type { GeneratedImage } from '@studio/contracts';
import type { StoredImage } from './images.repository.ts';

/** Where a signed-in user's image is served (its owner only). */
export const galleryFileUrl = (id: string) => `/api/images/${id}/file`;

/** Where a job's image is served: a visitor's (never in the gallery) is read from here. */
export const jobImageUrl = (jobId: string, index: number) =>
  `/api/images/jobs/${encodeURIComponent(jobId)}/images/${index}`;

/** A visitor's image has no gallery row: it is named by its job and place. */
export const visitorImageId = (jobId: string, index: number) => `${jobId}:${index}`;

/** A stored image as the gallery, the viewer and a job's result show it. */
export function toGeneratedImage(image: StoredImage): GeneratedImage {
  return {
    id: image.id,
    jobId: image.jobId,
    index: image.index,
    tool: image.tool,
    mode: image.mode,
    prompt: image.prompt,
    negativePrompt: image.negativePrompt,
    modelId: image.modelId,
    modelName: image.modelName,
    seed: image.seed,
    aspectRatio: image.aspectRatio,
    style: image.style,
    width: image.width,
    height: image.height,
    parentId: image.parentId,
    createdAt: image.createdAt,
    fileUrl: galleryFileUrl(image.id),
  };
}

/**
 * A download's file name: the prompt's first words as a slug, and the seed when known
 * (`a-red-fox-in-snow-12345.png`).
 */
export function downloadName(image: Pick<StoredImage, 'prompt' | 'seed' | 'id'>): string {
  const slug =
    image.prompt
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/đ/g, 'd')
      .replace(/Đ/g, 'D')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'image';
  return `${slug}-${image.seed ?? image.id}.png`;
}
