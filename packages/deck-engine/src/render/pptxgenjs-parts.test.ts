import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { unzipSync } from 'fflate';
import PptxGenJS from 'pptxgenjs';
import JSZip from 'jszip';
import { describe, expect, it, vi } from 'vitest';
import { PPTXGENJS_VERSION, pptxgenjsParts } from './pptxgenjs-parts.ts';

// `pptxgenjsParts` takes pptxgenjs's parts from inside its export (ADR 058): these tests are the
// alarm for a pptxgenjs upgrade, which must fail here rather than write different files.

const require = createRequire(import.meta.url);
const packageJson = (path: string) =>
  JSON.parse(readFileSync(path, 'utf8')) as {
    version?: string;
    dependencies?: Record<string, string>;
  };

// A 1 × 1 PNG.
const PIXEL =
  'image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** Two slides: a text and a picture, then a chart (whose sheet is zipped while parts are written). */
function presentation(): PptxGenJS {
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_WIDE';
  const first = pptx.addSlide();
  first.addText('Quarterly review — 四半期', { x: 1, y: 1, w: 4, h: 1 });
  first.addImage({ data: PIXEL, x: 6, y: 1, w: 1, h: 1 });
  pptx
    .addSlide()
    .addChart(
      pptx.ChartType.bar,
      [{ name: 'Revenue', labels: ['North', 'South'], values: [3, 5] }],
      {
        x: 1,
        y: 1,
        w: 6,
        h: 4,
      },
    );
  return pptx;
}

/** What differs between two exports of one presentation: the clock's dates. */
const withoutDates = (name: string, bytes: Uint8Array): Uint8Array => {
  if (name.startsWith('ppt/embeddings/')) {
    const sheet = Object.entries(unzipSync(bytes)).filter(([n]) => n !== 'docProps/core.xml');
    return Buffer.concat(sheet.flatMap(([n, b]) => [Buffer.from(n), b]));
  }
  return name === 'docProps/core.xml'
    ? Buffer.from(
        Buffer.from(bytes)
          .toString('utf8')
          .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, ''),
      )
    : bytes;
};

describe('pptxgenjsParts', () => {
  it('runs on the pptxgenjs release it was written for, pinned exactly', () => {
    const installed = packageJson(
      join(dirname(require.resolve('pptxgenjs')), '..', 'package.json'),
    );
    const engine = packageJson(new URL('../../package.json', import.meta.url).pathname);
    expect(installed.version).toBe(PPTXGENJS_VERSION);
    expect(engine.dependencies?.pptxgenjs).toBe(PPTXGENJS_VERSION);
  });

  it('gives the parts pptxgenjs would have zipped, in its order, byte for byte, without folders', async () => {
    const pptx = presentation();
    const zipped = Object.entries(
      unzipSync((await pptx.write({ outputType: 'nodebuffer' })) as Buffer),
    ).filter(([name]) => !name.endsWith('/'));
    const parts = await pptxgenjsParts(pptx);

    expect([...parts.keys()]).toEqual(zipped.map(([name]) => name));
    expect([...parts.keys()]).toEqual(
      expect.arrayContaining([
        'ppt/slides/slide2.xml',
        expect.stringMatching(/^ppt\/media\/.+\.png$/),
        expect.stringMatching(/^ppt\/charts\/chart\d+\.xml$/),
        expect.stringMatching(/^ppt\/embeddings\/.+\.xlsx$/),
      ]),
    );
    for (const [name, bytes] of zipped) {
      expect(Buffer.from(withoutDates(name, parts.get(name)!)), name).toEqual(
        Buffer.from(withoutDates(name, bytes)),
      );
    }
    // The presentation is left as pptxgenjs made it: it still zips its own archive.
    expect(Buffer.isBuffer(await pptx.write({ outputType: 'nodebuffer' }))).toBe(true);
  });

  it("reads what each part holds, not through JSZip's chunked stream (kept for a JSZip that holds parts otherwise)", async () => {
    const entry = new JSZip().file('part.xml', '<a/>').files['part.xml']!;
    const streamed = vi.spyOn(Object.getPrototypeOf(entry) as typeof entry, 'async');
    try {
      const parts = await pptxgenjsParts(presentation());
      expect(parts.size).toBeGreaterThan(20);
      expect(streamed).not.toHaveBeenCalled();
    } finally {
      streamed.mockRestore();
    }
  });

  it('keeps a character beyond the 16-bit range whole where JSZip splits the part into 16 KB pieces', async () => {
    const withText = (text: string) => {
      const pptx = new PptxGenJS();
      pptx.addSlide().addText(text, { x: 1, y: 1, w: 4, h: 1 });
      return pptx;
    };
    const slideOf = (parts: ReadonlyMap<string, Uint8Array>) =>
      Buffer.from(parts.get('ppt/slides/slide1.xml')!).toString('utf8');
    // 𠮷 (a name's character, two UTF-16 units) placed across the first 16 KB boundary.
    const at = slideOf(await pptxgenjsParts(withText('𠮷'))).indexOf('𠮷');
    const text = `${'a'.repeat(16 * 1024 - at - 1)}𠮷`;
    const zipped = unzipSync((await withText(text).write({ outputType: 'nodebuffer' })) as Buffer);
    // pptxgenjs's own archive writes two replacement characters there...
    expect(Buffer.from(zipped['ppt/slides/slide1.xml']!).toString('utf8')).toContain('\uFFFD');
    // ...the parts have the character.
    const slide = slideOf(await pptxgenjsParts(withText(text)));
    expect(slide).toContain('𠮷');
    expect(slide).not.toContain('\uFFFD');
  });

  it('fails loudly, naming the version it needs, when pptxgenjs no longer has its hook', async () => {
    const pptx = presentation();
    delete (pptx as unknown as { createChartMediaRels?: unknown }).createChartMediaRels;
    await expect(pptxgenjsParts(pptx)).rejects.toThrow(`pptxgenjs ${PPTXGENJS_VERSION}`);
  });
});
