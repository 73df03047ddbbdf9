import { escapeXml, solidFill, XML_HEAD } from './markup.ts';
import { PartWriter } from './part-writer.ts';
import { addedPicture, writePicture, type PictureObject, type PictureOptions } from './pictures.ts';
import { addedText, writeShape, type ShapeOptions, type TextObject } from './shapes.ts';
import {
  addedTable,
  tableLinks,
  writeTable,
  type TableCellInput,
  type TableObject,
  type TableOptions,
} from './tables.ts';
import type { Hyperlink, LinkIds, TextPiece } from './text-body.ts';

type SlideObject = TextObject | TableObject | PictureObject;

const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** Every slide's markup is written into this one buffer, then copied out (`DirectSlide.xml`). */
const writer = new PartWriter();

/**
 * A slide of the direct writer: takes what `render-pptx.ts` adds (`addText`, `addTable`,
 * `addImage`, `background`) as pptxgenjs's slide takes it, and writes its XML and relationships
 * as pptxgenjs 4.0.1 writes them (ADR 059). Relationships are numbered in the order things are
 * added: links first in the relationships part, then pictures, then the layout and the notes.
 */
export class DirectSlide implements LinkIds {
  private readonly objects: SlideObject[] = [];
  private readonly links = new Map<Hyperlink, { id: number; target: string }>();
  private readonly pictures: PictureObject[] = [];
  private texts = 0;
  private tables = 0;
  private images = 0;
  /** A run's options need not repeat its box's: the text body reads them from the box. */
  readonly readsRunsFromBox = true;
  /** The slide's background colour (six hex digits). */
  background?: { color?: string };

  constructor(readonly number: number) {}

  addText(text: string | TextPiece[], options: ShapeOptions): this {
    const object = addedText(text, options, this.texts);
    this.texts += 1;
    for (const piece of object.pieces) this.link(piece);
    this.objects.push(object);
    return this;
  }

  addTable(rows: TableCellInput[][], options: TableOptions): this {
    const table = addedTable(rows, options, this.tables);
    this.tables += 1;
    for (const piece of tableLinks(table)) this.link(piece);
    this.objects.push(table);
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
    this.objects.push(picture);
    return this;
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

  /** `ppt/slides/slideN.xml`, as UTF-8. */
  xml(): Buffer {
    const w = writer;
    try {
      w.raw(XML_HEAD);
      w.raw('<p:sld xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="');
      w.raw(RELATIONSHIPS);
      w.raw(
        '" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cSld name="Slide ',
      );
      w.number(this.number).raw('">');
      // The effect list the schema requires after the fill (pptxgenjs leaves it out, #1442, and
      // the normalising pass adds it to pptxgenjs's slides), written here at once.
      if (this.background?.color) {
        w.raw('<p:bg><p:bgPr>').raw(solidFill(this.background.color));
        w.raw('<a:effectLst/></p:bgPr></p:bg>');
      }
      w.raw(
        '<p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr>' +
          '<p:grpSpPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/><a:chOff x="0" y="0"/><a:chExt cx="0" cy="0"/></a:xfrm></p:grpSpPr>',
      );
      let tableNumber = 1;
      for (let index = 0; index < this.objects.length; index += 1) {
        const object = this.objects[index]!;
        if (object.kind === 'text') writeShape(w, object, index, this);
        else if (object.kind === 'picture') writePicture(w, object, index);
        else {
          writeTable(w, object, this.number, tableNumber, this);
          tableNumber += 1;
        }
      }
      w.raw('</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>');
      return w.take();
    } catch (error) {
      // The next slide starts empty.
      w.truncate(0);
      throw error;
    }
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
