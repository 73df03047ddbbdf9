import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/client-view.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/vite.client-view.config.ts',
  'apps/web/build',
  'packages/domain/src',
];

/** The newest modification time under `target` (a path from the repository's root), 0 when absent. */
export function newestChange(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(full)) {
    newest = Math.max(newest, newestChange(path.join(target, entry)));
  }
  return newest;
}

/** Builds the web app when there is no build yet or a source changed since the last one. */
export function buildWebIfNeeded({ force = false } = {}) {
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const isStale = sources.some((source) => newestChange(source) > builtAt);
  if (!force && !isStale) return;
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@deck-portal/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('The web app did not build; see the messages above.');
    process.exit(result.status ?? 1);
  }
}
