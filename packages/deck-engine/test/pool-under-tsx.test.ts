import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

describe('worker pool under node --import tsx', () => {
  it('renders in a worker when the process runs TypeScript sources through tsx', async () => {
    const script = fileURLToPath(new URL('./pool-under-tsx.ts', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      timeout: 30_000,
    });
    expect(JSON.parse(stdout)).toEqual({ slides: 2, pdf: '%PDF-' });
  }, 40_000);
});
