import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** How to start a worker thread: a file to run, or code to evaluate (`eval`). */
export interface WorkerSource {
  code: string;
  eval: boolean;
}

/**
 * A thread's module as the running server has it: the bundled file beside server.js
 * (scripts/bundle.mjs builds each thread's entry there) when it exists, or else, running from
 * the sources (development, tests), the TypeScript module loaded through tsx's loader.
 * `preload` names modules the thread imports that are plain JavaScript already (a build's
 * output): they are loaded before tsx is, as Node loads them, since tsx takes a .js file outside a
 * `"type": "module"` package for CommonJS and cannot load it as an ES module.
 */
export function threadSource(
  bundled: URL,
  typescriptModule: string,
  preload: readonly string[] = [],
): WorkerSource {
  const file = fileURLToPath(bundled);
  if (existsSync(file)) return { code: file, eval: false };
  const tsx = import.meta.resolve('tsx/esm/api');
  const first = preload.map((url) => `.then(() => import(${JSON.stringify(url)}))`).join('');
  return {
    code: `Promise.resolve()${first}.then(() => import(${JSON.stringify(tsx)})).then(({ register }) => { register(); return import(${JSON.stringify(typescriptModule)}); });`,
    eval: true,
  };
}
