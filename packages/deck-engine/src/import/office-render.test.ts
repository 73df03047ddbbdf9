import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { importPresentation } from './import-pptx.ts';

// With LibreOffice at import time, a chart and a SmartArt diagram come back as pictures of
// themselves and every slide has its original drawing; without it they are reported left out.
const corpus =
  process.env.PPTX_CORPUS ??
  fileURLToPath(new URL('../../../../../shared/pptx-corpus', import.meta.url));
const file = join(corpus, 'pp-ph-populated-placeholders.pptx');
const hasOffice = (() => {
  try {
    execFileSync('soffice', ['--version'], { stdio: 'ignore', timeout: 30_000 });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!existsSync(file))('charts and SmartArt at import', () => {
  it('import a chart as a chart, and leave SmartArt out, reported, without the office renderer', async () => {
    const imported = await importPresentation(readFileSync(file));
    if (!imported.ok) throw new Error(imported.reason);
    const chartSlide = imported.slides[3]!;
    expect(chartSlide.report.notImported).toEqual([]);
    expect(chartSlide.document.elements.find((e) => e.kind === 'chart')).toMatchObject({
      chart: 'pie',
      title: 'Sales',
      categories: ['1st Qtr', '2nd Qtr', '3rd Qtr', '4th Qtr'],
    });
    const smartArtSlide = imported.slides[7]!;
    expect(smartArtSlide.report.notImported).toContainEqual({
      kind: 'smartart',
      why: 'a SmartArt diagram was left out: it does not import as editable elements',
    });
    expect(smartArtSlide.document.elements.some((e) => e.kind === 'picture')).toBe(false);
    expect(smartArtSlide.original).toBeUndefined();
  });

  it.skipIf(!hasOffice)(
    'SmartArt becomes a picture of itself, and each slide gets its original, with LibreOffice',
    async () => {
      const imported = await importPresentation(readFileSync(file), undefined, {
        command: 'soffice',
      });
      if (!imported.ok) throw new Error(imported.reason);
      // The chart is the engine's own: no picture stands in for it.
      expect(imported.slides[3]!.document.elements.some((e) => e.kind === 'picture')).toBe(false);
      for (const [index, kind, what] of [[7, 'smartart', 'a SmartArt diagram']] as const) {
        const slide = imported.slides[index]!;
        expect(slide.report.notImported).toContainEqual({
          kind,
          why: `${what} is shown as a picture of itself (not editable)`,
        });
        const picture = slide.document.elements.find(
          (e) => e.kind === 'picture' && e.alt === `${what} as a picture`,
        );
        expect(picture, `slide ${index + 1}`).toBeDefined();
        const src = picture!.kind === 'picture' ? picture!.src : '';
        const meta = await sharp(slide.pictures[src]!).metadata();
        expect(meta.format).toBe('png');
        expect(meta.width).toBeGreaterThan(50);
      }
      for (const slide of imported.slides) {
        expect((await sharp(slide.original!).metadata()).width, `slide ${slide.number}`).toBe(640);
      }
    },
    120_000,
  );
});
