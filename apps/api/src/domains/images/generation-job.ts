import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import {
  formatImageParameters,
  type GeneratedImage,
  imageGenerationRequest,
  imageJobResult,
  IMAGE_REFERENCES_MAX,
  IMAGE_VARIANTS_MAX,
  PNG_PARAMETERS_KEYWORD,
  withPngTextChunk,
} from '@studio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import sharp, { type OutputInfo } from 'sharp';
import { z } from 'zod';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import { abortReasonOf, FinalJobError, failsWithoutRetry } from '../../jobs/job-rules.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import {
  type GeneratedPicture,
  ImageProviderError,
  logProviderFailure,
} from '../providers/index.ts';
import type { ImageLimits } from '../uploads/image-processing.ts';
import type { ImageModelRegistry } from './image-model-registry.ts';
import { imageJobTexts } from './image-texts.ts';
import { jobImageUrl, toGeneratedImage, visitorImageId } from './image-views.ts';
import type { ImagesRepository, NewImage } from './images.repository.ts';
import type { QuotaSettlement } from '../usage/quota-settlement.ts';

export const imageJobKind = 'images.generate';

/** Where a signed-in user's images go in the object store: `users/<id>/images/…`. */
export const imagesPurpose = 'images';
/** A visitor's images: `system/visitor-images/…`, kept a day (their browser keeps its copy). */
export const visitorImagesPurpose = 'visitor-images';
/** Uploaded sources, masks and references, kept while their job may still need them. */
export const imageInputsPurpose = 'image-inputs';
/** How long a visitor's images and the uploaded inputs are kept (and the job that names them). */
export const transientImagesLifeMs = 24 * 60 * 60 * 1000;

const ownerPattern = /^(user:[A-Za-z0-9_-]{1,64}|visitor:[A-Za-z0-9_-]{43})$/;

export const imageJobPayload = z.object({
  /** `user:<id>`, or `visitor:<sha-256 of their key>`. */
  owner: z.string().regex(ownerPattern),
  request: imageGenerationRequest,
  /** The uploaded inputs' storage keys (purpose image-inputs), checked and re-encoded on upload. */
  inputs: z.object({
    source: z.string().max(200).nullable(),
    mask: z.string().max(200).nullable(),
    references: z.array(z.string().max(200)).max(IMAGE_REFERENCES_MAX),
  }),
  /** The gallery image it comes from (a user's), for the family tree. */
  parentId: z.string().max(100).nullable(),
  /** Quota units taken for it (one per variant). */
  units: z.number().int().min(1).max(IMAGE_VARIANTS_MAX),
});
export type ImageJobPayload = z.infer<typeof imageJobPayload>;

/** What the job keeps: the public result, and where each image's file is (never shown). */
export const storedImageJobResult = imageJobResult.extend({ keys: z.array(z.string()) });
export type StoredImageJobResult = z.infer<typeof storedImageJobResult>;

export interface GenerationJobOptions {
  registry: Pick<ImageModelRegistry, 'get' | 'generate'>;
  images: ImagesRepository;
  storage: ObjectStore;
  settlement: QuotaSettlement;
  /** One generation's cap (IMAGE_TIMEOUT_SECONDS). */
  timeoutMs: number;
  /** How large a provider's picture may be when decoded (the uploads' pixel limit). */
  limits: ImageLimits;
  /** Where a provider's own words go (never to the user: they may name hosts or echo keys). */
  log: FastifyBaseLogger;
  now: () => Date;
}

const attempts = 2;

interface LoadedInput {
  data: Uint8Array;
  mediaType: string;
  width: number;
  height: number;
}

async function readStored(storage: ObjectStore, key: string): Promise<Buffer> {
  const object = await storage.get(key);
  if (!object) throw new FinalJobError(imageJobTexts.sourceGone);
  return buffer(object.body);
}

/** A stored input (re-encoded on upload as PNG, JPEG or WebP) with its type and size. */
async function asInput(data: Buffer, limits: ImageLimits): Promise<LoadedInput> {
  const metadata = await sharp(data, { limitInputPixels: limits.maxPixels }).metadata();
  return {
    data,
    mediaType: `image/${metadata.format}`,
    width: metadata.width,
    height: metadata.height,
  };
}

