// `npm start`: builds the web app if needed, then serves the portal and the API on one port.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildWebIfNeeded } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
buildWebIfNeeded();

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
