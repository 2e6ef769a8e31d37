import { cookieClient } from '../../../lib/api/clients';

/** Image types the API takes (it checks the content too). */
export const uploadableImageTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/**
 * §7 POST /api/chat/upload, multipart field `file` (signed-in users only): the URL the image is
 * served at, to attach to the next message. `onProgress` gets 0–1 as the bytes leave.
 */
export async function uploadImage(
  file: File,
  { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const { data } = await cookieClient.post<unknown>('/api/chat/upload', form, {
    signal,
    onUploadProgress: onProgress,
  });
  const { uploadResponse } = await import('./schemas');
  return uploadResponse.parse(data).imageUrl;
}
