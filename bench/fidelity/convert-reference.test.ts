import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { convertWithLibreOffice } from './convert-reference.ts';

const dir = mkdtempSync(join(tmpdir(), 'fidelity-soffice-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A stand-in for soffice with LibreOffice's arguments: it converts a file by writing a small
// PDF, hangs on a file named "hang", and writes nothing for one named "broken".
const fake = join(dir, 'fake-soffice.sh');
writeFileSync(
  fake,
  `#!/bin/sh
out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --outdir) out="$2"; shift ;;
    *hang.pptx) sleep 30 ;;
    *broken.pptx) echo "Error: source file could not be loaded" >&2 ;;
    *.pptx) name=$(basename "$1" .pptx); printf '%%PDF-1.4\\n%%%%EOF\\n' > "$out/$name.pdf" ;;
  esac
  shift
done
`,
);
chmodSync(fake, 0o755);

describe('convertWithLibreOffice', () => {
  it('converts what it can in one call, and reports a file it hangs on or cannot read', async () => {
    const files = ['a.pptx', 'broken.pptx', 'hang.pptx', 'z.pptx'].map((name) => join(dir, name));
    const started = performance.now();
    const result = await convertWithLibreOffice({
      files,
      outDir: join(dir, 'out'),
      profileDir: join(dir, 'profile'),
      perFileTimeoutMs: 300,
      command: fake,
    });
    // Killed after the batch's allowance, then each file left over tried alone: no 30 s wait.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect([...result.pdfs.keys()]).toEqual([files[0], files[3]]);
    expect(readFileSync(result.pdfs.get(files[3]!)!, 'latin1')).toContain('%%EOF');
    expect(result.failures.get(files[1]!)).toMatch(/wrote no PDF .*could not be loaded/);
    expect(result.failures.get(files[2]!)).toMatch(/did not finish within 0.3 s/);
  });
});
