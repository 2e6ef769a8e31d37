import { cookieClient } from '../../clients';
import { visitorHeaders } from '../../../visitor/visitorHeaders';

/** Where the API serves generated pictures: a gallery image's file, or a job's (visitors). */
export const IMAGE_FILE_PATH =
  /^\/api\/images\/(?:[^/?#]+\/file|jobs\/[^/?#]+\/images\/\d+)(?:\?download=1)?$/;

/**
 * A generated picture's PNG (`GeneratedImage.fileUrl`), fetched with the bearer token or the
 * visitor key: an <img> cannot send either, so the page shows the bytes from a blob: URL. Only
 * the image routes' own paths: the client adds credentials to every request, so an address
 * pointing elsewhere is refused. The bytes are the server's PNG as stored, its parameters with it.
 */
export async function getImageFile(fileUrl: string, signal?: AbortSignal): Promise<Blob> {
  if (!IMAGE_FILE_PATH.test(fileUrl) || fileUrl.includes('..')) {
    throw new Error('Not a generated image.');
  }
  const { data } = await cookieClient.get<Blob>(fileUrl, {
    responseType: 'blob',
    signal,
    headers: visitorHeaders(),
  });
  return data;
}
