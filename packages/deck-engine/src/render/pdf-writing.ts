// pdfkit's writing of a document's bytes, with less made on the way: the same bytes.

import { deflateAside } from './deflate-aside.ts';

type Doc = PDFKit.PDFDocument;

/** The parts of pdfkit 0.20's page content stream the writing below relies on. */
interface PdfkitContent {
  write(chunk: Uint8Array | string): void;
  finalize(): void;
}

/** The parts of pdfkit 0.20's object (PDFReference) that deflating aside relies on. */
interface PdfkitReference extends PdfkitContent {
  id: number;
  gen: number;
  offset?: number;
  compress: boolean;
  buffer: Uint8Array[];
  data: Record<string, unknown>;
}

/** The parts of pdfkit 0.20's document that deflating aside relies on. */
interface PdfkitOutput {
  push(chunk: Uint8Array | null): boolean;
  _write(data: Uint8Array | string): void;
  _offset: number;
  _offsets: (number | null)[];
  _refEnd(ref: PdfkitReference): void;
  _finalize(): void;
  _security?: unknown;
  compress?: boolean;
}

/** A stream being deflated on the thread pool: its object's bytes once done. */
interface Aside {
  /** Where in the document's bytes written so far (those of earlier asides not counted) it goes. */
  chunks: Uint8Array[];
  /** The stream's bytes deflated, once its object's bytes are in `chunks`. */
  done: Promise<Uint8Array>;
}

/** Per document: how a stream is ended with its deflate on the thread pool (see below). */
const setAside = new WeakMap<
  object,
  (reference: PdfkitReference, finalize: PdfkitContent['finalize']) => Promise<Uint8Array>
>();

/**
 * Ends a stream to be deflated (pdfkit's `compress`), its `bytes` written first when given, as a
 * page's content is ended when the document deflates aside (`deflateContentAside`): answers its
 * bytes deflated once its object is written, or `undefined` when the document does not deflate
 * aside or the stream is not to be deflated (then nothing is written and it is not ended).
 */
export function endAside(
  doc: Doc,
  stream: object,
  bytes?: Uint8Array,
): Promise<Uint8Array> | undefined {
  const aside = setAside.get(doc);
  const reference = stream as PdfkitReference;
  const { finalize } = Object.getPrototypeOf(reference) as Partial<PdfkitContent>;
  if (!aside || !reference.compress || typeof finalize !== 'function') return undefined;
  if (bytes) reference.write(bytes);
  return reference.buffer.length > 0 ? aside(reference, finalize) : undefined;
}

/**
 * pdfkit deflates a page's content stream (zlib's deflateSync, on this thread) and writes its
 * object when the page ends, before the next page is drawn. Here the content is deflated on
 * libuv's thread pool instead (zlib's deflate, the same options and so the same bytes) while the
 * next pages are drawn: the object keeps its place among the document's bytes, the bytes after it
 * are counted from there, and when the document ends, once every page's content is deflated,
 * each object is written in its place (by pdfkit's own writing, its length known), the offsets
 * of the objects after it moved by its bytes, then pdfkit writes its cross-reference table:
 * the document's bytes are the same as pdfkit's. Answers the document's bytes, or `undefined`
 * (pdfkit's own ways and events) when pdfkit's internals are not as expected.
 */
