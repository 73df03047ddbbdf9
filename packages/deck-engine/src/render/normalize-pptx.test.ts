import JSZip from 'jszip';
import PptxGenJS from 'pptxgenjs';
import { describe, expect, it } from 'vitest';
import { deflateRawSync } from 'node:zlib';
import { normalizedEntries, normalizePptx, writeZip, writeZipDeflating } from './normalize-pptx.ts';
import { pptxgenjsParts } from './pptxgenjs-parts.ts';

// A 1 × 1 PNG.
const PIXEL =
  'image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** The parts pptxgenjs writes for three slides, each with a text and a picture. */
async function rawThreeSlideDeck(): Promise<Map<string, Uint8Array>> {
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_WIDE';
  for (const n of [1, 2, 3]) {
    const slide = pptx.addSlide();
    slide.addText(`Slide ${n}`, { x: 1, y: 1, w: 4, h: 1 });
    slide.addImage({ data: PIXEL, x: 6, y: 1, w: 1, h: 1 });
  }
  return pptxgenjsParts(pptx);
}

const textOf = (parts: ReadonlyMap<string, Uint8Array>, name: string) =>
  Buffer.from(parts.get(name)!).toString('utf8');

/** Each entry's name, flags, method and date, read from the archive's central directory. */
function centralDirectory(zip: Buffer) {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const entries: Array<{ name: string; flags: number; method: number; date: number[] }> = [];
  for (let i = 0; i < count; i += 1) {
    const dosDate = zip.readUInt16LE(offset + 14);
    const nameLength = zip.readUInt16LE(offset + 28);
    entries.push({
      name: zip.toString('utf8', offset + 46, offset + 46 + nameLength),
      flags: zip.readUInt16LE(offset + 8),
      method: zip.readUInt16LE(offset + 10),
      date: [(dosDate >> 9) + 1980, (dosDate >> 5) & 0xf, dosDate & 0x1f],
    });
    offset += 46 + nameLength + zip.readUInt16LE(offset + 30) + zip.readUInt16LE(offset + 32);
  }
  return entries;
}

