/** An image a user uploaded, read back for a model. */
export interface OwnedImage {
  id: string;
  mimeType: string;
  data: Buffer;
}

/**
 * Uploaded images (plugins/app/uploads.ts decorates the app with one). Chat uses it to turn the
 * image URLs of a message into bytes for a vision model, only for the images the user owns.
 */
export interface UploadService {
  /** The image behind an upload URL (as POST /api/chat/upload returned it) if userId owns it. */
  resolveOwned(userId: string, imageUrl: string): Promise<OwnedImage | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    uploads: UploadService;
  }
}
