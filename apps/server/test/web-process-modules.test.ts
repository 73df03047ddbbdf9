import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

// Issue 52: the web process serves pages; decks are drawn by the render workers. What the app,
// its services and the pool's front import must not bring the engine's writers or the
// importer's libraries into it (sharp is the server's own: uploaded pictures). Nor, before the
// first mail or the first use of an S3 bucket, react-email (with prettier and tailwind) or the
// AWS SDK.
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
  expect(loaded).toEqual(expect.arrayContaining(['fastify', 'fontkit', 'piscina']));
  for (const name of [
    'pdfkit',
    'pptxgenjs',
    'jszip',
    'pdf-lib',
    'pdfjs-dist',
    '@napi-rs/canvas',
    'budoux',
    '@react-email/components',
    '@react-email/render',
    'prettier',
    'tailwindcss',
    '@aws-sdk/client-s3',
    '@aws-sdk/s3-request-presigner',
  ]) {
    expect(loaded).not.toContain(name);
  }
}, 180_000);
