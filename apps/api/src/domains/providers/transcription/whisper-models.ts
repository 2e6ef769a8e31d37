import { statSync } from 'node:fs';
import path from 'node:path';

/**
 * The multilingual whisper.cpp models `npm run models:pull -- --whisper` knows, as published in
 * the whisper.cpp model repository on Hugging Face (ggml format, MIT like Whisper itself). Their
 * SHA-256 is pinned here (Hugging Face's LFS pointers for these files), so a download is checked
 * against a hash that did not come with it. The `.en` models hear English only: not offered.
 */
export interface WhisperModelSource {
  name: 'base' | 'small';
  /** The file name in the models directory. */
  file: string;
  url: string;
  sha256: string;
  bytes: number;
  title: string;
}

const repository = 'https://huggingface.co/ggerganov/whisper.cpp/resolve/main';

export const whisperModels: readonly WhisperModelSource[] = [
  {
    name: 'base',
    file: 'ggml-base.bin',
    url: `${repository}/ggml-base.bin`,
    sha256: '60ed5bc3dd14eea856493d334349b405782ddcaf0028d4b5df4088345fba2efe',
    bytes: 147_951_465,
    title: 'Whisper base, multilingual, whisper.cpp ggml (about 148 MB)',
  },
  {
    name: 'small',
    file: 'ggml-small.bin',
    url: `${repository}/ggml-small.bin`,
    sha256: '1be3a9b2063867b937e64e2ec7483364a79917e157fa98c5d94b5c1fffea987b',
    bytes: 487_601_967,
    title: 'Whisper small, multilingual, whisper.cpp ggml (about 488 MB; better, slower)',
  },
];

export const defaultWhisperModel = whisperModels[0] as WhisperModelSource;

export const whisperModelLicence =
  'MIT (OpenAI Whisper; converted by the whisper.cpp project, https://huggingface.co/ggerganov/whisper.cpp)';

const isFile = (filePath: string) => {
  try {
    return statSync(filePath).isFile();
  } catch {
    return false;
  }
};

/**
 * The Whisper model to use: WHISPER_MODEL_PATH (an absolute path, or a file name in the models
 * directory) when given, else the best known model installed there (small before base), else
 * null. Synchronous on purpose: the configuration decides at start-up whether one is installed.
 */
export function findWhisperModel(
  modelsDir: string,
  configured: string | undefined,
): { path: string; found: boolean } | null {
  if (configured !== undefined) {
    const resolved = path.isAbsolute(configured) ? configured : path.join(modelsDir, configured);
    return { path: resolved, found: isFile(resolved) };
  }
  for (const model of [...whisperModels].reverse()) {
    const candidate = path.join(modelsDir, model.file);
    if (isFile(candidate)) return { path: candidate, found: true };
  }
  return null;
}
