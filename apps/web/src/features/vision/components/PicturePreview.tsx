import { getImageFile } from '../../../lib/api/endpoints/images/getImageFile';
import { useImageObjectUrl } from '../../../lib/api/endpoints/images/useImageObjectUrl';
import type { ChosenPicture } from '../model/chosenPicture';
import * as styles from './vision.css';

/** A key for each file, so the object-URL hook reads a new file as a new address. */
const fileKeys = new WeakMap<Blob, string>();
let fileCount = 0;
function keyOf(file: Blob): string {
  let key = fileKeys.get(file);
  if (!key) {
    fileCount += 1;
    key = `file:${fileCount}`;
    fileKeys.set(file, key);
  }
  return key;
}

/** The chosen picture, shown before it is read (its own size kept, never taller than 20rem). */
export function PicturePreview({ picture, label }: { picture: ChosenPicture; label: string }) {
  // A file is shown from its own bytes; a library image is fetched with the caller's session.
  const shown = useImageObjectUrl(
    picture.kind === 'file' ? keyOf(picture.file) : picture.image.fileUrl,
    picture.kind === 'file' ? () => Promise.resolve(picture.file) : getImageFile,
  );
  const url = shown.url;
  const size =
    picture.kind === 'library' ? { width: picture.image.width, height: picture.image.height } : {};
  return url ? (
    <img className={styles.preview} src={url} alt={label} {...size} />
  ) : (
    <div className={styles.previewPending} role="img" aria-label={label} />
  );
}
