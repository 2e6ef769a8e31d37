/** The pictures an edit or a reference may start from (the API's upload rules). */
export const acceptedImageTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;

export class UnsupportedImageError extends Error {
  override readonly name = 'UnsupportedImageError';
}

/** A picked file's natural size, read by the browser's decoder; rejects what it cannot decode. */
export async function imageFileSize(file: File): Promise<{ width: number; height: number }> {
  if (!(acceptedImageTypes as readonly string[]).includes(file.type)) {
    throw new UnsupportedImageError(file.type);
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return { width: image.naturalWidth, height: image.naturalHeight };
  } catch {
    throw new UnsupportedImageError(file.type);
  } finally {
    URL.revokeObjectURL(url);
  }
}
