import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { importPresentation } from '../import-presentation.ts';

// A chart imports as a chart and a SmartArt diagram as the shapes of its drawing. A diagram
// saved without its drawing (older writers) comes back, with LibreOffice at import time, as a
// picture of itself, and every slide has its original drawing; without it, it is left out.
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

/** The file with its SmartArt's drawing taken out, as a writer that saves none leaves it. */
function withoutDiagramDrawing(bytes: Uint8Array): Uint8Array {
  const parts = unzipSync(bytes);
  for (const name of Object.keys(parts)) {
    if (/^ppt\/diagrams\/drawing\d+\.xml$/.test(name)) delete parts[name];
  }
  const rels = 'ppt/slides/_rels/slide8.xml.rels';
  parts[rels] = strToU8(
    new TextDecoder().decode(parts[rels]).replace(/<Relationship [^>]*diagramDrawing[^>]*\/>/g, ''),
  );
  return zipSync(parts);
}

describe.skipIf(!existsSync(file))('charts and SmartArt at import', () => {
  it('import a chart as a chart and SmartArt as its shapes, without the office renderer', async () => {
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
      why: 'a SmartArt diagram is imported as the shapes it shows: its layout is not kept',
    });
    expect(smartArtSlide.document.elements.filter((e) => e.kind === 'path').length).toBeGreaterThan(
      1,
    );
    expect(smartArtSlide.original).toBeUndefined();

    const without = await importPresentation(withoutDiagramDrawing(readFileSync(file)));
    if (!without.ok) throw new Error(without.reason);
    expect(without.slides[7]!.report.notImported).toContainEqual({
      kind: 'smartart',
      why: 'a SmartArt diagram was left out: it does not import as editable elements',
    });
    expect(without.slides[7]!.document.elements.some((e) => e.kind === 'picture')).toBe(false);
  });

  it.skipIf(!hasOffice)(
    'SmartArt without its drawing becomes a picture of itself, and each slide gets its original, with LibreOffice',
    async () => {
      const imported = await importPresentation(withoutDiagramDrawing(readFileSync(file)), {
        office: { command: 'soffice' },
      });
      if (!imported.ok) throw new Error(imported.reason);
      // The chart is the engine's own: no picture stands in for it.
      expect(imported.slides[3]!.document.elements.some((e) => e.kind === 'picture')).toBe(false);
      const slide = imported.slides[7]!;
      expect(slide.report.notImported).toContainEqual({
        kind: 'smartart',
        why: 'a SmartArt diagram is shown as a picture of itself (not editable)',
      });
      const picture = slide.document.elements.find(
        (e) => e.kind === 'picture' && e.alt === 'a SmartArt diagram as a picture',
      );
      expect(picture).toBeDefined();
      const src = picture!.kind === 'picture' ? picture!.src : '';
      const meta = await sharp(slide.pictures[src]!).metadata();
      expect(meta.format).toBe('png');
      expect(meta.width).toBeGreaterThan(50);
      for (const each of imported.slides) {
        expect((await sharp(each.original!).metadata()).width, `slide ${each.number}`).toBe(640);
      }
    },
    120_000,
  );
});
