import {
  checkResponseFormat,
  countOf,
  modelProfileOf,
  OpenAIProblem,
  type OpenAISettings,
  optionalText,
  outputFormatOf,
  promptOf,
  respond,
  seedOf,
  sizeOf,
} from './openai.ts';
import { type DecodedImage, decodeImage, repaint } from './repaint.ts';
import type { ImageRequest, ImageResponse } from './wire.ts';

/**
 * `POST /v1/images/edits`, multipart/form-data as @ai-sdk/openai sends it: `model`, `prompt`,
 * `image` (or `image[]` when there are several: the first is edited, the others are references),
 * an optional `mask` (a PNG the first image's size; transparent pixels mark what to change),
 * `n`, `size`, and the sandbox's `seed`.
 */

/** OpenAI takes up to 16 images in one edit. */
const maxImages = 16;

type ImageKind = 'png' | 'jpeg' | 'webp';
type FormEntry = NonNullable<ReturnType<FormData['get']>>;

/** What the bytes are, from their signature (the part's declared type may be anything). */
function kindOf(data: Uint8Array): ImageKind | null {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (bytes.subarray(0, 8).toString('hex') === '89504e470d0a1a0a') return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return null;
}

async function formOf(request: ImageRequest): Promise<FormData> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new OpenAIProblem(
      400,
      "The edits endpoint takes multipart/form-data (with a boundary); this request's content type is " +
        `'${contentType || 'missing'}'.`,
      null,
      'invalid_content_type',
    );
  }
  try {
    return await new Response(request.body, {
      headers: { 'content-type': contentType },
    }).formData();
  } catch {
    throw new OpenAIProblem(
      400,
      'The multipart body could not be read.',
      null,
      'invalid_multipart',
    );
  }
}

/** A text field: multipart fields arrive as strings; a file where text belongs is an error. */
function field(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  if (value === null) return undefined;
  if (typeof value !== 'string') {
    throw new OpenAIProblem(
      400,
      `'${name}' must be a text field, not a file.`,
      name,
      'invalid_type',
    );
  }
  return value;
}

async function bytesOf(value: FormEntry, param: string): Promise<Uint8Array> {
  if (typeof value === 'string') {
    throw new OpenAIProblem(400, `'${param}' must be a file.`, param, 'invalid_type');
  }
  return new Uint8Array(await value.arrayBuffer());
}

async function imagesOf(form: FormData): Promise<Uint8Array[]> {
  const entries = [...form.getAll('image'), ...form.getAll('image[]')];
  if (entries.length === 0) {
    throw new OpenAIProblem(
      400,
      "Missing required parameter: 'image'.",
      'image',
      'missing_required_parameter',
    );
  }
  if (entries.length > maxImages) {
    throw new OpenAIProblem(
      400,
      `Too many images: an edit takes at most ${maxImages}, this one has ${entries.length}.`,
      'image',
      'invalid_value',
    );
  }
  const images = await Promise.all(entries.map((entry) => bytesOf(entry, 'image')));
  images.forEach((image, index) => {
    if (kindOf(image) === null) {
      throw new OpenAIProblem(
        400,
        `Invalid image file for image ${index + 1}: use PNG, JPEG or WebP.`,
        'image',
        'invalid_image_format',
      );
    }
  });
  return images;
}

async function decodedSource(data: Uint8Array): Promise<DecodedImage> {
  try {
    return await decodeImage(data);
  } catch {
    throw new OpenAIProblem(400, 'Image 1 could not be read.', 'image', 'invalid_image');
  }
}

async function maskOf(form: FormData, source: DecodedImage): Promise<DecodedImage | null> {
  const entry = form.get('mask');
  if (entry === null) return null;
  const data = await bytesOf(entry, 'mask');
  if (kindOf(data) !== 'png') {
    throw new OpenAIProblem(
      400,
      'Invalid mask: it must be a PNG whose transparent pixels mark what to change.',
      'mask',
      'invalid_image_format',
    );
  }
  let mask: DecodedImage;
  try {
    mask = await decodeImage(data);
  } catch {
    throw new OpenAIProblem(400, 'The mask could not be read.', 'mask', 'invalid_image');
  }
  if (mask.width !== source.width || mask.height !== source.height) {
    throw new OpenAIProblem(
      400,
      `Invalid mask: it is ${mask.width}x${mask.height} but the image is ${source.width}x${source.height}; they must be the same size.`,
      'mask',
      'invalid_mask_size',
    );
  }
  return mask;
}

export async function edits(
  request: ImageRequest,
  settings: OpenAISettings,
): Promise<ImageResponse> {
  const form = await formOf(request);
  const model = field(form, 'model') ?? 'dall-e-2';
  const profile = modelProfileOf(model);
  if (!profile.edits) {
    throw new OpenAIProblem(400, `${model} does not edit images.`, 'model', 'invalid_value');
  }
  const facts = promptOf(field(form, 'prompt'), profile, model);
  const count = countOf(field(form, 'n'), profile, model);
  const format = outputFormatOf(field(form, 'output_format'));
  checkResponseFormat(field(form, 'response_format'));
  const requestedSize = sizeOf(field(form, 'size'));
  const seed = seedOf(field(form, 'seed'));
  const negativePrompt = optionalText(field(form, 'negative_prompt'), 'negative_prompt');
  const style = optionalText(field(form, 'style'), 'style');
  const [first, ...references] = await imagesOf(form);
  const source = await decodedSource(first ?? new Uint8Array());
  const mask = await maskOf(form, source);
  const { width, height } = requestedSize ?? source;
  return respond(
    {
      profile,
      facts,
      negativePrompt,
      style,
      count,
      seed,
      width,
      height,
      format,
      inputImages: references.length + 1,
    },
    request,
    settings,
    (spec) => repaint({ source, mask, references, width, height, format }, spec),
  );
}
