import { z } from 'zod';
import { configModule } from '../../env/config-module.ts';
import { wholeNumber } from '../../env/variables.ts';

/**
 * The office tools' allowances and limits. The meter `pages` counts the parts a read yields (a
 * PDF's pages, a workbook's sheets, a deck's slides, a text's sections) per UTC day; the largest
 * file depends on the plan; reading runs in a worker thread with its own time and memory.
 */

export interface OfficePlanLimits {
  visitor: number;
  free: number;
  pro: number;
  godmode: number;
}

export interface OfficeConfig {
  /** Parts read per UTC day (the `pages` meter); 0 switches reading off for that tier. */
  dailyLimits: OfficePlanLimits;
  /** What all keyed visitors behind one address read together per UTC day. */
  visitorAddressCeiling: number;
  /** The largest file, in bytes, per tier. */
  maxFileBytes: OfficePlanLimits;
  /** The most pages (parts) one document may have. */
  maxPages: number;
  /** The reading thread's time and heap. */
  readTimeoutMs: number;
  readMemoryMb: number;
  /** The resolution a scanned page is drawn at for OCR. */
  ocrDpi: number;
  /** How many of one caller's office jobs run at once. */
  jobsPerOwner: number;
  /** How long a visitor's documents (and the jobs naming them) are kept. */
  transientLifeMs: number;
  /** Characters of passages an answer is given (its context budget). */
  answerContextCharacters: number;
  /** A document's parts above this size (JSON bytes) are kept in the object store, not the row. */
  inlineModelBytes: number;
}

const limit = () => wholeNumber(0, 1_000_000).optional();
const megabytes = () => wholeNumber(1, 500).optional();
const mb = 1024 * 1024;

export const officeConfigModule = configModule({
  schema: z.object({
    OFFICE_DAILY_PAGES_VISITOR: limit(),
    OFFICE_DAILY_PAGES_FREE: limit(),
    OFFICE_DAILY_PAGES_PRO: limit(),
    OFFICE_DAILY_PAGES_GODMODE: limit(),
    OFFICE_DAILY_PAGES_PER_ADDRESS: limit(),
    OFFICE_MAX_FILE_MB_VISITOR: megabytes(),
    OFFICE_MAX_FILE_MB_FREE: megabytes(),
    OFFICE_MAX_FILE_MB_PRO: megabytes(),
    OFFICE_MAX_FILE_MB_GODMODE: megabytes(),
    OFFICE_MAX_PAGES: wholeNumber(1, 2000).optional(),
    OFFICE_READ_TIMEOUT_SECONDS: wholeNumber(5, 600).optional(),
    OFFICE_READ_MEMORY_MB: wholeNumber(64, 4096).optional(),
    OFFICE_OCR_DPI: wholeNumber(150, 400).optional(),
    OFFICE_JOBS_PER_OWNER: wholeNumber(1, 16).optional(),
    OFFICE_KEEP_HOURS: wholeNumber(1, 168).optional(),
    OFFICE_ANSWER_CONTEXT_CHARACTERS: wholeNumber(1000, 200_000).optional(),
  }),
  toConfig: (env): { office: OfficeConfig } => ({
    office: {
      dailyLimits: {
        visitor: env.OFFICE_DAILY_PAGES_VISITOR ?? 30,
        free: env.OFFICE_DAILY_PAGES_FREE ?? 100,
        pro: env.OFFICE_DAILY_PAGES_PRO ?? 1_000,
        godmode: env.OFFICE_DAILY_PAGES_GODMODE ?? 5_000,
      },
      // Five visitors' worth: an office or a café, not a script minting keys.
      visitorAddressCeiling: env.OFFICE_DAILY_PAGES_PER_ADDRESS ?? 150,
      maxFileBytes: {
        visitor: (env.OFFICE_MAX_FILE_MB_VISITOR ?? 5) * mb,
        free: (env.OFFICE_MAX_FILE_MB_FREE ?? 10) * mb,
        pro: (env.OFFICE_MAX_FILE_MB_PRO ?? 50) * mb,
        godmode: (env.OFFICE_MAX_FILE_MB_GODMODE ?? 50) * mb,
      },
      maxPages: env.OFFICE_MAX_PAGES ?? 200,
      readTimeoutMs: (env.OFFICE_READ_TIMEOUT_SECONDS ?? 60) * 1000,
      readMemoryMb: env.OFFICE_READ_MEMORY_MB ?? 512,
      // Measured on an A4 scan of 11 pt text in English and Vietnamese (docs/features/office.md):
      // 300 dpi read every character, in 3.2 s drawn and read; 200 dpi lost one in 190 and
      // saved little time (3.3 s), as Tesseract works longer on smaller letters.
      ocrDpi: env.OFFICE_OCR_DPI ?? 300,
      // Reading and OCR are CPU work: one document at a time per caller keeps the machine shared.
      jobsPerOwner: env.OFFICE_JOBS_PER_OWNER ?? 1,
      transientLifeMs: (env.OFFICE_KEEP_HOURS ?? 24) * 60 * 60 * 1000,
      answerContextCharacters: env.OFFICE_ANSWER_CONTEXT_CHARACTERS ?? 6_000,
      inlineModelBytes: 256 * 1024,
    },
  }),
});
