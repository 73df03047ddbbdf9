// pdfkit's writing of a document's bytes, with less made on the way: the same bytes.

type Doc = PDFKit.PDFDocument;

/** The parts of pdfkit 0.20's page content stream the writing below relies on. */
interface PdfkitContent {
  write(chunk: Uint8Array | string): void;
  finalize(): void;
}

/** The parts of pdfkit 0.20's document the writing below relies on. */
interface PdfkitWriting {
  page?: { content?: PdfkitContent };
  _write?: (data: unknown) => void;
  _normalizeColor?: (color: unknown) => unknown;
  _setColorCore?: (color: unknown, stroke: boolean) => boolean;
  addContent?: (data: string) => unknown;
}

/**
 * pdfkit turns every drawing operation into a buffer of its own (a line of the page's content,
 * each character copied in JavaScript) and joins them when the page ends. The page's content is
 * kept as text instead and made bytes once, as pdfkit makes them (each character's low byte,
 * what Latin-1 writes), when the page ends or something else is written to it: the same bytes.
 */
export function writeContentAsText(doc: Doc): void {
  const content = (doc as unknown as PdfkitWriting).page?.content;
  if (!content || typeof content.write !== 'function' || typeof content.finalize !== 'function') {
    return;
  }
  const { write, finalize } = content;
  let pending = '';
  const flush = () => {
    if (pending === '') return;
    const bytes = Buffer.from(pending, 'latin1');
    pending = '';
    write.call(content, bytes);
  };
  content.write = (chunk: Uint8Array | string) => {
    if (typeof chunk === 'string') pending += `${chunk}\n`;
    else {
      flush();
      write.call(content, chunk);
    }
  };
  content.finalize = () => {
    flush();
    finalize.call(content);
  };
}

// A colour's operators as pdfkit writes them (`/DeviceRGB cs` and the colour's `scn`), for
// filling and for stroking, by the colour as the engine names it (`#1fa9c0`).
const colourOperators = new Map<string, readonly [fill: string, stroke: string]>();

/**
 * The document writes its objects' text and its colours as pdfkit does, with less on the way:
 * the objects' lines as Latin-1 bytes without a copy made character by character, and a colour
 * given as `#rrggbb` parsed once per process (pdfkit parses it for every shape and text) and
 * written as one piece; the same bytes. pdfkit's own ways when its internals are not as expected.
 */
export function writeWithLess(doc: Doc): void {
  const pdf = doc as unknown as PdfkitWriting;
  const { _write: write, _normalizeColor: normalize, _setColorCore: setColor } = pdf;
  if (typeof write === 'function') {
    pdf._write = (data: unknown) =>
      write.call(doc, typeof data === 'string' ? Buffer.from(`${data}\n`, 'latin1') : data);
  }
  if (
    typeof normalize !== 'function' ||
    typeof setColor !== 'function' ||
    typeof pdf.addContent !== 'function'
  ) {
    return;
  }
  pdf._setColorCore = (color: unknown, stroke: boolean) => {
    if (typeof color !== 'string' || !color.startsWith('#')) {
      return setColor.call(doc, color, stroke);
    }
    let operators = colourOperators.get(color);
    if (!operators) {
      const parts = normalize.call(doc, color);
      if (!Array.isArray(parts) || parts.length !== 3) return setColor.call(doc, color, stroke);
      const values = parts.join(' ');
      operators = [`/DeviceRGB cs\n${values} scn`, `/DeviceRGB CS\n${values} SCN`];
      if (colourOperators.size >= 10_000) colourOperators.clear();
      colourOperators.set(color, operators);
    }
    pdf.addContent!(operators[stroke ? 1 : 0]);
    return true;
  };
}
