import { crc32, deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { deflateContentAside, endAside, writeContentAsText } from './pdf-writing.ts';

/** A 2 × 2 RGB PNG, each pixel its own colour. */
function smallPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 250, 250, 250]);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A document of several pages, some long enough for their content to take many deflate blocks,
 * a picture written among them and the fonts at the end; written as the engine writes (each
 * page's content as text, deflated aside) or by pdfkit alone.
 */
function write(asEngine: boolean, compress = true): Promise<Buffer> {
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress,
    info: { CreationDate: new Date(0), ModDate: new Date(0), Title: 'Aside' },
  });
  const aside = asEngine ? deflateContentAside(doc) : undefined;
  const done =
    aside ??
    new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
    });
  const picture = smallPng();
  for (let page = 0; page < 5; page += 1) {
    doc.addPage({ size: [960, 540], margin: 0 });
    if (asEngine) writeContentAsText(doc);
    doc.rect(0, 0, 960, 540).fillColor('#f4f1ea').fill();
    const lines = page === 2 ? 400 : 3 + page;
    for (let line = 0; line < lines; line += 1) {
      doc
        .fillColor(line % 2 ? '#1fa9c0' : '#222222')
        .fontSize(8 + (line % 5))
        .text(`Page ${page + 1}, line ${line + 1}: ${'word '.repeat(line % 13)}`, 40, 20 + line);
    }
    if (page === 1 || page === 3) doc.image(picture, 600, 200, { width: 120 });
    if (page === 2) {
      // A stream of the document's own (as a font file is), ended while the pages are drawn.
      const stream = (doc as unknown as { ref(): { end(bytes: Uint8Array): void } }).ref();
      const bytes = Buffer.from('a font file, or nearly '.repeat(500), 'latin1');
      if (!asEngine || !endAside(doc, stream, bytes)) stream.end(bytes);
    }
  }
  doc.end();
  return done;
}

describe('deflating page content aside', () => {
  it('writes the same bytes as pdfkit deflating each page as it ends', async () => {
    const [engine, pdfkit] = await Promise.all([write(true), write(false)]);
    expect(engine.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(engine.length).toBe(pdfkit.length);
    expect(engine.equals(pdfkit)).toBe(true);
  });

  it('leaves a document pdfkit does not compress to pdfkit', async () => {
    const doc = new PDFDocument({ autoFirstPage: false, compress: false });
    expect(deflateContentAside(doc)).toBeUndefined();
    doc.end();
    const [engine, pdfkit] = await Promise.all([write(true, false), write(false, false)]);
    expect(engine.equals(pdfkit)).toBe(true);
  });
});
