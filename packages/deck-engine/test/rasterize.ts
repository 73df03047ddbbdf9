import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';

/** Renders PDF pages to PNG with pdfjs-dist on @napi-rs/canvas (all pages, or the ones asked). */
export async function pdfToPngs(pdf: Buffer, width: number, pages?: number[]): Promise<Buffer[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  try {
    const wanted = pages ?? Array.from({ length: doc.numPages }, (_, i) => i + 1);
    const out: Buffer[] = [];
    for (const n of wanted) {
      const page = await doc.getPage(n);
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: width / base.width });
      const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
      // pdfjs types its canvas parameters with the DOM types; @napi-rs/canvas implements them.
      const params = { canvas, canvasContext: canvas.getContext('2d'), viewport };
      await page.render(params as unknown as Parameters<typeof page.render>[0]).promise;
      out.push(canvas.toBuffer('image/png'));
    }
    return out;
  } finally {
    await doc.destroy();
  }
}

/** Renders an SVG document to PNG with sharp (librsvg). */
export function svgToPng(svg: string, width: number): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 72 * (width / 960) })
    .resize({ width })
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();
}
