import { faceCovers, faceOf } from '../../layout/fonts.ts';
import {
  inches,
  type LineElement,
  type ShapeElement,
  type TextElement,
  type Turn,
} from '../../layout/model.ts';
import { isRightToLeft, LINE_BREAK } from '../../layout/text-layout.ts';
import { fontRuns, pptxPoints, shadowOptions, weightOptions } from './element-options.ts';
import { pointsToEmu, solidFill, toEmu, writeSolidFill, EMU } from './markup.ts';
import type { PartWriter } from './part-writer.ts';
import { correctShadow, writePathPoints, writeShadow, writeTurn } from './shapes.ts';
import { ALIGNMENTS, DEFAULT_BULLET, fontElements } from './text-body.ts';

// Text boxes and shapes written straight from their laid-out elements (ADR 067): the same bytes
// `render-pptx.ts`'s option objects give through `addedText` and `writeShape` (the proof,
// `direct-writer.test.ts`, compares the file with pptxgenjs's), without those objects. What this
// does not write (styled words, a paragraph with a line feed, no alignment; tables, pictures)
// goes the options' way.

/**
 * Whether a text box is written here: not one with styled words (their runs' looks, links and
 * sizes are the options' way's), nor one whose paragraphs pptxgenjs would split at a line feed,
 * nor one without an alignment (pptxgenjs then starts a paragraph at each bulleted run).
 */
export function writesTextDirectly(element: TextElement): boolean {
  if (element.spans || !element.align) return false;
  for (const paragraph of element.paragraphs) if (paragraph.includes('\n')) return false;
  return true;
}

/** A shape's `p:nvSpPr` and the frame's start: `<a:xfrm` without its attributes' end. */
function writeShapeStart(
  w: PartWriter,
  index: number,
  textNumber: number,
  name: string | undefined,
): void {
  w.raw('<p:sp><p:nvSpPr><p:cNvPr id="')
    .number(index + 2)
    .raw('" name="');
  if (name) w.escaped(name);
  else w.raw('Text ').number(textNumber);
  w.raw('"></p:cNvPr><p:cNvSpPr/><p:nvPr></p:nvPr></p:nvSpPr><p:spPr><a:xfrm');
}

/** The frame's position and size (EMU). */
function writeFrame(w: PartWriter, x: number, y: number, cx: number, cy: number): void {
  w.raw('><a:off x="').number(x).raw('" y="').number(y);
  w.raw('"/><a:ext cx="').number(cx).raw('" cy="').number(cy).raw('"/></a:xfrm>');
}

/** A length in points as EMU, as the options' way converts it (to inches, then to EMU). */
const emu = (points: number) => toEmu(inches(points));

/** The text body pptxgenjs gives a shape without text: one empty paragraph. */
const EMPTY_BODY =
  '<p:txBody><a:bodyPr wrap="square" rtlCol="0" anchor="ctr"></a:bodyPr><a:lstStyle/>' +
  '<a:p><a:pPr indent="0" marL="0"><a:buNone/></a:pPr><a:endParaRPr lang="en-US" dirty="0"/></a:p>' +
  '</p:txBody></p:sp>';

/** A rectangle, rounded rectangle, ellipse or path, named `name` (a gradient's) or "Text n". */
export function writeShapeElement(
  w: PartWriter,
  element: ShapeElement,
  index: number,
  textNumber: number,
  name: string | undefined,
): void {
  writeShapeStart(w, index, textNumber, name);
  writeTurn(w, { flipH: element.flipH, flipV: element.flipV, rotate: element.rotation });
  const cx = emu(element.w);
  const cy = emu(element.h);
  writeFrame(w, emu(element.x), emu(element.y), cx, cy);
  if (element.kind === 'path') {
    w.raw(
      '<a:custGeom><a:avLst /><a:gdLst></a:gdLst><a:ahLst /><a:cxnLst></a:cxnLst><a:rect l="l" t="t" r="r" b="b" /><a:pathLst><a:path w="',
    );
    w.number(cx).raw('" h="').number(cy).raw('">');
    writePathPoints(w, pptxPoints(element));
    w.raw('</a:path></a:pathLst></a:custGeom>');
  } else if (element.kind === 'ellipse') {
    w.raw('<a:prstGeom prst="ellipse"><a:avLst></a:avLst></a:prstGeom>');
  } else if (element.radius) {
    w.raw('<a:prstGeom prst="roundRect"><a:avLst>');
    const radius = inches(Math.min(element.radius, element.w / 2, element.h / 2));
    if (radius) {
      w.raw('<a:gd name="adj" fmla="val ');
      w.number(Math.round((radius * EMU * 100_000) / Math.min(cx, cy))).raw('"/>');
    }
    w.raw('</a:avLst></a:prstGeom>');
  } else {
    w.raw('<a:prstGeom prst="rect"><a:avLst></a:avLst></a:prstGeom>');
  }
  if (element.fill || element.gradient) {
    const color = element.fill ?? element.gradient!.stops[0]!.color;
    writeSolidFill(w, color, Math.round((1 - (element.fillOpacity ?? 1)) * 100));
  } else {
    w.raw('<a:noFill/>');
  }
  const stroke = element.stroke;
  if (stroke) {
    if (stroke.width) w.raw('<a:ln w="').number(pointsToEmu(stroke.width)).raw('">');
    else w.raw('<a:ln>');
    if (stroke.color) writeSolidFill(w, stroke.color, transparencyOf(stroke.opacity));
    if (stroke.dash) w.raw('<a:prstDash val="dash"/>');
    w.raw('</a:ln>');
  } else {
    w.raw('<a:ln></a:ln>');
  }
  const shadow = shadowOptions(element.shadow).shadow;
  if (shadow) {
    correctShadow(shadow);
    writeShadow(w, shadow);
  }
  w.raw('</p:spPr>').raw(EMPTY_BODY);
}

