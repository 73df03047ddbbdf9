// Words drawn into a pdfkit document as pdfkit draws them, without its per-call overhead.

type Doc = PDFKit.PDFDocument;

/** A glyph's place as pdfkit's EmbeddedFont encodes one, in its 1000-unit text space. */
interface PdfkitPosition {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}

/** The parts of pdfkit 0.20's document the text drawing below relies on. */
interface PdfkitTextInternals {
  x: number;
  y: number;
  page?: { height: number; fonts: Record<string, unknown> };
  _font?: {
    id: string;
    ref(): unknown;
    encode(text: string): [string[], PdfkitPosition[]];
  };
  _fontSize?: number;
  _textOptions?: unknown;
  _wrapper?: unknown;
}

/** A number as pdfkit writes it into a content stream. */
function pdfNumber(n: number): number {
  if (n > -1e21 && n < 1e21) return Math.round(n * 1e6) / 1e6;
  throw new Error(`unsupported number: ${n}`);
}

/**
 * Draws laid-out words with their baseline at `y`: what pdfkit's `text(words, x, y,
 * { lineBreak: false, baseline: 'alphabetic' })` writes, byte for byte, without the options it
 * merges and the width it measures again for every line. pdfkit's own call when its internals
 * are not as expected (pinned at 0.20.2).
 */
export function drawWords(doc: Doc, words: string, x: number, y: number): void {
  const pdf = doc as unknown as PdfkitTextInternals;
  const font = pdf._font;
  const size = pdf._fontSize;
  const page = pdf.page;
  if (
    !font ||
    size === undefined ||
    !page ||
    pdf._textOptions ||
    pdf._wrapper ||
    typeof font.encode !== 'function'
  ) {
    doc.text(words, x, y, { lineBreak: false, baseline: 'alphabetic' });
    return;
  }
  pdf.x = x;
  pdf.y = y;
  const scale = size / 1000;
  for (const piece of words.split('\n')) {
    let pen = pdf.x;
    if (piece.length > 0) {
      const top = page.height - pdf.y;
      page.fonts[font.id] ??= font.ref();
      const [encoded, positions] = font.encode(piece);
      // pdfkit's save, flip, text object and restore, written as one piece of the page's
      // content (each of pdfkit's calls writes its line and a line end, and makes a buffer of
      // it): the same bytes. The flip is undone by the restore, so the document's transform
      // stays as it was.
      let out = `q\n1 0 0 -1 0 ${pdfNumber(page.height)} cm\nBT\n1 0 0 1 ${pdfNumber(pen)} ${pdfNumber(top)} Tm\n/${font.id} ${pdfNumber(size)} Tf`;
      // As pdfkit groups glyphs: a run of hex glyphs until an advance differs from the glyph's
      // own, and a glyph moved off its pen position set on its own.
      let commands = '';
      let last = 0;
      let hadOffset = false;
      const addSegment = (cur: number) => {
        if (last < cur) {
          const { xAdvance, advanceWidth } = positions[cur - 1]!;
          if (commands !== '') commands += ' ';
          commands += `<${encoded.slice(last, cur).join('')}> ${pdfNumber(-(xAdvance - advanceWidth))}`;
        }
        last = cur;
      };
      const flush = (i: number) => {
        addSegment(i);
        if (commands !== '') {
          out += `\n[${commands}] TJ`;
          commands = '';
        }
      };
      let i = 0;
      for (; i < positions.length; i += 1) {
        const pos = positions[i]!;
        if (pos.xOffset || pos.yOffset) {
          flush(i);
          out += `\n1 0 0 1 ${pdfNumber(pen + pos.xOffset * scale)} ${pdfNumber(top + pos.yOffset * scale)} Tm`;
          flush(i + 1);
          hadOffset = true;
        } else {
          if (hadOffset) {
            out += `\n1 0 0 1 ${pdfNumber(pen)} ${pdfNumber(top)} Tm`;
            hadOffset = false;
          }
          if (pos.xAdvance - pos.advanceWidth !== 0) addSegment(i + 1);
        }
        pen += pos.xAdvance * scale;
      }
      flush(i);
      doc.addContent(`${out}\nET\nQ`);
    }
    // pdfkit moves its pen past the words drawn.
    pdf.x = pen;
  }
}
