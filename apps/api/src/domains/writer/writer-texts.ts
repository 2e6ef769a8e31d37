/** The content writer's own words to the user (the contracts' writerTexts are the form's). */
export const writerServiceTexts = {
  /** A visitor asked to add to a document: theirs live in their browser. */
  visitorDocument: 'Sign in to keep documents here. Your documents stay in this browser.',
  /** The model answered nothing at all. */
  empty: 'The model wrote nothing. Nothing new was kept: try again.',
} as const;

/** A new document's title when its content has no words to take one from. */
export const untitled = { en: 'Untitled document', vi: 'Tài liệu chưa đặt tên' } as const;