export function deflateContentAside(doc: Doc): Promise<Buffer> | undefined {
  const output = doc as unknown as PdfkitOutput;
  const { _finalize: finalize, _refEnd: refEnd } = output;
  if (
    typeof output.push !== 'function' ||
    typeof output._write !== 'function' ||
    typeof finalize !== 'function' ||
    typeof refEnd !== 'function' ||
    typeof output._offset !== 'number' ||
    !Array.isArray(output._offsets) ||
    output._security ||
    !output.compress
  ) {
    return undefined;
  }
  /** The document's bytes in order; an aside's chunks are filled when its deflate is done. */
  const parts: Uint8Array[][] = [[]];
  // What pdfkit wrote already (its header) waits in the stream.
  const head = (doc as unknown as { read(): Uint8Array | null }).read();
  if (head) parts[0]!.push(head);
  const asides: Aside[] = [];
  /** How many asides come before each object, by its id. */
  const asidesBefore = new Map<number, number>();
  output.push = (chunk) => {
    if (chunk !== null) parts.at(-1)!.push(chunk);
    return true;
  };
  output._refEnd = (ref) => {
    if (!asidesBefore.has(ref.id)) asidesBefore.set(ref.id, asides.length);
    refEnd.call(output, ref);
  };
  setAside.set(doc, (content, finalizeObject) => {
    const raw = content.buffer.length === 1 ? content.buffer[0]! : Buffer.concat(content.buffer);
    content.buffer = [];
    content.offset = output._offset;
    const aside: Aside = {
      chunks: [],
      done: deflateAside(raw).then((deflated) => {
        // pdfkit's own writing of the object, its bytes put in the aside's place.
        const writer = {
          _offset: 0,
          _security: undefined,
          _write: (data: Uint8Array | string) => {
            aside.chunks.push(typeof data === 'string' ? Buffer.from(`${data}\n`, 'latin1') : data);
          },
          _refEnd: () => {},
        };
        const stand = Object.create(content) as PdfkitReference & { document: unknown };
        stand.document = writer;
        stand.buffer = deflated.length > 0 ? [deflated] : [];
        stand.compress = false;
        finalizeObject.call(stand);
        return deflated;
      }),
    };
    // Seen by the document's end; a page drawn after this one may throw first, and the document
    // is then never ended: its failure is the caller's, not an unhandled rejection.
    aside.done.catch(() => {});
    asidesBefore.set(content.id, asides.length);
    asides.push(aside);
    parts.push(aside.chunks, []);
    refEnd.call(output, content);
    return aside.done;
  });
  return new Promise<Buffer>((resolve, reject) => {
    output._finalize = () => {
      Promise.all(asides.map((aside) => aside.done))
        .then(() => {
          const shifts = [0];
          for (const aside of asides) {
            shifts.push(shifts.at(-1)! + aside.chunks.reduce((sum, c) => sum + c.length, 0));
          }
          output._offsets = output._offsets.map((offset, index) =>
            offset === null ? null : offset + shifts[asidesBefore.get(index + 1) ?? asides.length]!,
          );
          output._offset += shifts.at(-1)!;
          finalize.call(output);
          resolve(Buffer.concat(parts.flat()));
        })
        // pdfkit's writing of the end failing settles the document too.
        .catch(reject);
    };
  });
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
 * kept as its lines instead and made bytes once, as pdfkit makes them (each character's low
 * byte, what Latin-1 writes, and a line end), when the page ends or something else is written to
 * it: the same bytes, without the page's text joined into one string on the way.
 */
export function writeContentAsText(doc: Doc): void {
  const content = (doc as unknown as PdfkitWriting).page?.content;
  if (!content || typeof content.write !== 'function' || typeof content.finalize !== 'function') {
    return;
  }
  const { write, finalize } = content;
  let pending: string[] = [];
  let length = 0;
  const flush = () => {
    if (pending.length === 0) return;
    const bytes = Buffer.allocUnsafe(length);
    let at = 0;
    for (const line of pending) {
      at += bytes.write(line, at, 'latin1');
      bytes[at++] = 0x0a;
    }
    pending = [];
    length = 0;
    write.call(content, bytes);
  };
  content.write = (chunk: Uint8Array | string) => {
    if (typeof chunk === 'string') {
      pending.push(chunk);
      // One byte a character, and the line end.
      length += chunk.length + 1;
    } else {
      flush();
      write.call(content, chunk);
    }
  };
  content.finalize = () => {
    flush();
    // Deflated on the thread pool when the document deflates aside; else as pdfkit does.
    if (!endAside(doc, content as PdfkitReference)) finalize.call(content);
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
