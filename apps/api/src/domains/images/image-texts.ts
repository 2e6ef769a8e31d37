import { type ImageCapability, imageJobFailureTexts } from '@studio/contracts';

/** The image tools' own words for the user (the §8 style: what happened, what to do). */
export const imageTexts = {
  modelUnavailable: 'This model is not available. Choose another model.',
  sourceNotForGenerate:
    'Only an edit or a variation starts from an image. Remove the image or switch the mode.',
  maskNeedsEdit: 'A mask is only used to edit an image. Switch to edit mode or remove the mask.',
  maskNotPng: 'The mask must be a PNG image (transparent where the picture may change).',
  maskSizeMismatch: 'The mask must be the same size as the image it marks.',
  badCursor: 'This gallery link is not valid. Reload the gallery.',
  badRequestField: 'Send the request as JSON in the form field "request".',
  tooManyFiles: 'Send at most one source, one mask and three reference images.',
} as const;

/** How the job ends when it fails on its own terms (shown to the user as they are). */
export const imageJobTexts = imageJobFailureTexts;

/** What a capability is called in a refusal: "<model> cannot <what>". */
const capabilityPhrases: Record<ImageCapability, string> = {
  edit: 'edit images',
  mask: 'edit only a masked area',
  variation: 'make variations of an image',
  'negative-prompt': 'take a negative prompt',
  seed: 'take a seed',
  'reference-images': 'follow reference images',
  style: 'take a style of its own',
};

export function lacksCapabilityText(modelName: string, capability: ImageCapability): string {
  return `${modelName} cannot ${capabilityPhrases[capability]}. Choose another model or remove it from the request.`;
}
