import { escapeXml, solidFill, XML_HEAD } from './markup.ts';
import type { PartWriter } from './part-writer.ts';
import { addedPicture, writePicture, type PictureObject, type PictureOptions } from './pictures.ts';
import { addedText, writeShape, type ShapeOptions } from './shapes.ts';
import {
  addedTable,
  tableLinks,
  writeTable,
  type TableCellInput,
  type TableOptions,
} from './tables.ts';
import type { Hyperlink, LinkIds, TextPiece } from './text-body.ts';

const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * A slide of the direct writer: takes what `render-pptx.ts` adds (`addText`, `addTable`,
 * `addImage`) as pptxgenjs's slide takes it, or a shape written from its laid-out element
 * (`shapeWritten`), and writes its XML and relationships as pptxgenjs 4.0.1 writes them (ADR 059).
 * Each thing is written into the deck's writer as it is added, so a deck's slides are written one
 * at a time: a slide is started, filled, then `finish`ed before the next is started.
 * Relationships are numbered in the order things are added: links first in the relationships
 * part, then pictures, then the layout and the notes.
 */
export class DirectSlide implements LinkIds {
  private readonly links = new Map<Hyperlink, { id: number; target: string }>();
  private readonly pictures: PictureObject[] = [];
  private objects = 0;
  private texts = 0;
  private tables = 0;
  private images = 0;
  private written?: Buffer;
  /** A run's options need not repeat its box's: the text body reads them from the box. */
  readonly readsRunsFromBox = true;

  constructor(
    readonly number: number,
    /** The deck's writer: empty when the slide starts, its markup when it `finish`es. */
    readonly writer: PartWriter,
    /** The slide's background colour (six hex digits). */
    background?: string,
  ) {
    const w = writer;
    w.raw(XML_HEAD);
    w.raw('<p:sld xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="');
    w.raw(RELATIONSHIPS);
    w.raw(
      '" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cSld name="Slide ',
    );
    w.number(number).raw('">');
    // The effect list the schema requires after the fill (pptxgenjs leaves it out, #1442, and
    // the normalising pass adds it to pptxgenjs's slides), written here at once.
    if (background) {
      w.raw('<p:bg><p:bgPr>').raw(solidFill(background)).raw('<a:effectLst/></p:bgPr></p:bg>');
    }
    w.raw(
      '<p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr>' +
        '<p:grpSpPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/><a:chOff x="0" y="0"/><a:chExt cx="0" cy="0"/></a:xfrm></p:grpSpPr>',
    );
  }

  addText(text: string | TextPiece[], options: ShapeOptions): this {
    const object = addedText(text, options, this.texts);
    this.texts += 1;
    for (const piece of object.pieces) this.link(piece);
    writeShape(this.writer, object, this.objects, this);
    this.objects += 1;
    return this;
  }

  /** The next object's place among the slide's objects (its id is its place plus two). */
  get nextIndex(): number {
    return this.objects;
  }

  /** The number pptxgenjs names the next text or shape by, unnamed ("Text n"). */
  get nextTextNumber(): number {
    return this.texts;
  }

  /**
   * A shape without links was written into `writer` at `nextIndex` by its caller, from its
   * laid-out element (`element-markup.ts`).
   */
  shapeWritten(): void {
    this.objects += 1;
    this.texts += 1;
  }

  addTable(rows: TableCellInput[][], options: TableOptions): this {
    const table = addedTable(rows, options, this.tables);
    this.tables += 1;
    for (const piece of tableLinks(table)) this.link(piece);
    writeTable(this.writer, table, this.number, this.tables, this);
    this.objects += 1;
    return this;
  }

  addImage(options: PictureOptions): this {
    const picture = addedPicture(
      options,
      this.number,
      this.images,
      this.links.size + this.pictures.length,
      this.pictures.length,
    );
    this.images += 1;
    this.pictures.push(picture);
    writePicture(this.writer, picture, this.objects);
    this.objects += 1;
    return this;
  }

  /** Ends the slide's markup: `xml` is its bytes, and the writer is empty for the next slide. */
  finish(): void {
    this.writer.raw('</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>');
    this.written = this.writer.take();
  }

  /** A link's relationship id (pptxgenjs gives a link object one, the first time it sees it). */
  idOf(link: Hyperlink): number | undefined {
    return this.links.get(link)?.id;
  }

  private link(piece: TextPiece): void {
    const link = piece.options?.hyperlink;
    // The writer links to addresses only (render-pptx.ts makes no links to slides).
    if (!link?.url || this.links.has(link)) return;
    this.links.set(link, {
      id: this.links.size + this.pictures.length + 1,
      target: escapeXml(link.url),
    });
  }

  /** The pictures' media parts: name → the data's bytes (base64 after the comma). */
  media(): [string, Uint8Array][] {
    return this.pictures.map((picture) => [
      picture.part,
      Buffer.from(picture.options.data.slice(picture.options.data.lastIndexOf(',') + 1), 'base64'),
    ]);
  }

  /** `ppt/slides/slideN.xml`, as UTF-8 (once `finish`ed). */
  xml(): Buffer {
    if (!this.written) throw new Error(`Slide ${this.number} is not finished`);
    return this.written;
  }

  /** `ppt/slides/_rels/slideN.xml.rels`. */
  relationships(): string {
    let xml = `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">`;
    let last = 0;
    for (const { id, target } of this.links.values()) {
      last = Math.max(last, id);
      xml += `<Relationship Id="rId${id}" Type="${RELATIONSHIPS}/hyperlink" Target="${target}" TargetMode="External"/>`;
    }
    for (const picture of this.pictures) {
      last = Math.max(last, picture.relationshipId);
      xml += `<Relationship Id="rId${picture.relationshipId}" Type="${RELATIONSHIPS}/image" Target="${picture.target}"/>`;
    }
    return (
      xml +
      `<Relationship Id="rId${last + 1}" Type="${RELATIONSHIPS}/slideLayout" Target="../slideLayouts/slideLayout1.xml"/>` +
      `<Relationship Id="rId${last + 2}" Type="${RELATIONSHIPS}/notesSlide" Target="../notesSlides/notesSlide${this.number}.xml"/>` +
      '</Relationships>'
    );
  }
}