/** A line from (x1, y1) to (x2, y2), its frame flipped to run that way; its arrows its ends'. */
export function writeLineElement(
  w: PartWriter,
  element: LineElement,
  index: number,
  textNumber: number,
): void {
  writeShapeStart(w, index, textNumber, undefined);
  if (element.x2 < element.x1) w.raw(' flipH="1"');
  if (element.y2 < element.y1) w.raw(' flipV="1"');
  writeFrame(
    w,
    emu(Math.min(element.x1, element.x2)),
    emu(Math.min(element.y1, element.y2)),
    emu(Math.abs(element.x2 - element.x1)),
    emu(Math.abs(element.y2 - element.y1)),
  );
  w.raw('<a:prstGeom prst="line"><a:avLst></a:avLst></a:prstGeom><a:noFill/>');
  // pptxgenjs's defaults for a line: 1 pt when it has no width, grey when it has no colour.
  w.raw('<a:ln w="')
    .number(pointsToEmu(element.width || 1))
    .raw('">');
  writeSolidFill(w, element.color || '333333', transparencyOf(element.opacity) || 0);
  w.raw(element.dash ? '<a:prstDash val="dash"/>' : '<a:prstDash val="solid"/>');
  if (element.startArrow) w.raw('<a:headEnd type="').raw(element.startArrow).raw('"/>');
  if (element.endArrow) w.raw('<a:tailEnd type="').raw(element.endArrow).raw('"/>');
  w.raw('</a:ln></p:spPr>').raw(EMPTY_BODY);
}

/** A see-through outline's transparency as PowerPoint has it (0 solid … 100 unseen). */
function transparencyOf(opacity: number | undefined): number | undefined {
  return opacity !== undefined && opacity < 1 ? Math.round((1 - opacity) * 100) : undefined;
}

/**
 * A text box: its frame, turn and name, the box's insets (none), anchor and shrink-on-overflow,
 * and each paragraph with its bullet or number, direction, spacing and runs (a run per stretch
 * its face draws, or its fallback family does; a soft return before each later line).
 */
export function writeTextBox(
  w: PartWriter,
  element: TextElement,
  index: number,
  textNumber: number,
  name: string | undefined,
): void {
  writeShapeStart(w, index, textNumber, name);
  // Read as a turn, flips included, as the options' way reads it.
  const turn: Turn = element;
  writeTurn(w, { flipH: turn.flipH, flipV: turn.flipV, rotate: turn.rotation });
  writeFrame(w, emu(element.x), emu(element.y), emu(element.w), emu(element.h));
  w.raw('<a:prstGeom prst="rect"><a:avLst></a:avLst></a:prstGeom><a:noFill/><a:ln></a:ln>');
  w.raw('</p:spPr><p:txBody><a:bodyPr wrap="square" lIns="0" tIns="0" rIns="0" bIns="0"');
  w.raw(anchorOf(element.valign)).raw('><a:normAutofit/></a:bodyPr><a:lstStyle/>');
  const { fontFace, bold } = weightOptions(element.family, element.weight);
  const face = faceOf(element.family, element.weight, element.italic);
  // Every run's look but its font (the box's, or a fallback family's) and language.
  const size = element.size ? Math.round(element.size * 100) : undefined;
  const fill = solidFill(element.color || '000000');
  const last = element.paragraphs.length - 1;
  let number = (element.numbering?.startAt ?? 1) - 1;
  for (let i = 0; i <= last; i += 1) {
    const paragraph = element.paragraphs[i]!;
    if (paragraph !== '') number += 1;
    const rightToLeft = element.rightToLeft ?? isRightToLeft(paragraph);
    w.raw('<a:p>');
    writeParagraphProperties(w, element, paragraph, number, rightToLeft);
    const lines = paragraph.includes(LINE_BREAK) ? paragraph.split(LINE_BREAK) : undefined;
    const count = lines ? lines.length : 1;
    for (let j = 0; j < count; j += 1) {
      const line = lines ? lines[j]! : paragraph;
      // A later line's first run starts after a soft return.
      if (j > 0) w.raw('<a:br/>');
      if (faceCovers(face, line)) {
        writeRun(w, line, undefined, fontFace, size, bold, element, fill);
        continue;
      }
      for (const run of fontRuns(line, face)) {
        const own = run.options;
        writeRun(w, run.text, own.lang, own.fontFace || fontFace, size, bold, element, fill);
      }
    }
    if (size !== undefined)
      w.raw('<a:endParaRPr lang="en-US" sz="').number(size).raw('" dirty="0"/></a:p>');
    else w.raw('<a:endParaRPr lang="en-US" dirty="0"/></a:p>');
  }
  w.raw('</p:txBody></p:sp>');
}

