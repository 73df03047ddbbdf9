import JSZip from 'jszip';
import PptxGenJS from 'pptxgenjs';
import { describe, expect, it } from 'vitest';
import { normalizePptx } from './normalize-pptx.ts';

async function rawThreeSlideDeck(): Promise<Buffer> {
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_WIDE';
  for (const n of [1, 2, 3]) pptx.addSlide().addText(`Slide ${n}`, { x: 1, y: 1, w: 4, h: 1 });
  return (await pptx.write({ outputType: 'nodebuffer', compression: false })) as Buffer;
}

describe('normalizePptx', () => {
  it('removes the causes of the repair prompt that pptxgenjs 4.0.1 writes (#1443, #1444)', async () => {
    const raw = await rawThreeSlideDeck();
    const before = await JSZip.loadAsync(raw);
    const typesBefore = await before.file('[Content_Types].xml')!.async('string');
    // The bug as shipped: overrides for slide masters 2 and 3 that are not in the package...
    expect(typesBefore).toContain('/ppt/slideMasters/slideMaster3.xml');
    expect(before.file('ppt/slideMasters/slideMaster3.xml')).toBeNull();
    // ...and a notes master full of placeholder shapes PowerPoint deletes on repair.
    expect(await before.file('ppt/notesMasters/notesMaster1.xml')!.async('string')).toContain(
      '<p:sp>',
    );

    const after = await JSZip.loadAsync(await normalizePptx(raw, { date: '2026-03-05' }));
    const typesAfter = await after.file('[Content_Types].xml')!.async('string');
    expect(typesAfter).not.toContain('slideMaster2.xml');
    expect(typesAfter).not.toContain('slideMaster3.xml');
    expect(typesAfter).toContain('/ppt/slideMasters/slideMaster1.xml');
    expect(await after.file('ppt/notesMasters/notesMaster1.xml')!.async('string')).not.toContain(
      '<p:sp>',
    );
    const core = await after.file('docProps/core.xml')!.async('string');
    expect(core).toContain('2026-03-05T00:00:00Z');
  });

  it('dates every part by the deck, not the clock, and keeps no folder entries', async () => {
    const after = await JSZip.loadAsync(
      await normalizePptx(await rawThreeSlideDeck(), { date: '2026-03-05' }),
    );
    const entries = Object.values(after.files);
    expect(entries.filter((entry) => entry.dir)).toEqual([]);
    expect(Object.keys(after.files)[0]).toBe('[Content_Types].xml');
    for (const entry of entries) {
      const d = entry.date;
      expect([d.getFullYear(), d.getMonth() + 1, d.getDate()], entry.name).toEqual([2026, 3, 5]);
    }
  });
});
