// Starts the real API (serving the built SPA) for the end-to-end tests on a fresh data directory.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const here = import.meta.dirname;
const dataDir = process.env['DATA_DIR'];
if (!dataDir) throw new Error('DATA_DIR is required');
rmSync(dataDir, { recursive: true, force: true });

const apiDir = path.resolve(here, '../../api');
const tsxCli = createRequire(path.join(apiDir, 'package.json')).resolve('tsx/cli');
const child = spawn(process.execPath, [tsxCli, path.join(apiDir, 'src/server.ts')], {
  stdio: 'inherit',
  // WEB_DIST_DIR lets a second checkout-sharing run test its own build (vite build --outDir).
  env: {
    ...process.env,
    WEB_DIST_DIR: process.env['WEB_DIST_DIR'] ?? path.resolve(here, '../dist'),
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 1));
