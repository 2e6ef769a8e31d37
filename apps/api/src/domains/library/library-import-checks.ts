import {
  libraryImportTexts,
  musicInstruments,
  type MusicInstrument,
  voiceFormatMimeTypes,
} from '@studio/contracts';
import { HttpError } from '../../http/errors.ts';
import type { AdoptedMusicFiles } from '../music/music.service.ts';
import {
  type ImageLimits,
  type ProcessedImage,
  processImage,
  sniffImageFormat,
} from '../uploads/image-processing.ts';
import { libraryImportLimits } from './library-config.ts';
import { isMidi, isMp3, isWav, isZip, sniffAudioFormat, stemsInZip } from './library-files.ts';
import type { ImportableClip, ImportablePiece } from './library-items.ts';

/**
 * Each moved-in file checked for what its item says it is, before anything is stored: 400 with
 * the library's words when it is missing or not that, 413 when over its cap.
 */

const bad = (text: string) => new HttpError(400, text);
const tooLarge = () => new HttpError(413, libraryImportTexts.tooLarge);

/** A file within its cap: 400 when it is missing, 413 when over. */
function fileOf(files: ReadonlyMap<string, Buffer>, name: string, maxBytes: number): Buffer {
  const data = files.get(name);
  if (!data || data.length === 0) throw bad(libraryImportTexts.missingFile);
  if (data.length > maxBytes) throw tooLarge();
  return data;
}

const isInstrument = (value: string): value is MusicInstrument =>
  (musicInstruments as readonly string[]).includes(value);

/** A picture's PNG, checked and re-encoded as every upload is (its pixels within the limits). */
export async function checkedPng(
  files: ReadonlyMap<string, Buffer>,
  limits: Pick<ImageLimits, 'maxPixels' | 'maxSide'>,
): Promise<ProcessedImage> {
  const data = fileOf(files, 'file', libraryImportLimits.imageBytes);
  if (sniffImageFormat(data) !== 'png') throw bad(libraryImportTexts.badFile);
  try {
    return await processImage(data, { ...limits, maxBytes: libraryImportLimits.imageBytes });
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 413) throw tooLarge();
    throw bad(libraryImportTexts.badFile);
  }
}

/** A clip's audio: MP3, WAV or Ogg by its first bytes, the clip's format and type. */
export function checkedClipAudio(item: ImportableClip, files: ReadonlyMap<string, Buffer>): Buffer {
  const data = fileOf(files, 'file', libraryImportLimits.clipBytes);
  if (
    sniffAudioFormat(data) !== item.format ||
    item.mimeType !== voiceFormatMimeTypes[item.format]
  ) {
    throw bad(libraryImportTexts.badFile);
  }
  return data;
}

/**
 * A piece's files: the MP3 always; the WAV, the MIDI and each instrument's stem when sent
 * (each what it claims to be). The stems zip is not kept (the API builds it from the stems):
 * it is checked, and its stems taken only when none came one by one. A file the form names
 * that a piece cannot have is refused.
 */
export function checkedPieceFiles(
  item: ImportablePiece,
  files: ReadonlyMap<string, Buffer>,
): AdoptedMusicFiles {
  const cap = libraryImportLimits.pieceFileBytes;
  const optional = (name: string, check: (data: Buffer) => boolean) => {
    if (!files.has(name)) return null;
    const data = fileOf(files, name, cap);
    if (!check(data)) throw bad(libraryImportTexts.badFile);
    return data;
  };
  const mp3 = fileOf(files, 'file', cap);
  if (!isMp3(mp3)) throw bad(libraryImportTexts.badFile);
  const wav = optional('wav', isWav);
  const midi = optional('midi', isMidi);
  const zip = optional('stems', isZip);
  const stems: { instrument: MusicInstrument; data: Buffer }[] = [];
  for (const name of files.keys()) {
    if (['file', 'wav', 'midi', 'stems'].includes(name)) continue;
    const instrument = name.startsWith('stem:') ? name.slice('stem:'.length) : '';
    if (!isInstrument(instrument) || !item.settings.instruments.includes(instrument)) {
      throw bad(libraryImportTexts.badFile);
    }
    const data = optional(name, isWav);
    if (data) stems.push({ instrument, data });
  }
  if (zip && stems.length === 0) {
    const unzipped = stemsInZip(zip, item.settings.instruments, cap);
    if (!unzipped) throw bad(libraryImportTexts.badFile);
    stems.push(...unzipped);
  }
  return { mp3, wav, midi, stems };
}
