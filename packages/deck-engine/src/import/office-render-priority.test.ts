import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lowered, officePdf } from './office-render.ts';

// LibreOffice is background work (ADRs 065, 074): it runs at nice 19 unless told otherwise, and so do
// the processes it starts. A stand-in `soffice` prints, as the PDF asked of it, its own nice
// value and that of a process it starts.
let dir: string;
let fakeOffice: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'office-priority-'));
  fakeOffice = join(dir, 'soffice');
  await writeFile(
    fakeOffice,
    [
      '#!/bin/sh',
      'while [ $# -gt 0 ]; do [ "$1" = --outdir ] && outdir="$2"; shift; done',
      'echo "$(nice) $(sh -c nice)" > "$outdir/upload.pdf"',
    ].join('\n'),
  );
  await chmod(fakeOffice, 0o755);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The nice values the stand-in reported: its own and its child's. */
async function reported(niceness?: number) {
  const pdf = await officePdf(
    new Uint8Array([1, 2, 3]),
    { command: fakeOffice, ...(niceness === undefined ? {} : { niceness }) },
    { sanitise: false, confine: false, blockLinks: false },
  );
  if (!pdf) throw new Error('the stand-in office renderer did not run');
  return new TextDecoder().decode(pdf).trim().split(' ').map(Number);
}

describe.skipIf(process.platform !== 'linux' || getPriority() !== 0)(
  'LibreOffice at a lower priority',
  () => {
    it('runs at nice 19 by default, and what it starts too; this thread is left as it was', async () => {
      expect(await reported()).toEqual([19, 19]);
      expect(getPriority()).toBe(0);
    });

    it('runs at the nice value asked for, and at this thread’s with 0', async () => {
      expect(await reported(4)).toEqual([4, 4]);
      expect(await reported(0)).toEqual([0, 0]);
    });

    it('is started through `nice` only when this thread runs higher than asked', () => {
      const run = { command: 'soffice', args: ['--headless'] };
      expect(lowered(run, 0)).toBe(run);
      expect(lowered(run, 10)).toMatchObject({
        args: ['-n', '10', 'soffice', '--headless'],
        // by its name, which a multi-call program (BusyBox) reads to know what to do
        argv0: 'nice',
      });
    });
  },
);
