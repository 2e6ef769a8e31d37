import { decodePageCursor, encodePageCursor } from '../../db/newest-first-page.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  formatImageParameters,
  GALLERY_PAGE_SIZE,
  type GalleryPage,
  type GeneratedImage,
  type ImageCapability,
  type ImageFamily,
  type ImageJob,
  type ImageModelsResponse,
  type ParsedImageGenerationRequest,
  imageTexts as requestTexts,
  PNG_PARAMETERS_KEYWORD,
  withPngTextChunk,
} from '@studio/contracts';
import { HttpError, errorTexts } from '../../http/errors.ts';
import type { JobKind, JobQueue } from '../../jobs/job-queue.ts';
import { jobIdFor } from '../../jobs/job-rules.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import type { UserJobsService } from '../jobs/user-jobs.service.ts';
import { canUse } from '../providers/index.ts';
import { type ImageLimits, processImage, sniffImageFormat } from '../uploads/image-processing.ts';
import {
  imageInputsPurpose,
  imageJobKind,
  imagesPurpose,
  type ImageJobPayload,
  storedImageJobResult,
  type StoredImageJobResult,
} from './generation-job.ts';
import { type Caller, callerPlan, type KeyedCaller, ownerIdOf } from '../callers/caller.ts';
import type { ImageDailyLimits } from './images-config.ts';
import { imageTexts, lacksCapabilityText } from './image-texts.ts';
import { downloadName, toGeneratedImage } from './image-views.ts';
import type { ImagesQuota } from './images-quota.ts';
import type { ImagesRepository, NewImage, StoredImage } from './images.repository.ts';
import type { ImageModelRegistry, RegisteredImageModel } from './image-model-registry.ts';
import type { QuotaSettlement } from '../usage/quota-settlement.ts';

/** The files that may come with a generation request (multipart), as they arrived. */
export interface GenerationUploads {
  source: Buffer | null;
  mask: Buffer | null;
  references: Buffer[];
}

/** What an image made elsewhere brings: its settings (its size is the checked PNG's). */
export type AdoptedImage = Omit<NewImage, 'id' | 'userId' | 'width' | 'height' | 'storageKey'>;

const planNames = { free: 'Free', pro: 'Pro', godmode: 'GodMode' } as const;

const notFound = () => new HttpError(404, errorTexts[404]);

/** What the request asks of the model beyond a prompt, each a capability it must have. */
function capabilitiesAsked(
  request: ParsedImageGenerationRequest,
  uploads: GenerationUploads,
): ImageCapability[] {
  const asked: ImageCapability[] = [];
  if (request.mode === 'edit') asked.push('edit');
  if (request.mode === 'variation') asked.push('variation');
  if (uploads.mask) asked.push('mask');
  if (uploads.references.length > 0) asked.push('reference-images');
  if (request.negativePrompt) asked.push('negative-prompt');
  if (request.seed !== undefined) asked.push('seed');
  return asked;
}

/**
 * The image tools' service: the models a caller may use and their quota, starting a generation
 * (checks, uploads, quota, the job), and a signed-in user's gallery (pages, one image, its file,
 * its family, deleting it). Every read names its owner: another user's image is not found.
 */
