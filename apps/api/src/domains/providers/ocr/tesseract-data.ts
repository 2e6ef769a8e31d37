import { mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { OcrError, type OcrLanguage } from './ocr-engine.ts';

/**
 * Where Tesseract's code and language data come from: the npm packages in node_modules, never a
 * CDN (tesseract.js fetches from jsDelivr when `langPath` is left out).
 */

export type TesseractCode = 'eng' | 'vie';

/**
 * The Tesseract languages one request is read with, measured on drawn lines (DejaVu Sans, clean
 * 16 and 32 px, and 13 px rotated 1.5°, blurred, JPEG quality 40): `eng` reads English best
 * (`vie` misreads a few English letters on degraded lines, 97.9 %); `vie` reads Vietnamese best
 * (`vie+eng` takes a lone "ặ" for "&" or "a"); for a mix, `vie+eng` and `vie` came out even
 * (98.5–99.5 %) and `vie+eng` keeps English lines whole on degraded pictures (100 % against
 * 97.9 %). `eng` alone loses every Vietnamese mark (70–78 %).
 */
export function tesseractLanguagesFor(languages: readonly OcrLanguage[]): string {
  const english = languages.includes('en');
  const vietnamese = languages.includes('vi');
  if (vietnamese && english) return 'vie+eng';
  return vietnamese ? 'vie' : 'eng';
}

const require = createRequire(import.meta.url);

/** The packages' LSTM-only integer models: the same text as their larger `4.0.0` folders. */
export function defaultLanguageFiles(): Record<TesseractCode, string> {
  const file = (code: TesseractCode) =>
    path.join(
      path.dirname(require.resolve(`@tesseract.js-data/${code}/package.json`)),
      '4.0.0_best_int',
      `${code}.traineddata.gz`,
    );
  return { eng: file('eng'), vie: file('vie') };
}

/** tesseract.js's thread script for Node and its WebAssembly build, both from node_modules. */
export function tesseractCodePaths(): { workerPath: string; corePath: string } {
  const tesseract = require.resolve('tesseract.js');
  const fromTesseract = createRequire(tesseract);
  return {
    workerPath: fromTesseract.resolve('./worker-script/node/index.js'),
    // The Node thread requires the core by name (its getCore ignores corePath); named here all
    // the same so the options never point anywhere but node_modules.
    corePath: path.dirname(fromTesseract.resolve('tesseract.js-core/package.json')),
  };
}

/**
 * tesseract.js reads every language from one folder (`langPath`), and the two packages keep
 * theirs apart: a private folder (mkdtemp, mode 700) links both files. Each file is unpacked
 * once here first, so a missing or damaged package fails at once with its name, not as a
 * worker that never starts (tesseract.js swallows a failed language load).
 */
export interface LanguageFolder {
  readonly path: string;
  remove(): Promise<void>;
}

export async function prepareLanguageFolder(
  files: Record<TesseractCode, string>,
): Promise<LanguageFolder> {
  for (const [code, file] of Object.entries(files)) {
    try {
      const unpacked = await promisify(gunzip)(await readFile(file));
      if (unpacked.length < 1024) throw new Error(`only ${unpacked.length} bytes`);
    } catch (error) {
      throw new OcrError(
        'failed',
        `The OCR language data for ${code} is missing or damaged (${file}); reinstall @tesseract.js-data/${code}.`,
        { cause: error },
      );
    }
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'studio-ocr-'));
  for (const [code, file] of Object.entries(files)) {
    await symlink(file, path.join(folder, `${code}.traineddata.gz`));
  }
  return { path: folder, remove: () => rm(folder, { recursive: true, force: true }) };
}
