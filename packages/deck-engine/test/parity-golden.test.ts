import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfToPngs, svgToPng } from './rasterize.ts';
import { renderGoldenDeck } from './render-fixture.ts';

const WIDTH = 480;
const GOLDEN_DIR = fileURLToPath(new URL('./golden/', import.meta.url));
/** `UPDATE_GOLDENS=1 npx vitest run --project deck-engine test/parity-golden.test.ts` */
const UPDATE = process.env.UPDATE_GOLDENS === '1';

/** Share of pixels that differ beyond pixelmatch's colour threshold. */
function difference(a: Buffer, b: Buffer): number {
  const pa = PNG.sync.read(a);
  const pb = PNG.sync.read(b);
  expect([pb.width, pb.height]).toEqual([pa.width, pa.height]);
  const diff = pixelmatch(pa.data, pb.data, undefined, pa.width, pa.height, { threshold: 0.15 });
  return diff / (pa.width * pa.height);
}

describe('PDF and SVG parity, golden images', () => {
  let pdfPngs: Buffer[];
  let svgPngs: Buffer[];

  beforeAll(async () => {
    const { rendered } = await renderGoldenDeck();
    pdfPngs = await pdfToPngs(rendered.pdf, WIDTH);
    svgPngs = await Promise.all(rendered.svgs.map((svg) => svgToPng(svg, WIDTH)));
  }, 60_000);

  it('draws every slide the same in the PDF and the SVG (≤ 1% of pixels differ)', () => {
    expect(svgPngs).toHaveLength(pdfPngs.length);
    const diffs = pdfPngs.map((png, i) => difference(png, svgPngs[i]!));
    for (const [i, d] of diffs.entries()) expect(d, `slide ${i + 1}`).toBeLessThan(0.01);
  });

  it('matches the committed golden images (≤ 0.5% of pixels differ)', () => {
    if (UPDATE) mkdirSync(GOLDEN_DIR, { recursive: true });
    svgPngs.forEach((png, i) => {
      const file = `${GOLDEN_DIR}slide-${String(i + 1).padStart(2, '0')}.png`;
      if (UPDATE) writeFileSync(file, png);
      expect(existsSync(file), `${file} missing: run with UPDATE_GOLDENS=1`).toBe(true);
      expect(difference(readFileSync(file), png), `slide ${i + 1}`).toBeLessThan(0.005);
    });
  });

  it('would notice a changed slide', () => {
    // Guard against a comparison that passes anything: two different slides must differ a lot.
    expect(difference(svgPngs[0]!, svgPngs[1]!)).toBeGreaterThan(0.2);
  });
});
