// `npm start`: builds the web app and the server if needed, then serves the portal and the API on
// one port. `npm run worker` (this script with `worker`) builds the server if needed, then runs a
// process that only takes jobs.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildServerIfNeeded } from './build-server.mjs';
import { buildWebIfNeeded } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const isWorker = process.argv[2] === 'worker';
if (!isWorker) buildWebIfNeeded();
await buildServerIfNeeded();

// Built JavaScript (scripts/build-server.mjs): no TypeScript is transpiled at start. Stack
// traces name the sources' files and lines through the build's source maps.
const entry = isWorker ? 'apps/server/dist/worker.js' : 'apps/server/dist/main.js';
const server = spawn(process.execPath, ['--enable-source-maps', entry], {
  cwd: root,
  stdio: 'inherit',
  // glibc gives each thread that allocates its own heap (up to eight per core); the picture
  // library's threads then keep a decoded photo's worth of memory each long after it is freed.
  // Two heaps held the server's growth during three 10 MB photo uploads and a 60 MB import to
  // 1.5x the bytes in flight, from 2.3x (bench: uploads while serving). Read once at start.
  env: { MALLOC_ARENA_MAX: '2', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
