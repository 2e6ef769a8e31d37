import type { DocumentModel } from '../model.ts';
import type { ReadLimits } from '../safety/limits.ts';

/** Something the reader left out or could not do, for the caller to show or log. */
export interface ReadNote {
  code:
    | 'text-cut'
    | 'rows-cut'
    | 'cells-cut'
    | 'macros-skipped'
    | 'formula-without-result'
    | 'needs-ocr';
  message: string;
  /** The part (1-based) it concerns, when one. */
  part?: number;
}

export interface ReadResult {
  document: DocumentModel;
  /**
   * Pages (1-based) of a PDF with no or too little text layer (a scan). Their parts stay in
   * the document, `source: 'text'` with what little text there was; the caller renders them
   * (renderPdfPage), runs OCR and replaces those parts' blocks, setting `source: 'ocr'`.
   */
  needsOcr: number[];
  notes: ReadNote[];
}

export interface ReadOptions {
  /** The file's name as uploaded: only tells Markdown from plain text, never decides a format. */
  name?: string;
  limits?: Partial<ReadLimits>;
  /** Macro-enabled Office files: refused ('refuse', the default) or read without their macros. */
  macros?: 'refuse' | 'ignore';
}
