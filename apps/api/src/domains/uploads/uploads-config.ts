import path from 'node:path';
import { z } from 'zod';
import { configModule } from '../../env/config-module.ts';
import { wholeNumber } from '../../env/variables.ts';

/**
 * The limits of every uploaded picture, whichever tool takes it: a chat message's pictures
 * (POST /api/chat/upload) and the image tools' sources, masks and references (POST
 * /api/images/generations), and each next tool's. The files are in the object store.
 */
export interface UploadsConfig {
  /**
   * `${DATA_DIR}/uploads`: where images were kept before the object store; any found there are
   * moved into it at start.
   */
  legacyDir: string;
  maxBytes: number;
  /** Width × height, checked before decoding (decompression bombs) and by sharp while decoding. */
  maxPixels: number;
  /** The longest side, in pixels. */
  maxSide: number;
}

export const uploadsConfigModule = configModule({
  schema: z.object({
    UPLOAD_MAX_BYTES: wholeNumber(1024, 100 * 1024 * 1024).optional(),
    UPLOAD_MAX_MEGAPIXELS: wholeNumber(1, 250).optional(),
    UPLOAD_MAX_SIDE: wholeNumber(16, 16_383).optional(),
  }),
  toConfig: (env, context): { uploads: UploadsConfig } => ({
    uploads: {
      legacyDir: path.join(context.dataDir, 'uploads'),
      maxBytes: env.UPLOAD_MAX_BYTES ?? 10 * 1024 * 1024,
      maxPixels: (env.UPLOAD_MAX_MEGAPIXELS ?? 40) * 1_000_000,
      maxSide: env.UPLOAD_MAX_SIDE ?? 8192,
    },
  }),
});
