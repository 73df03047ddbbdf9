import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const engineDir = fileURLToPath(new URL('..', import.meta.url));

/** The npm packages a fresh process has loaded once it imported `modules`. */
async function packagesLoadedBy(...modules: string[]): Promise<string[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'scripts/loaded-packages.mjs', ...modules],
    { cwd: engineDir },
  );
  return JSON.parse(stdout) as string[];
}

/** The PDF and PPTX writers: the render workers' business. */
const WRITERS = ['pdfkit'];
/**
 * Loaded when first used: the importer's PDF reader and canvas, the PDF merger, BudouX, sharp,
 * and pptxgenjs with its JSZip, for a deck with a chart only (the PPTX's direct writer: ADR 059).
 */
const ON_DEMAND = [
  'pdf-lib',
  'pdfjs-dist',
  '@napi-rs/canvas',
  'budoux',
  'sharp',
  'wawoff2',
  'pptxgenjs',
  'jszip',
];

describe('what a process loads with the engine', () => {
  it('the web process entry measures text with the real fonts and loads no writer', async () => {
    const loaded = await packagesLoadedBy('./src/library-entry.ts');
    // Preflight and previews lay text out: the font parser and the shaper are needed.
    expect(loaded).toEqual(expect.arrayContaining(['fontkit', 'harfbuzzjs', 'zod']));
    for (const name of [...WRITERS, ...ON_DEMAND, 'piscina']) expect(loaded).not.toContain(name);
  }, 120_000);

  it('the whole engine loads the writers, but neither the importer nor the certificate', async () => {
    const loaded = await packagesLoadedBy('./src/index.ts');
    expect(loaded).toEqual(expect.arrayContaining(WRITERS));
    for (const name of ON_DEMAND) expect(loaded).not.toContain(name);
  }, 120_000);
});
