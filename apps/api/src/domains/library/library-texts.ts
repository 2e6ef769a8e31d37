/** The library's own refusals (an import's are the contracts' libraryImportTexts). */
export const libraryTexts = {
  badCursor: 'This library link is not valid. Reload your library.',
  badForm:
    'Send one item as multipart/form-data: the fields "kind", "item" (JSON) and "parentId", then its files ("file", and for a piece "wav", "midi", "stems" and "stem:<instrument>").',
  importRaced: 'This item was being moved by another request. Try again.',
} as const;
