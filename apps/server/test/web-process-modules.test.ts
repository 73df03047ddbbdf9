import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { packagesInWebProcess, packagesNotInWebProcess } from './helpers/web-process-packages.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

// The sources as `npm run dev` runs them; build-server.test.ts checks the same of the build.
it('the web process loads none of the engine’s writers, nor the mail renderer or the AWS SDK', async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      '../../packages/deck-engine/scripts/loaded-packages.mjs',
      './src/app.ts',
      './src/build-services.ts',
      '@deck-portal/deck-engine/pool',
    ],
    { cwd: serverDir, maxBuffer: 4 * 1024 * 1024 },
  );
  const loaded = JSON.parse(stdout) as string[];
  expect(loaded).toEqual(expect.arrayContaining(packagesInWebProcess));
  for (const name of packagesNotInWebProcess) expect(loaded).not.toContain(name);
}, 180_000);
