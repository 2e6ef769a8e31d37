import { cookieClient } from '../../../lib/api/clients';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';

/** The vision routes' own paths only: the client adds credentials to every request. */
const VISION_FILE_PATH = /^\/api\/vision\/[^?#]+$/;

/**
 * A read's picture (`VisionRead.fileUrl`, the PNG as read), fetched with the session or the
 * visitor key: an <img> cannot send either, so the page shows the bytes from a blob: URL.
 */
export async function getReadFile(fileUrl: string, signal?: AbortSignal): Promise<Blob> {
  if (!VISION_FILE_PATH.test(fileUrl) || fileUrl.includes('..')) {
    throw new Error('Not a read picture.');
  }
  const { data } = await cookieClient.get<Blob>(fileUrl, {
    responseType: 'blob',
    signal,
    headers: visitorHeaders(),
  });
  return data;
}
