import type { GeneratedImage } from '@studio/contracts';
import { cookieClient } from '../../clients';
import type { DownloadedFile } from '../jobs/downloadJobResult';
import { fileNameFromDisposition } from '../../fileName';
import { IMAGE_FILE_PATH } from './getImageFile';
import { imageFileName } from '../../../media/imageFileName';
import { visitorHeaders } from '../../../visitor/visitorHeaders';

/**
 * A picture as a file to save: the server's PNG byte for byte (its `parameters` chunk with it).
 * A gallery image is asked for with `?download=1`, so the server names it; a visitor's job image
 * is named here the same way.
 */
export async function downloadImage(image: GeneratedImage): Promise<DownloadedFile> {
  if (!IMAGE_FILE_PATH.test(image.fileUrl) || image.fileUrl.includes('..')) {
    throw new Error('Not a generated image.');
  }
  const galleryFile = !image.fileUrl.startsWith('/api/images/jobs/');
  const response = await cookieClient.get<Blob>(image.fileUrl, {
    responseType: 'blob',
    params: galleryFile ? { download: 1 } : undefined,
    headers: visitorHeaders(),
  });
  return {
    blob: response.data,
    fileName:
      fileNameFromDisposition(response.headers.get('content-disposition')) ?? imageFileName(image),
  };
}
