import { PNG_PARAMETERS_KEYWORD } from '@studio/contracts/imageOptions';
import {
  parseImageParameters,
  PngFormatError,
  readPngTextChunks,
  type ParsedImageParameters,
} from '@studio/contracts/pngParameters';

/** What a dropped or picked file holds, for "Load its settings". */
export type PngSettings =
  | { kind: 'found'; fileName: string; parameters: ParsedImageParameters }
  | { kind: 'none'; fileName: string }
  | { kind: 'notPng'; fileName: string };

/**
 * Reads a PNG's generation parameters (the `parameters` tEXt/iTXt chunk this app, AUTOMATIC1111
 * and InvokeAI write), locally: the file never leaves the browser for it.
 */
export async function readPngParameters(file: File): Promise<PngSettings> {
  const fileName = file.name;
  let chunks: Record<string, string>;
  try {
    chunks = readPngTextChunks(new Uint8Array(await file.arrayBuffer()));
  } catch (error) {
    if (error instanceof PngFormatError) return { kind: 'notPng', fileName };
    throw error;
  }
  const text = chunks[PNG_PARAMETERS_KEYWORD];
  if (!text?.trim()) return { kind: 'none', fileName };
  return { kind: 'found', fileName, parameters: parseImageParameters(text) };
}
