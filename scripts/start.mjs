// `npm start`: builds the web app and the server if needed, then serves the portal and the API on
// one port. `npm run worker` (this script with `worker`) builds the server if needed, then runs a
// process that only takes jobs.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildServerIfNeeded } from './build-server.mjs';
import { serverMallocEnv, serverNodeFlags } from './server-runtime.mjs';
import { buildWebIfNeeded } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const isWorker = process.argv[2] === 'worker';
if (!isWorker) buildWebIfNeeded();
await buildServerIfNeeded();

// Built JavaScript (scripts/build-server.mjs): no TypeScript is transpiled at start. Stack
// traces name the built files' lines: source maps cost ~35-100 MB (ADR 060);
// `NODE_OPTIONS=--enable-source-maps` names the sources' instead.
const entry = isWorker ? 'apps/server/dist/worker.js' : 'apps/server/dist/main.js';
// With V8's and glibc's memory settings (server-runtime.mjs): the environment may override the
// latter.
const server = spawn(process.execPath, [...serverNodeFlags, entry], {
  cwd: root,
  stdio: 'inherit',
  env: { ...serverMallocEnv, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
