import { existsSync } from 'node:fs';
import path from 'node:path';
import { megabytes } from './byte-units.ts';
import { downloadModel } from './download-model.ts';
import type { FetchFunction } from './follow-redirects.ts';
import { parsePullArgs, pullUsage } from './pull-args.ts';
import { PullError } from './pull-error.ts';
import { createProgressReporter, type ProgressOutput } from './progress-reporter.ts';

export interface PullCommandIo {
  /** Progress and messages (stdout). */
  out: ProgressOutput;
  /** Errors (stderr). */
  error(text: string): void;
  /** Resolves a relative --dir: where the person typed the command. */
  cwd: string;
  /** The API's models directory, asked only when --dir is not given. */
  modelsDir(): string;
  signal?: AbortSignal;
  fetch?: FetchFunction;
  timeouts?: { responseMs?: number; idleMs?: number };
}

/** Exit status of a process stopped by Ctrl-C (128 + SIGINT). */
const interruptedStatus = 130;

/**
 * `npm run models:pull`: downloads a model (the default one unless --url), verified, into the
 * models directory, and says how to use it. Returns the process exit status; never throws for
 * the expected failures (bad arguments, HTTP, network, checksum), which it explains on `error`.
 */
export async function runPullCommand(argv: string[], io: PullCommandIo): Promise<number> {
  const say = (line: string) => io.out.write(`${line}\n`);
  try {
    const args = parsePullArgs(argv, io.cwd);
    if (args.kind === 'help') {
      say(pullUsage);
      return 0;
    }
    const dir = args.dir ?? io.modelsDir();
    const target = path.join(dir, args.source.file);
    if (existsSync(target)) {
      say(`Already installed: ${target}. Delete it to download it again.`);
      return 0;
    }

    say(`Model: ${args.source.title}`);
    say(`Licence: ${args.source.licence}`);
    say(`From: ${args.source.url}`);
    say(`To: ${target}`);
    const reporter = createProgressReporter(io.out);
    let result;
    try {
      result = await downloadModel({
        url: args.source.url,
        dir,
        file: args.source.file,
        // An argument wins over the hash published for a Whisper model.
        sha256: args.sha256 ?? args.source.publishedSha256 ?? null,
        ...(args.sha256 === null && args.source.publishedSha256
          ? { sha256Source: 'whisper-models.ts' as const }
          : {}),
        verify: args.verify,
        onStart: ({ resumedFrom, total, hashSource }) => {
          if (resumedFrom > 0) {
            say(`Resuming at ${megabytes(resumedFrom)}${total ? ` of ${megabytes(total)}` : ''}.`);
          }
          say(
            hashSource
              ? `The SHA-256 to check comes from ${hashSource}.`
              : 'No SHA-256 is known: the file will be installed unverified (--no-verify).',
          );
        },
        onProgress: (progress) => reporter.update(progress),
        ...(io.signal ? { signal: io.signal } : {}),
        ...(io.fetch ? { fetch: io.fetch } : {}),
        ...(io.timeouts ? { timeouts: io.timeouts } : {}),
      });
    } finally {
      reporter.finish();
    }

    say(
      `Installed ${result.path} (${megabytes(result.bytes)}, SHA-256 ${result.verifiedBy ? `verified against ${result.verifiedBy}` : 'not verified'}).`,
    );
    say(
      args.source.use === 'chat'
        ? `Restart \`npm start\`: the chat now uses ${args.source.file}.`
        : `Restart \`npm start\`: dictation now hears recordings on this computer with ${args.source.file} (unless a transcription service is configured, or WHISPER_MODEL_PATH names another model).`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof PullError)) throw error;
    io.error(error.message);
    return error.kind === 'aborted' ? interruptedStatus : 1;
  }
}
