/**
 * `npm run models:pull [-- --url <url> --sha256 <hex> --file <name> --dir <dir> --no-verify]`:
 * downloads a chat model into the API's models directory (domains/models/pull/pull-command.ts).
 */
import { ConfigError, loadConfig } from '../config.ts';
import { runPullCommand } from '../domains/models/pull/pull-command.ts';

function modelsDir(): string {
  try {
    return loadConfig().localModel.dir;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`${error.message}\nFix the configuration, or pass --dir <dir>.`);
      process.exit(1);
    }
    throw error;
  }
}

// Ctrl-C stops the transfer through the signal, so the .part is closed cleanly and kept.
const interrupt = new AbortController();
process.once('SIGINT', () => interrupt.abort());

process.exitCode = await runPullCommand(process.argv.slice(2), {
  out: { write: (text) => process.stdout.write(text), isTTY: process.stdout.isTTY === true },
  error: (text) => console.error(text),
  // npm and pnpm run scripts in the package's folder; INIT_CWD is where the person typed.
  cwd: process.env['INIT_CWD'] ?? process.cwd(),
  modelsDir,
  signal: interrupt.signal,
});
