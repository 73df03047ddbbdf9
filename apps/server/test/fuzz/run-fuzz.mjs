// `npm run fuzz`: the route fuzzer with far more cases than CI runs, and a new seed each time
// (printed, and repeated in every failure, so a failure replays). FUZZ_RUNS and FUZZ_SEED
// override; arguments go on to vitest (`npm run fuzz -- -t "POST /api/generate-slides"`).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../../..');
const env = { ...process.env };
env.FUZZ_RUNS ??= '1000';
env.FUZZ_SEED ??= String(Math.floor(Math.random() * 2 ** 31));
console.log(
  `Route fuzzer: FUZZ_SEED=${env.FUZZ_SEED} FUZZ_RUNS=${env.FUZZ_RUNS} (per route and caller)`,
);

const result = spawnSync(
  path.join(root, 'node_modules/.bin/vitest'),
  [
    'run',
    '--project',
    'server',
    // the four callers' files: route-fuzzer-<caller>.test.ts
    'apps/server/test/fuzz/route-fuzzer-',
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit', env, shell: process.platform === 'win32' },
);
process.exit(result.status ?? 1);
