import type { OfficeRefusal } from '@studio/contracts';

/** The office tools' own words for the user (the §8 style: what happened, what to do). */

/** Why a file was refused, one fixed text per code (the page words each code itself too). */
export const officeRefusalTexts: Record<OfficeRefusal, string> = {
  unsupported:
    'This file is not a supported document. Upload a PDF, DOCX, XLSX, PPTX, CSV, text or Markdown file.',
  empty: 'The file is empty: there is nothing to read.',
  'too-large': 'The file is too large to read.',
  'too-many-pages':
    'The document has too many pages to read at once. Split it and upload the parts.',
  bomb: 'The file unpacks to far more than it holds, so it was not read.',
  encrypted: 'The file is protected by a password. Save an unprotected copy and upload it again.',
  macro:
    'The file holds macros (DOCM, XLSM or PPTM). Save it without macros (as DOCX, XLSX or PPTX) and upload it again.',
  legacy:
    'This is an old Office format (.doc, .xls or .ppt). Save it as DOCX, XLSX or PPTX and upload it again.',
  malformed: 'The file is damaged, or not what its name says, and could not be read.',
  timeout: 'Reading the file took too long. Try a smaller file.',
  'out-of-memory': 'Reading the file took too much memory. Try a smaller file.',
};

/** A job's failures that are not a refused file. */
export const officeJobTexts = {
  ocrFailed: 'A scanned page could not be read. Please try again.',
  ocrBusy: 'The text reader is busy with other pages; try again in a moment.',
  pagesLeft:
    "Today's pages do not cover this document: it has more pages than you have left. Try again tomorrow, or upgrade.",
  sourceGone: 'The document to start from is no longer kept: upload it again.',
  modelFailed: 'The model could not finish the document. Please try again.',
  noModel: 'No model is available to write with.',
} as const;

export const officeServiceTexts = {
  badCursor: 'This list link is not valid. Reload your documents.',
  badForm: 'Send the document as multipart/form-data with one file in the field "file".',
  noModel: 'No model is available to answer with.',
  notAPage: 'This document has no such page.',
  noSuchTable: 'This document has no such table.',
  tooLarge: (limitBytes: number, signedIn: boolean) =>
    `The file is larger than the ${Math.round(limitBytes / (1024 * 1024))} MB ${
      signedIn ? 'your plan reads' : 'visitors can upload'
    }. Upload a smaller file${signedIn ? ', or upgrade' : ', or sign in'}.`,
} as const;
