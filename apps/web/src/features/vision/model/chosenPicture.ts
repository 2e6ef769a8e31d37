import type { GeneratedImage } from '@studio/contracts';
import type { PictureSource } from '../api/startRead';

/**
 * The picture chosen to read: a file (uploaded, dropped, pasted, or a visitor's picture kept in
 * this browser), or one of a signed-in user's generated images, sent by its id.
 */
export type ChosenPicture =
  { kind: 'file'; file: Blob; name: string } | { kind: 'library'; image: GeneratedImage };

export function sourceOf(picture: ChosenPicture): PictureSource {
  return picture.kind === 'file'
    ? { kind: 'file', file: picture.file, fileName: picture.name }
    : { kind: 'library', imageId: picture.image.id };
}

/** The name the picture is shown with: the file's, or the image's prompt. */
export const nameOf = (picture: ChosenPicture) =>
  picture.kind === 'file' ? picture.name : picture.image.prompt || picture.image.id;
