import { getImageFile as getFile } from '../../../lib/api/endpoints/images/getImageFile';
import type { ImageSource } from '../form/imageForm';
import { useImageObjectUrl } from '../../../lib/api/endpoints/images/useImageObjectUrl';

/** A key per picked file, so the blob: URL hook treats each file as its own address. */
const fileKeys = new WeakMap<File, string>();
let fileCount = 0;
function keyOf(file: File): string {
  let key = fileKeys.get(file);
  if (!key) {
    fileCount += 1;
    key = `upload:${fileCount}`;
    fileKeys.set(file, key);
  }
  return key;
}

/**
 * The source picture as a blob: URL (a generated one fetched with the caller's credentials, an
 * upload read locally), revoked when the source changes or the page goes.
 */
export function useSourceUrl(source: ImageSource | null): string | null {
  const address =
    source === null ? null : source.kind === 'image' ? source.image.fileUrl : keyOf(source.file);
  const picture = useImageObjectUrl(address, (fileUrl, signal) =>
    source?.kind === 'upload' ? Promise.resolve(source.file) : getFile(fileUrl, signal),
  );
  return picture.url;
}
