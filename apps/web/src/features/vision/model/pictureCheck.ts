/** The pictures the API reads (visionReadFields.file): PNG, JPEG, WebP or GIF. */
export const pictureTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export type PictureProblem = { kind: 'notPicture' } | { kind: 'tooLarge'; maxBytes: number };

/**
 * What is wrong with a file before it is sent (the server checks again): not one of the
 * pictures read, or over the caller's size.
 */
export function pictureProblem(
  file: Pick<File, 'type' | 'size'>,
  maxBytes: number | null,
): PictureProblem | null {
  if (!(pictureTypes as readonly string[]).includes(file.type)) return { kind: 'notPicture' };
  if (maxBytes !== null && file.size > maxBytes) return { kind: 'tooLarge', maxBytes };
  return null;
}

/** A size in megabytes, one decimal at most, as the limits are said. */
export const megabytes = (bytes: number) => Math.round((bytes / 1_048_576) * 10) / 10;
