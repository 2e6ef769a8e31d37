import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  defaultWhisperModel,
  whisperModelLicence,
  whisperModels,
} from '../../providers/transcription/whisper-models.ts';
import { defaultModel, type PullSource } from './default-model.ts';
import { PullError } from './pull-error.ts';
import { isSha256Hex } from './sha256-file.ts';

export const pullUsage = `Downloads a model into the API's models directory: a GGUF model for chat on this
computer, or (--whisper) a whisper.cpp model for dictation on this computer.

Usage: npm run models:pull [-- --url <url>] [--sha256 <hex>] [--file <name>] [--dir <dir>] [--no-verify]
       npm run models:pull -- --whisper [--whisper-model ${whisperModels.map((model) => model.name).join('|')}]

  --url <url>      where to download from (default: ${defaultModel.title})
  --sha256 <hex>   the file's expected SHA-256 (default: announced by the hub in X-Linked-ETag;
                   for --whisper's models, the SHA-256 published for them)
  --file <name>    the file name to save as, ending in .gguf, or .bin with --whisper
                   (default: the URL's file name)
  --dir <dir>      where to save it (default: LOCAL_MODELS_DIR, else <DATA_DIR>/models)
  --no-verify      install even when no SHA-256 is known (a mismatch is still refused)
  --whisper        a multilingual Whisper model for dictation (default: ${defaultWhisperModel.title})
  --whisper-model  which one: ${whisperModels.map((model) => `${model.name} (${model.title})`).join(', ')}
  --help           this text

An interrupted download resumes when the command runs again.`;

export type PullArgs =
  | { kind: 'help' }
  | {
      kind: 'pull';
      source: PullSource;
      sha256: string | null;
      verify: boolean;
      /** null: the API's models directory. */
      dir: string | null;
    };

function usageError(message: string): PullError {
  return new PullError('usage', `${message}\nRun with --help for the options.`, true);
}

/** The last path segment of a URL, decoded: what the file is called where it comes from. */
function fileNameOf(url: URL): string {
  const last = url.pathname.split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * Only a plain `*.gguf` name for chat (the local engine lists *.gguf) or `*.bin` for Whisper
 * (whisper.cpp's ggml files), and never a path, which could escape --dir.
 */
function checkedFileName(name: string, use: PullSource['use']): string {
  if (name !== path.basename(name) || name.includes('\\') || name.startsWith('.')) {
    throw usageError(`--file must be a plain file name, not a path: ${name}`);
  }
  if (use === 'chat' && !name.toLowerCase().endsWith('.gguf')) {
    throw usageError(`--file must end in .gguf (the local model only loads GGUF files): ${name}`);
  }
  if (use === 'dictation' && !name.toLowerCase().endsWith('.bin')) {
    throw usageError(`--file must end in .bin with --whisper (whisper.cpp's ggml files): ${name}`);
  }
  return name;
}

/** The command's arguments, checked; `cwd` resolves a relative --dir. */
export function parsePullArgs(argv: string[], cwd: string): PullArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        url: { type: 'string' },
        sha256: { type: 'string' },
        file: { type: 'string' },
        dir: { type: 'string' },
        'no-verify': { type: 'boolean', default: false },
        whisper: { type: 'boolean', default: false },
        'whisper-model': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    throw usageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return { kind: 'help' };

  const use: PullSource['use'] =
    values.whisper || values['whisper-model'] !== undefined ? 'dictation' : 'chat';
  let source: PullSource = defaultModel;
  if (use === 'dictation') {
    const wanted = values['whisper-model'] ?? defaultWhisperModel.name;
    const whisper = whisperModels.find((model) => model.name === wanted);
    if (!whisper) {
      throw usageError(
        `--whisper-model must be one of ${whisperModels.map((model) => model.name).join(', ')}`,
      );
    }
    source = {
      use,
      url: whisper.url,
      file: whisper.file,
      title: whisper.title,
      licence: whisperModelLicence,
      publishedSha256: whisper.sha256,
    };
  }
  if (values.url !== undefined) {
    let url: URL;
    try {
      url = new URL(values.url);
    } catch {
      throw usageError(`--url is not a URL: ${values.url}`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw usageError(`--url must be http(s): ${values.url}`);
    }
    const file = values.file ?? fileNameOf(url);
    if (!file) {
      throw usageError(
        `--url has no file name to save as; pass --file <name>${use === 'chat' ? '.gguf' : '.bin'}`,
      );
    }
    source = {
      use,
      url: url.href,
      file,
      title: file,
      licence: "see the model's page: you are responsible for complying with its licence",
    };
  } else if (values.file !== undefined) {
    source = { ...source, file: values.file };
  }
  source = { ...source, file: checkedFileName(source.file, use) };

  let sha256: string | null = null;
  if (values.sha256 !== undefined) {
    sha256 = values.sha256.trim().toLowerCase();
    if (!isSha256Hex(sha256)) throw usageError('--sha256 must be 64 hexadecimal characters');
  }

  return {
    kind: 'pull',
    source,
    sha256,
    verify: !values['no-verify'],
    dir: values.dir === undefined ? null : path.resolve(cwd, values.dir),
  };
}