/** `a:bodyPr`'s direction and anchor, as pptxgenjs reads the vertical alignment's first letter. */
function anchorOf(valign: string | undefined): string {
  const first = (valign ?? '').charCodeAt(0) | 0x20;
  if (first === 0x62) return ' rtlCol="0" anchor="b"';
  if (first === 0x74) return ' rtlCol="0" anchor="t"';
  return ' rtlCol="0" anchor="ctr"';
}

/** A paragraph's `a:pPr`: direction, alignment, bullet or number (or none), spacing. */
function writeParagraphProperties(
  w: PartWriter,
  element: TextElement,
  paragraph: string,
  number: number,
  rightToLeft: boolean,
): void {
  w.raw(rightToLeft ? '<a:pPr rtl="1" ' : '<a:pPr').raw(ALIGNMENTS[element.align] ?? '');
  const isBulleted = element.bullets && paragraph !== '';
  if (isBulleted) {
    const indent = element.bulletIndent ?? element.size * 1.1;
    const margin = indent ? pointsToEmu(indent) : 342_900;
    w.raw(' marL="').number(margin).raw('" indent="-').number(margin).raw('">');
  } else {
    w.raw(' indent="0" marL="0">');
  }
  if (element.lineHeight) {
    w.raw('<a:lnSpc><a:spcPts val="').number(Math.round(element.lineHeight * 100));
    w.raw('"/></a:lnSpc>');
  }
  const after = element.paragraphGap;
  if (after && after > 0) {
    w.raw('<a:spcAft><a:spcPts val="')
      .number(Math.round(after * 100))
      .raw('"/></a:spcAft>');
  }
  if (!isBulleted) {
    w.raw('<a:buNone/></a:pPr>');
  } else if (element.numbering) {
    w.raw('<a:buSzPct val="100000"/><a:buFont typeface="+mj-lt"/><a:buAutoNum type="');
    w.raw(element.numbering.scheme || 'arabicPeriod').raw('" startAt="');
    // The format's largest number: PowerPoint refuses a start past it.
    w.number(Math.min(32_767, number) || 1).raw('"/></a:pPr>');
  } else {
    w.raw('<a:buSzPct val="100000"/><a:buChar char="');
    // PowerPoint's bullet is a character of the basic plane.
    const code = element.bulletChar?.codePointAt(0);
    if (code !== undefined && code <= 0xffff) {
      w.raw('&#x').raw(code.toString(16).toUpperCase().padStart(4, '0')).raw(';');
    } else {
      w.raw(DEFAULT_BULLET);
    }
    w.raw('"/></a:pPr>');
  }
}

/** A run (none for no text) in the box's look, in `fontFace`, marked `lang` when a fallback's. */
function writeRun(
  w: PartWriter,
  text: string,
  lang: string | undefined,
  fontFace: string | undefined,
  size: number | undefined,
  bold: boolean,
  element: TextElement,
  fill: string,
): void {
  if (!text) return;
  if (lang) w.raw('<a:r><a:rPr lang="').raw(lang).raw('" altLang="en-US"');
  else w.raw('<a:r><a:rPr lang="en-US"');
  if (size !== undefined) w.raw(' sz="').number(size).raw('"');
  if (bold) w.raw(' b="1"');
  if (element.italic) w.raw(' i="1"');
  if (element.underline) w.raw(' u="sng"');
  w.raw(' dirty="0">').raw(fill);
  if (fontFace) w.raw(fontElements(fontFace));
  w.raw('</a:rPr><a:t>').escaped(text).raw('</a:t></a:r>');
}
