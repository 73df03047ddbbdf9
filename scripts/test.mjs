// `npm test`: unit and server tests on the embedded database, the server tests again on
// PostgreSQL when DATABASE_URL is set, then the browser tests against the real built server.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
}

// The vitest runs never touch a real server database unless asked to by TEST_DATABASE_URL.
const { DATABASE_URL, ...envWithoutDatabase } = process.env;
const vitest = path.join(root, 'node_modules/.bin/vitest');

if (!only || only === 'unit') {
  console.log('\n▶ unit and server tests (embedded database)');
  const result = spawnSync(vitest, ['run'], {
    cwd: root,
    stdio: 'inherit',
    env: envWithoutDatabase,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  if (DATABASE_URL) {
    // Only the tests that open the test database (test/helpers/test-database.ts) differ on
    // PostgreSQL: the unit tests beside the code (src/), the server processes (their own data
    // directory), the render process (one of its tests uploads a picture, the rest never open a
    // database), the embedded database's own memory, the builds and module graphs, and the
    // object stores have run already.
    const sameOnEither = [
      'src/**',
      'test/process.test.ts',
      'test/process-shutdown-streams.test.ts',
      'test/render-process.test.ts',
      'test/embedded-database-memory.test.ts',
      'test/build-server.test.ts',
      'test/server-runtime.test.ts',
      'test/web-process-modules.test.ts',
      'test/storage/**',
      'test/fuzz/judge-response.test.ts',
    ];
    const exclude = sameOnEither.flatMap((glob) => ['--exclude', glob]);
    run('server tests (PostgreSQL)', vitest, ['run', '--project', 'server', ...exclude], {
      TEST_DATABASE_URL: DATABASE_URL,
      DATABASE_URL: '',
    });
  }
}
if (!only || only === 'e2e') {
  // e2e/global-setup.ts builds the web app first when a source changed.
  run(
    'browser tests',
    path.join(root, 'node_modules/.bin/playwright'),
    ['test', '--config', 'e2e/playwright.config.ts'],
    {
      DATABASE_URL: '',
    },
  );
}