/**
 * `images.generate`: one request's pictures from the model, each re-encoded as a PNG carrying
 * its generation parameters (a `tEXt` chunk, as AUTOMATIC1111 writes them), stored, and for a
 * signed-in user added to the gallery in one transaction. Stages: `preparing` (reading the
 * inputs), `generating` (the provider's call), `storing`. The quota units it holds are settled
 * when it ends: kept for the images made, given back for the rest (all of them on a failure or a
 * cancel). A provider's refusal is not retried; a provider's passing trouble is, once.
 */
export function generationJobDefinition(
  options: GenerationJobOptions,
): JobDefinition<ImageJobPayload, StoredImageJobResult> {
  const { registry, images, storage, settlement, limits, now } = options;

  async function loadInputs(payload: ImageJobPayload, userId: string | null) {
    const { request, inputs } = payload;
    let source: LoadedInput | null = null;
    if (request.sourceImageId !== undefined) {
      // Ownership again: the image may have been deleted (or the payload forged) since.
      const image = userId ? await images.findOwned(userId, request.sourceImageId) : null;
      if (!image) throw new FinalJobError(imageJobTexts.sourceGone);
      source = await asInput(await readStored(storage, image.storageKey), limits);
    } else if (inputs.source !== null) {
      source = await asInput(await readStored(storage, inputs.source), limits);
    }
    const mask = inputs.mask === null ? null : await readStored(storage, inputs.mask);
    const references = await Promise.all(
      inputs.references.map(async (key) => {
        const loaded = await asInput(await readStored(storage, key), limits);
        return { data: loaded.data, mediaType: loaded.mediaType };
      }),
    );
    return { source, mask, references };
  }

  /** The provider's pictures, stopped at the job's signal or the time limit. */
  async function generate(
    payload: ImageJobPayload,
    loaded: Awaited<ReturnType<typeof loadInputs>>,
    signal: AbortSignal,
  ): Promise<GeneratedPicture[]> {
    const { request } = payload;
    const timeout = AbortSignal.timeout(options.timeoutMs);
    try {
      const output = await registry.generate({
        modelId: request.modelId,
        mode: request.mode,
        prompt: request.prompt,
        negativePrompt: request.negativePrompt || null,
        aspectRatio: request.aspectRatio,
        count: request.variants,
        seed: request.seed ?? null,
        style: request.style ?? null,
        source: loaded.source,
        mask: loaded.mask,
        references: loaded.references,
        signal: AbortSignal.any([signal, timeout]),
      });
      return output.images;
    } catch (error) {
      signal.throwIfAborted();
      if (timeout.aborted) throw new FinalJobError(imageJobTexts.timeout, { cause: error });
      if (error instanceof ImageProviderError && error.failure) {
        logProviderFailure(options.log, {
          tool: 'images',
          model: request.modelId,
          failure: error.failure,
        });
      }
      if (error instanceof ImageProviderError && !error.retryable) {
        throw new FinalJobError(error.message, { cause: error });
      }
      throw error;
    }
  }

  /** A provider's picture as our PNG: re-encoded (nothing of theirs kept), with its parameters. */
  async function toPng(picture: GeneratedPicture, payload: ImageJobPayload, modelName: string) {
    const { request } = payload;
    let encoded: { data: Buffer; info: OutputInfo };
    try {
      encoded = await sharp(picture.data, { limitInputPixels: limits.maxPixels, failOn: 'error' })
        .png()
        .toBuffer({ resolveWithObject: true });
    } catch (error) {
      throw new Error(imageJobTexts.unreadableResult, { cause: error });
    }
    const seed = picture.seed ?? request.seed ?? null;
    const text = formatImageParameters({
      prompt: request.prompt,
      negativePrompt: request.negativePrompt || null,
      seed,
      width: encoded.info.width,
      height: encoded.info.height,
      model: modelName,
      aspectRatio: request.aspectRatio,
      mode: request.mode,
      style: request.style ?? null,
      tool: request.tool,
    });
    return {
      png: Buffer.from(withPngTextChunk(encoded.data, PNG_PARAMETERS_KEYWORD, text)),
      width: encoded.info.width,
      height: encoded.info.height,
      seed,
    };
  }

  async function run(
    jobId: string,
    payload: ImageJobPayload,
    signal: AbortSignal,
    progress: (percent: number, stage: string) => Promise<void>,
  ): Promise<StoredImageJobResult> {
    const { request } = payload;
    const userId = payload.owner.startsWith('user:') ? payload.owner.slice('user:'.length) : null;
    const model = registry.get(request.modelId);
    if (!model) throw new FinalJobError(imageJobTexts.modelGone);

    await progress(5, 'preparing');
    const loaded = await loadInputs(payload, userId);
    signal.throwIfAborted();
    await progress(15, 'generating');
    const pictures = await generate(payload, loaded, signal);

    signal.throwIfAborted();
    await progress(80, 'storing');
    const stored: { key: string; png: Awaited<ReturnType<typeof toPng>> }[] = [];
    try {
      for (const picture of pictures) {
        const png = await toPng(picture, payload, model.name);
        const object = await storage.put({
          owner: userId ? `user:${userId}` : 'system',
          purpose: userId ? imagesPurpose : visitorImagesPurpose,
          extension: 'png',
          contentType: 'image/png',
          body: png.png,
          maxBytes: limits.maxPixels * 4 + 1024 * 1024,
        });
        stored.push({ key: object.key, png });
      }
      signal.throwIfAborted();
      const common = {
        jobId,
        tool: request.tool,
        mode: request.mode,
        prompt: request.prompt,
        negativePrompt: request.negativePrompt || null,
        modelId: model.id,
        modelName: model.name,
        aspectRatio: request.aspectRatio,
        style: request.style ?? null,
        parentId: payload.parentId,
      };
      let generated: GeneratedImage[];
      if (userId) {
        const rows: NewImage[] = stored.map(({ key, png }, index) => ({
          ...common,
          id: randomBytes(16).toString('base64url'),
          userId,
          index,
          seed: png.seed,
          width: png.width,
          height: png.height,
          storageKey: key,
        }));
        generated = (await images.insertMany(rows, now())).map(toGeneratedImage);
      } else {
        const createdAt = now().toISOString();
        generated = stored.map(({ png }, index) => ({
          ...common,
          id: visitorImageId(jobId, index),
          index,
          seed: png.seed,
          width: png.width,
          height: png.height,
          // A visitor's lineage lives in their browser.
          parentId: null,
          createdAt,
          fileUrl: jobImageUrl(jobId, index),
        }));
      }
      await progress(100, 'storing');
      return {
        requested: request.variants,
        images: generated,
        shortfall: Math.max(0, request.variants - generated.length),
        keys: stored.map(({ key }) => key),
      };
    } catch (error) {
      // Nothing half-kept: the files of a job that did not finish go with it.
      await Promise.all(stored.map(({ key }) => storage.delete(key).catch(() => undefined)));
      throw error;
    }
  }

  /** The uploaded inputs are no use once the job has ended (the sweep takes any left). */
  async function dropInputs(payload: ImageJobPayload) {
    const { source, mask, references } = payload.inputs;
    const keys = [source, mask, ...references].filter((key): key is string => key !== null);
    await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
  }

  return {
    kind: imageJobKind,
    payload: imageJobPayload,
    result: storedImageJobResult,
    attempts,
    backoffMs: 2000,
    perOwnerConcurrency: 2,
    // A visitor's files are kept a day; so is the job that names them.
    keepCompletedMs: transientImagesLifeMs,
    async run({ id, payload, signal, progress, attempt }) {
      try {
        const result = await run(id, payload, signal, progress);
        await settlement.settle(id, result.images.length);
        await dropInputs(payload);
        return result;
      } catch (error) {
        // Handed back at shutdown, or to be tried again: the units stay held.
        if (
          abortReasonOf(signal) === 'cancelled' ||
          failsWithoutRetry(error) ||
          attempt >= attempts
        ) {
          await settlement.settle(id, 0);
          await dropInputs(payload);
        }
        throw error;
      }
    },
  };
}