describe('normalizePptx', () => {
  it('removes the causes of the repair prompt that pptxgenjs 4.0.1 writes (#1443, #1444)', async () => {
    const raw = await rawThreeSlideDeck();
    // The bug as shipped: overrides for slide masters 2 and 3 that are not in the package...
    expect(textOf(raw, '[Content_Types].xml')).toContain('/ppt/slideMasters/slideMaster3.xml');
    expect(raw.has('ppt/slideMasters/slideMaster3.xml')).toBe(false);
    // ...and a notes master full of placeholder shapes PowerPoint deletes on repair.
    expect(textOf(raw, 'ppt/notesMasters/notesMaster1.xml')).toContain('<p:sp>');

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

  it('gives a background its effect list and a paragraph of several runs one a:pPr, with or without the caller’s rewrite', async () => {
    const pptx = new PptxGenJS();
    const slide = pptx.addSlide();
    slide.background = { color: 'F0F0F0' };
    slide.addText(
      [
        { text: 'First line', options: { align: 'left' } },
        { text: 'after a soft return', options: { align: 'left', softBreakBefore: true } },
      ],
      { x: 1, y: 1, w: 4, h: 1 },
    );
    const raw = await pptxgenjsParts(pptx);
    const slideXml = async (zip: Uint8Array) =>
      (await JSZip.loadAsync(zip)).file('ppt/slides/slide1.xml')!.async('string');
    const paragraphProperties = (xml: string) =>
      [...xml.matchAll(/<a:p>([\s\S]*?)<\/a:p>/g)].map(
        ([, inner]) => inner!.match(/<a:pPr\b/g)?.length ?? 0,
      );
    // As pptxgenjs writes it: a pPr before each run, and a background without effects.
    expect(paragraphProperties(textOf(raw, 'ppt/slides/slide1.xml'))).toContain(2);
    for (const rewriteSlide of [undefined, (xml: string) => xml.replace('First', 'Opening')]) {
      const xml = await slideXml(
        await normalizePptx(raw, { date: '2026-03-05', ...(rewriteSlide ? { rewriteSlide } : {}) }),
      );
      expect(paragraphProperties(xml).every((count) => count <= 1)).toBe(true);
      expect(xml).toContain('</a:solidFill><a:effectLst/></p:bgPr>');
      expect(xml).toContain('after a soft return');
      if (rewriteSlide) expect(xml).toContain('Opening line');
    }
  });

  it('dates every part by the deck, in any time zone, and keeps no folder entries', async () => {
    const raw = await rawThreeSlideDeck();
    const zone = process.env.TZ;
    const inZone = async (tz: string) => {
      process.env.TZ = tz;
      return normalizePptx(raw, { date: '2026-03-05' });
    };
    try {
      const newYork = await inZone('America/New_York');
      const tokyo = await inZone('Asia/Tokyo');
      expect(newYork.equals(tokyo)).toBe(true);
      const entries = centralDirectory(tokyo);
      expect(entries[0]!.name).toBe('[Content_Types].xml');
      expect(entries.filter((entry) => entry.name.endsWith('/'))).toEqual([]);
      for (const entry of entries) expect(entry.date, entry.name).toEqual([2026, 3, 5]);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('zips a deck dated past 2099 (zip dates end there)', async () => {
    const pptx = await normalizePptx(await rawThreeSlideDeck(), { date: '2150-06-01' });
    for (const entry of centralDirectory(pptx)) expect(entry.date[0]).toBe(2099);
    expect(
      await (await JSZip.loadAsync(pptx)).file('docProps/core.xml')!.async('string'),
    ).toContain('2150-06-01T00:00:00Z');
  });

  it('deflates every entry, pictures included (a stored entry may not have a data descriptor)', async () => {
    const entries = centralDirectory(
      await normalizePptx(await rawThreeSlideDeck(), { date: '2026-03-05' }),
    );
    expect(entries.some((entry) => entry.name.startsWith('ppt/media/'))).toBe(true);
    for (const entry of entries) {
      // Method 8 is deflate; a stored entry (0) with flag bit 3 makes readers refuse the file.
      expect(entry.method === 8 || (entry.flags & 0x8) === 0, entry.name).toBe(true);
    }
  });

  it('deflates on the thread pool to the same archive, byte for byte, as deflating here', async () => {
    const entries = normalizedEntries(await rawThreeSlideDeck(), { date: '2026-03-05' });
    const mtime = new Date(2026, 2, 5, 12);
    const onThisThread = writeZip(entries, mtime);
    const onThePool = await writeZipDeflating(entries, mtime);
    expect(onThePool.equals(onThisThread)).toBe(true);
    // The XML is compressed (level 6), not only framed.
    const slide = entries.find(([name]) => name === 'ppt/slides/slide1.xml')![1];
    expect(deflateRawSync(slide, { level: 6 }).length).toBeLessThan(slide.length / 2);
    expect(onThePool.length).toBeLessThan(entries.reduce((n, [, b]) => n + b.length, 0));
  });

  it("zips a direct writer's final slides as written, and still fixes pptxgenjs's", async () => {
    const pptx = new PptxGenJS();
    const withBackground = pptx.addSlide();
    withBackground.background = { color: 'F0F0F0' };
    withBackground.addText('On grey', { x: 1, y: 1, w: 4, h: 1 });
    const raw = await pptxgenjsParts(pptx);
    const slideOf = async (zip: Buffer) =>
      (await JSZip.loadAsync(zip)).file('ppt/slides/slide1.xml')!.async('string');
    const fixed = await slideOf(await normalizePptx(raw, { date: '2026-03-05' }));
    expect(fixed.match(/<a:effectLst\/><\/p:bgPr>/g)).toHaveLength(1);
    // A slide written final already (its effect list in place) gets no second one.
    const final = new Map(raw);
    final.set('ppt/slides/slide1.xml', Buffer.from(fixed));
    const kept = await slideOf(
      await normalizePptx(final, { date: '2026-03-05', slidesFinal: true }),
    );
    expect(kept).toBe(fixed);
  });
});