export function createImagesService(deps: {
  registry: ImageModelRegistry;
  images: ImagesRepository;
  storage: ObjectStore;
  quota: ImagesQuota;
  /** The daily limits the pages state as the rule (a visitor's, a free account's). */
  dailyLimits: ImageDailyLimits;
  settlement: QuotaSettlement;
  jobs: JobQueue;
  userJobs: UserJobsService;
  kind: JobKind<ImageJobPayload, StoredImageJobResult>;
  limits: ImageLimits;
  now: () => Date;
}) {
  const { registry, images, storage, quota } = deps;

  /** The model the caller's plan allows: 400 when unknown, 403 when above the plan. */
  function resolveModel(caller: KeyedCaller, modelId: string): RegisteredImageModel {
    const model = registry.get(modelId);
    if (!model) throw new HttpError(400, imageTexts.modelUnavailable);
    if (!canUse(callerPlan(caller, deps.now()), model.plan)) {
      throw new HttpError(
        403,
        `${model.name} needs the ${planNames[model.plan]} plan. Upgrade to use it.`,
      );
    }
    return model;
  }

  /** The request's shape against its mode: what must and must not come with it. */
  function checkShape(request: ParsedImageGenerationRequest, uploads: GenerationUploads) {
    const hasSource = uploads.source !== null || request.sourceImageId !== undefined;
    if (request.mode === 'generate' && hasSource) {
      throw new HttpError(400, imageTexts.sourceNotForGenerate);
    }
    if (request.mode !== 'generate' && !hasSource) {
      throw new HttpError(400, requestTexts.sourceRequired);
    }
    if (uploads.mask && request.mode !== 'edit') throw new HttpError(400, imageTexts.maskNeedsEdit);
  }

  /** The gallery images the request names, the caller's only (404 otherwise, visitors too). */
  async function ownedReferences(caller: KeyedCaller, request: ParsedImageGenerationRequest) {
    const find = async (id: string | undefined) => {
      if (id === undefined) return null;
      const image = caller.kind === 'user' ? await images.findOwned(caller.user.id, id) : null;
      if (!image) throw notFound();
      return image;
    };
    return { source: await find(request.sourceImageId), parent: await find(request.parentImageId) };
  }

  /** Each upload checked and re-encoded with the chat's rules; the mask a PNG of the source's size. */
  async function processUploads(uploads: GenerationUploads, gallerySource: StoredImage | null) {
    const source = uploads.source ? await processImage(uploads.source, deps.limits) : null;
    let mask = null;
    if (uploads.mask) {
      if (sniffImageFormat(uploads.mask) !== 'png') throw new HttpError(400, imageTexts.maskNotPng);
      mask = await processImage(uploads.mask, deps.limits);
      const size = source ?? gallerySource;
      if (size && (mask.width !== size.width || mask.height !== size.height)) {
        throw new HttpError(400, imageTexts.maskSizeMismatch);
      }
    }
    const references = [];
    for (const reference of uploads.references) {
      references.push(await processImage(reference, deps.limits));
    }
    return { source, mask, references };
  }

  async function storeInputs(
    caller: KeyedCaller,
    processed: Awaited<ReturnType<typeof processUploads>>,
  ): Promise<ImageJobPayload['inputs']> {
    const owner = caller.kind === 'user' ? `user:${caller.user.id}` : 'system';
    const put = async (image: { data: Buffer; extension: string; mimeType: string } | null) =>
      image
        ? (
            await storage.put({
              owner,
              purpose: imageInputsPurpose,
              extension: image.extension,
              contentType: image.mimeType,
              body: image.data,
              maxBytes: deps.limits.maxPixels * 4 + 1024 * 1024,
            })
          ).key
        : null;
    const source = await put(processed.source);
    const mask = await put(processed.mask);
    const references: string[] = [];
    for (const reference of processed.references) {
      const key = await put(reference);
      if (key) references.push(key);
    }
    return { source, mask, references };
  }

  async function dropKeys(inputs: ImageJobPayload['inputs']) {
    const keys = [inputs.source, inputs.mask, ...inputs.references];
    await Promise.all(
      keys.map((key) => (key === null ? undefined : storage.delete(key).catch(() => undefined))),
    );
  }

  /** The caller's completed job's result (404 for anyone else, 409 before it completes). */
  async function jobResult(ownerId: string, jobId: string): Promise<StoredImageJobResult> {
    const result = storedImageJobResult.safeParse(await deps.userJobs.result(ownerId, jobId));
    if (!result.success) throw notFound();
    return result.data;
  }

  return {
    /** GET /api/images/models: every model (locked above the plan), the default, today's quota. */
    async models(caller: Caller): Promise<ImageModelsResponse> {
      const plan = callerPlan(caller, deps.now());
      const usage = await quota.usage(caller);
      const { visitor, free } = deps.dailyLimits;
      return {
        models: registry.forPlan(plan),
        defaultModelId: registry.defaultModelId(plan),
        sandbox: registry.sandboxOnly,
        quota: {
          limit: usage.limit,
          used: usage.used,
          remaining: usage.remaining,
          resetsAt: usage.resetsAt.toISOString(),
          allowances: { visitor, free },
        },
      };
    },

    /**
     * POST /api/images/generations: checks the model, the request's shape and what it asks of
     * the model, the caller's gallery images and uploads, then takes one quota unit per variant
     * and queues the job (its id is chosen first, so its units are recorded before it can end).
     */
    async start(
      caller: KeyedCaller,
      request: ParsedImageGenerationRequest,
      uploads: GenerationUploads,
    ): Promise<ImageJob> {
      const model = resolveModel(caller, request.modelId);
      checkShape(request, uploads);
      for (const capability of capabilitiesAsked(request, uploads)) {
        if (!model.capabilities.includes(capability)) {
          throw new HttpError(400, lacksCapabilityText(model.name, capability));
        }
      }
      const owned = await ownedReferences(caller, request);
      const processed = await processUploads(uploads, owned.source);

      const keys = await quota.takeUnits(caller, request.variants);
      let inputs: ImageJobPayload['inputs'] = { source: null, mask: null, references: [] };
      let held = false;
      const stableId = randomUUID();
      const jobId = jobIdFor(imageJobKind, stableId);
      try {
        inputs = await storeInputs(caller, processed);
        await deps.settlement.hold(jobId, keys, request.variants);
        held = true;
        const ownerId = ownerIdOf(caller);
        const job = await deps.jobs.enqueue(
          deps.kind,
          {
            owner: caller.kind === 'user' ? `user:${caller.user.id}` : ownerId,
            request,
            inputs,
            parentId: owned.parent?.id ?? owned.source?.id ?? null,
            units: request.variants,
          },
          { ownerId, jobId: stableId },
        );
        return deps.userJobs.view(job) as ImageJob;
      } catch (error) {
        // Nothing queued: nothing is counted or kept.
        if (held) await deps.settlement.settle(jobId, 0);
        else await quota.giveBack(keys, request.variants);
        await dropKeys(inputs);
        throw error;
      }
    },

    /** GET /api/images: a page of the user's gallery, newest first. */
    async gallery(userId: string, cursor: string | undefined): Promise<GalleryPage> {
      const after = cursor === undefined ? null : decodePageCursor(cursor);
      if (cursor !== undefined && after === null) throw new HttpError(400, imageTexts.badCursor);
      const page = await images.page(userId, after, GALLERY_PAGE_SIZE);
      return {
        images: page.images.map(toGeneratedImage),
        nextCursor: page.next ? encodePageCursor(page.next) : null,
      };
    },

    async get(userId: string, id: string): Promise<GeneratedImage> {
      const image = await images.findOwned(userId, id);
      if (!image) throw notFound();
      return toGeneratedImage(image);
    },

    /** The stored file of the user's image and the name a download gives it. */
    async file(userId: string, id: string): Promise<{ key: string; fileName: string }> {
      const image = await images.findOwned(userId, id);
      if (!image) throw notFound();
      return { key: image.storageKey, fileName: downloadName(image) };
    },

    /** The user's images among these ids, as the gallery shows them (the library's page). */
    async many(userId: string, ids: string[]): Promise<GeneratedImage[]> {
      return (await images.findManyOwned(userId, ids)).map(toGeneratedImage);
    },

    /**
     * An image made elsewhere (a visitor's, moved into the account by the library, which checked
     * and re-encoded the PNG) kept as the user's: the PNG with its generation parameters written
     * again as the generation job writes them, stored under the user's keys, then its gallery
     * row dated `createdAt` (when it was made); the file goes again when the row cannot be
     * written.
     */
    async adopt(
      userId: string,
      image: AdoptedImage,
      png: { data: Buffer; width: number; height: number },
      createdAt: Date,
    ): Promise<GeneratedImage> {
      const text = formatImageParameters({
        prompt: image.prompt,
        negativePrompt: image.negativePrompt,
        seed: image.seed,
        width: png.width,
        height: png.height,
        model: image.modelName,
        aspectRatio: image.aspectRatio,
        mode: image.mode,
        style: image.style,
        tool: image.tool,
      });
      const body = Buffer.from(withPngTextChunk(png.data, PNG_PARAMETERS_KEYWORD, text));
      const stored = await storage.put({
        owner: `user:${userId}`,
        purpose: imagesPurpose,
        extension: 'png',
        contentType: 'image/png',
        body,
        maxBytes: body.length,
      });
      try {
        const [row] = await images.insertMany(
          [
            {
              ...image,
              id: randomBytes(16).toString('base64url'),
              userId,
              width: png.width,
              height: png.height,
              storageKey: stored.key,
            },
          ],
          createdAt,
        );
        if (!row) throw new Error('the image row was not written');
        return toGeneratedImage(row);
      } catch (error) {
        await storage.delete(stored.key).catch(() => undefined);
        throw error;
      }
    },

    /** Deletes the image and its file; its children stay, as roots (ON DELETE SET NULL). */
    async remove(userId: string, id: string): Promise<void> {
      const key = await images.deleteOwned(userId, id);
      if (key === null) throw notFound();
      // A file left by a store that is down is the orphan sweep's: no row names it any more.
      await storage.delete(key).catch(() => undefined);
    },

    async family(userId: string, id: string): Promise<ImageFamily> {
      const family = await images.family(userId, id);
      if (!family) throw notFound();
      return { rootId: family.rootId, images: family.images.map(toGeneratedImage) };
    },

    /**
     * The file of image `index` of a completed job of the caller's (a user's or a visitor's):
     * 404 for anyone else or no such image, 409 before the job completes.
     */
    async jobImage(ownerId: string, jobId: string, index: number) {
      const result = await jobResult(ownerId, jobId);
      const key = result.keys[index];
      const image = result.images[index];
      if (key === undefined || image === undefined) throw notFound();
      return {
        key,
        fileName: downloadName({ prompt: image.prompt, seed: image.seed, id: image.id }),
      };
    },

    /** A cancel before the job ran: its units go back (the job settles them otherwise). */
    cancelled: (jobId: string) => deps.settlement.settle(jobId, 0),
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
