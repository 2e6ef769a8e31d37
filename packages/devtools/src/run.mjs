import { spawn } from 'node:child_process';

/**
 * Runs a command and resolves with its exit code (never rejects), so a pipeline can go on after
 * one step fails and still report everything at the end. Output is inherited, or with
 * `buffered` collected and written in one piece when the command ends, so two commands running
 * side by side do not interleave their logs.
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, cwd?: string, buffered?: boolean }} [options]
 * @returns {Promise<number>}
 */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: options.buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
    });
    /** @type {Buffer[]} */
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    const flush = () => {
      if (output.length > 0) process.stdout.write(Buffer.concat(output));
    };
    child.on('error', (error) => {
      flush();
      console.error(`Could not start ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('close', (code, signal) => {
      flush();
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}
