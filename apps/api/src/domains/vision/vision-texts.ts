/** The vision tool's own words for the user (the §8 style: what happened, what to do). */
export const visionServiceTexts = {
  badCursor: 'This list link is not valid. Reload your pictures.',
  badForm:
    'Send the picture as multipart/form-data: the file "file" or the field "imageId", and "languages" (en, vi or en,vi).',
  readOff: 'Reading pictures is not part of your plan.',
  /** The job's failures, shown as they are (the OCR engine's own are added to these). */
  pictureGone: 'The picture to read was not found. Upload it again.',
  readFailed: 'The picture could not be read. Please try again.',
  readBusy: 'The text reader is busy with other pictures. Please try again in a moment.',
  readTimeout: 'Reading the picture took too long. Try a smaller or clearer picture.',
  unreadable: 'This picture could not be opened. Send a PNG, JPEG, WebP or GIF.',
  notVisionModel: (modelName: string) =>
    `${modelName} cannot see pictures. Choose a model that can, or translate the text instead.`,
} as const;
