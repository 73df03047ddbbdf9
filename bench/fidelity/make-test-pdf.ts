import PDFDocument from 'pdfkit';

/** What the fidelity tests draw: words by their left end and baseline, and filled boxes. */
export interface TestPage {
  width: number;
  height: number;
  words?: { text: string; x: number; y: number; size: number }[];
  boxes?: { x: number; y: number; width: number; height: number; color: string }[];
}

/** A small PDF made with pdfkit (Helvetica, not embedded), one page per `TestPage`. */
export function makeTestPdf(pages: readonly TestPage[]): Promise<Uint8Array> {
  const doc = new PDFDocument({ autoFirstPage: false, margin: 0, compress: false });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  for (const page of pages) {
    doc.addPage({ size: [page.width, page.height], margin: 0 });
    for (const box of page.boxes ?? []) {
      doc.rect(box.x, box.y, box.width, box.height).fill(box.color);
    }
    doc.fillColor('#000000').font('Helvetica');
    for (const word of page.words ?? []) {
      doc.fontSize(word.size).text(word.text, word.x, word.y, {
        baseline: 'alphabetic',
        lineBreak: false,
      });
    }
  }
  doc.end();
  return done;
}
