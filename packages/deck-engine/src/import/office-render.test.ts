import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import { deckDraftSchema } from '@deck-portal/domain';
import { generateDeck } from '../generate-deck.ts';
import { importPresentation } from '../import-presentation.ts';
import { createTemplateLibrary } from '../library/template-library.ts';
import { officePdf } from './office-render.ts';
import { hasOffice } from '../../test/office.ts';

// A chart imports as a chart and a SmartArt diagram as the shapes of its drawing. A diagram
// saved without its drawing (older writers) comes back, with LibreOffice at import time, as a
// picture of itself, and every slide has its original drawing; without it, it is left out.
const corpus =
  process.env.PPTX_CORPUS ??
  fileURLToPath(new URL('../../../../../shared/pptx-corpus', import.meta.url));
const file = join(corpus, 'pp-ph-populated-placeholders.pptx');
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

describe.skipIf(!hasOffice)('the office drawing', () => {
  it('brings a large photo down to 150 pixels an inch in the PDF it draws the originals from', async () => {
    // A 2,400 px photo in a frame 8 inches wide: 300 an inch, which LibreOffice keeps by default.
    const photo = await sharp({
      create: { width: 2400, height: 1600, channels: 3, background: '#2f6f4e' },
    })
      .jpeg()
      .toBuffer();
    const url = 'https://pictures.example/site.jpg';
    const { pptx } = await generateDeck(
      deckDraftSchema.parse({
        basicInfo: { deckTitle: 'The site', clientName: 'Northwind', date: '2026-02-01' },
        productSelection: { selectedProducts: [{ id: 'bms', quantity: 1 }], includePricing: false },
        templateCustomization: {
          selectedSlides: ['title'],
          customSlides: [
            {
              id: 'site',
              layoutId: 'image-caption',
              placeholderContent: { title: 'The site', image: url },
            },
          ],
        },
      }),
      { library: createTemplateLibrary(), images: { preloaded: { [url]: new Uint8Array(photo) } } },
    );
    const pdf = await officePdf(pptx, { command: 'soffice' });
    expect(pdf).toBeDefined();
    const document = await PDFDocument.load(pdf!);
    const imageWidths = document.context
      .enumerateIndirectObjects()
      .flatMap(([, object]) =>
        object instanceof PDFRawStream &&
        object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')
          ? [(object.dict.get(PDFName.of('Width')) as PDFNumber).asNumber()]
          : [],
      );
    // ~8 inches at 150 an inch: ~1,200 px, where the default kept all 2,400.
    expect(imageWidths).toHaveLength(1);
    expect(imageWidths[0]).toBeGreaterThan(1_100);
    expect(imageWidths[0]).toBeLessThanOrEqual(1_250);
  }, 120_000);
});
