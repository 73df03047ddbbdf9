import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bubblewrap, officeConfinement, officeFoldersInOpt } from './office-render.ts';

// The sandbox LibreOffice converts an upload in sees /usr, its fonts and the conversion's own
// folder. An application installed under /opt (this one, with its data folder and settings
// beside it) is not LibreOffice's to read: only LibreOffice's own folder of /opt is seen.

const sandbox = await officeConfinement();

let appDir: string | undefined;
let work: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'deck-portal-office-'));
  try {
    appDir = mkdtempSync('/opt/deck-portal-app-');
  } catch {
    appDir = undefined; // /opt not writable here: the tests that need it skip
  }
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  if (appDir) rmSync(appDir, { recursive: true, force: true });
});

/** What `cat` prints of `path` inside the sandbox of a conversion in `work`. */
function catInSandbox(path: string) {
  const run = bubblewrap(work, 'cat', [path]);
  return spawnSync(run.command, run.args, { encoding: 'utf8', timeout: 20_000 });
}

describe.skipIf(sandbox !== 'bubblewrap')('the sandbox of a conversion', () => {
  it('reads the conversion’s own folder, and nothing of an application under /opt', (context) => {
    if (!appDir) return context.skip();
    writeFileSync(join(work, 'upload.txt'), 'the upload');
    expect(catInSandbox(join(work, 'upload.txt')).stdout).toBe('the upload');

    mkdirSync(join(appDir, 'data'));
    writeFileSync(join(appDir, 'data', 'secret.txt'), 'the database password');
    const read = catInSandbox(join(appDir, 'data', 'secret.txt'));
    expect(read.stdout).not.toContain('the database password');
    expect(read.status).not.toBe(0);
  });
});

describe('the folders of /opt a conversion sees', () => {
  it('are LibreOffice’s own, where its program is, never /opt as a whole', (context) => {
    if (!appDir) return context.skip();
    const program = join(appDir, 'program', 'soffice');
    mkdirSync(join(appDir, 'program'));
    writeFileSync(program, '#!/bin/sh\n');
    chmodSync(program, 0o755);
    expect(officeFoldersInOpt(program)).toContain(appDir);
    expect(officeFoldersInOpt('cat')).not.toContain(appDir);
    expect(officeFoldersInOpt('cat')).not.toContain('/opt');
    const { args } = bubblewrap(work, 'cat', ['x']);
    const seen = args.flatMap((arg, i) => (/^--ro-bind/.test(args[i - 1] ?? '') ? [arg] : []));
    expect(seen).not.toContain('/opt');
  });
});
