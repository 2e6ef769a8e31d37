import { visionReadFields, visionReadStarted, type VisionReadJob } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';
import { languagesField, type LanguageChoice } from '../model/languages';

/** The picture to read: a file (uploaded, pasted, or a visitor's kept picture), or a library image. */
export type PictureSource =
  { kind: 'file'; file: Blob; fileName: string } | { kind: 'library'; imageId: string };

/**
 * POST /api/vision/reads (multipart, visionReadFields): answers 202 with the `vision.read` job to
 * follow; refusals reject with the server's words (400 not a picture or bad languages, 413 too
 * large, 429 today's pictures used up, with the quota body).
 */
export async function startRead(
  picture: PictureSource,
  languages: LanguageChoice,
  signal?: AbortSignal,
): Promise<VisionReadJob> {
  const form = new FormData();
  if (picture.kind === 'file') form.append(visionReadFields.file, picture.file, picture.fileName);
  else form.append(visionReadFields.imageId, picture.imageId);
  form.append(visionReadFields.languages, languagesField(languages));
  const { data } = await cookieClient.post<unknown>('/api/vision/reads', form, {
    signal,
    headers: visitorHeaders(),
  });
  return visionReadStarted.parse(data).job;
}
