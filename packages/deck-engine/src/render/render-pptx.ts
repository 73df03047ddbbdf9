import type PptxGenJS from 'pptxgenjs';
import { faceOf, singleSpacing } from '../layout/fonts.ts';
import { isRightToLeft, LINE_BREAK } from '../layout/text-layout.ts';
import type { ParagraphIndent } from '../layout/text-spec.ts';
import {
  inches,
  type ChartElement,
  type Deck,
  type RunStyle,
  type TableCell,
  type TableLine,
  type TextElement,
  type Turn,
} from '../layout/model.ts';
import { stampIdentity, type DeckIdentity } from '../edited/deck-identity.ts';
import { mediaToken, normalizePptx, type NormalizeOptions } from './normalize-pptx.ts';
import type { RenderElement, RenderSlide } from './place-images.ts';
import { addChart, placeChartParts } from './pptx-chart.ts';
import { pptxgenjsParts } from './pptxgenjs-parts.ts';
import { DirectSlide } from './pptx/slide.ts';
import {
  fillGradients,
  inWingdings,
  lookOfTexts,
  wingdingsBulletsOf,
  type NamedLooks,
  type TextLook,
} from './pptx/slide-looks.ts';
import { directParts } from './pptx/write-parts.ts';
import {
  writeLineElement,
  writeShapeElement,
  writesTextDirectly,
  writeTextBox,
} from './pptx/element-markup.ts';
import { fontRuns, pptxPoints, shadowOptions, weightOptions } from './pptx/element-options.ts';
import { PartWriter } from './pptx/part-writer.ts';

/**
 * What the writer adds to a slide, as pptxgenjs's slide takes it: the direct writer's slide
 * (`pptx/slide.ts`) takes the same calls and writes the same bytes (ADR 059).
 */
interface PptxSlide {
  /** Whether a run's options need not repeat its text box's (the direct writer's slide). */
  readonly readsRunsFromBox?: boolean;
  addText(text: string | PptxGenJS.TextProps[], options: PptxGenJS.TextPropsOptions): unknown;
  addTable(rows: PptxGenJS.TableRow[], options: PptxGenJS.TableProps): unknown;
  addImage(options: PptxGenJS.ImageProps): unknown;
}

/** pptxgenjs's rotation (degrees, written as `rot` in 60,000ths) and flips, those given. */
function turnOptions(turn: Turn) {
  return {
    ...(turn.rotation ? { rotate: turn.rotation } : {}),
    ...(turn.flipH ? { flipH: true } : {}),
    ...(turn.flipV ? { flipV: true } : {}),
  };
}

/** A run's name, which pptxgenjs requires and never writes. */
const RUN_NAME = 'Run';

function textRuns(element: TextElement): PptxGenJS.TextProps[] {
  const last = element.paragraphs.length - 1;
  // A line break inside a paragraph is PowerPoint's soft return (`a:br`): the paragraph's
  // lines are runs, each after the first with a break before it.
  // Each numbered paragraph names its own number: PowerPoint counts on from a paragraph's
  // `startAt`, and an empty paragraph between two would otherwise restart the count.
  let number = (element.numbering?.startAt ?? 1) - 1;
  return element.paragraphs.flatMap((paragraph, i) => {
    const rightToLeft = element.rightToLeft ?? isRightToLeft(paragraph);
    if (paragraph !== '') number += 1;
    const spans = element.spans?.[i] ?? [{ text: paragraph, style: {} }];
    // Each run's options built once, key by key in the order of its parts: the paragraph's
    // (pptxgenjs starts a paragraph at each run with a bullet: only the first has it), its
    // direction, its words' look, its font, its soft return, whether it ends the paragraph.
    const runs: PptxGenJS.TextProps[] = [];
    let isAfterBreak = false;
    for (const span of spans) {
      const styleOptions = element.spans ? runStyleOptions(element, span.style) : undefined;
      const spanFace = faceOf(
        span.style.family ?? element.family,
        span.style.weight ?? element.weight,
        span.style.italic ?? element.italic,
      );
      const lines = span.text.split(LINE_BREAK);
      for (let j = 0; j < lines.length; j += 1) {
        if (j > 0) isAfterBreak = true;
        for (const run of fontRuns(lines[j]!, spanFace)) {
          const options: PptxGenJS.TextPropsOptions =
            runs.length === 0 || !element.bullets
              ? paragraphOptions(element, paragraph, number)
              : {};
          if (rightToLeft) options.rtlMode = true;
          if (styleOptions) Object.assign(options, styleOptions);
          Object.assign(options, run.options);
          if (isAfterBreak) options.softBreakBefore = true;
          options.breakLine = false;
          runs.push({ text: run.text, options });
          isAfterBreak = false;
        }
      }
    }
    if (i < last && runs.length > 0) runs[runs.length - 1]!.options!.breakLine = true;
    return runs;
  });
}

/**
 * A cell's paragraphs with their bullets (a cell's list levels). pptxgenjs sets a bullet's margin
 * as its hanging indent times one more than its level, so each takes the level whose step is
 * nearest its hanging indent: its words stand where the layout set them, its bullet within a
 * step's rounding of where it was. A number's label (`3.`, `3)`) is PowerPoint's own numbering
 * from that number; a bullet longer than one character stays before the words. An indent without
 * a bullet is not written (pptxgenjs gives such a paragraph no margin).
 */
function cellListRuns(cell: TableCell): PptxGenJS.TextProps[] {
  let paragraph = 0;
  let isFirst = true;
  return textRuns(cell.text).map((piece) => {
    const own = cell.paragraphIndents?.[paragraph];
    const text = cell.text.paragraphs[paragraph] ?? '';
    const list = isFirst && own?.bullet && text !== '' ? listOptions(own, cell.text.size) : {};
    isFirst = piece.options?.breakLine === true;
    if (isFirst) paragraph += 1;
    return 'prefix' in list
      ? { text: `${list.prefix}${piece.text}`, options: piece.options ?? {} }
      : { text: piece.text, options: { ...piece.options, ...list } };
  });
}

function listOptions(
  own: ParagraphIndent,
  size: number,
): Partial<PptxGenJS.TextPropsOptions> | { prefix: string } {
  const bullet = own.bullet ?? '';
  const label = /^(\d{1,5})([.)])$/.exec(bullet);
  const isChar = [...bullet].length === 1 && bullet.codePointAt(0)! <= 0xffff;
  if (!label && !isChar) return { prefix: `${bullet} ` };
  const step = (own.hanging ?? 0) > 0 ? own.hanging! : size;
  const level = own.indent > 0 ? Math.max(0, Math.min(8, Math.round(own.indent / step) - 1)) : 0;
  const indent = own.indent > 0 ? own.indent / (level + 1) : step;
  return {
    ...(level > 0 ? { indentLevel: level } : {}),
    bullet: label
      ? ({
          type: 'number',
          style: label[2] === '.' ? 'arabicPeriod' : 'arabicParenR',
          numberType: label[2] === '.' ? 'arabicPeriod' : 'arabicParenR',
          numberStartAt: Number(label[1]),
          indent,
        } as PptxGenJS.TextPropsOptions['bullet'] & object)
      : {
          indent,
          characterCode: bullet.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0'),
        },
  };
}

/**
 * A run's look in a text with styled words, in full: pptxgenjs fills a run's unset or false
 * options from the shape's, so such a text names its weight, slant and underline run by run
 * (and a size, a font and a link of its own, when it has them).
 */
function runStyleOptions(element: TextElement, style: RunStyle): PptxGenJS.TextPropsOptions {
  const isUnderlined = style.underline ?? element.underline ?? false;
  return {
    ...weightOptions(style.family ?? element.family, style.weight ?? element.weight),
    ...((style.italic ?? element.italic) ? { italic: true } : {}),
    ...(isUnderlined ? { underline: { style: 'sng' as const } } : {}),
    ...(style.color ? { color: style.color } : {}),
    ...(style.scale !== undefined ? { fontSize: element.size * style.scale } : {}),
    ...(style.link ? { hyperlink: { url: style.link } } : {}),
    ...(style.script === 'super' ? { superscript: true } : {}),
    ...(style.script === 'sub' ? { subscript: true } : {}),
  };
}

function paragraphOptions(element: TextElement, paragraph: string, number: number) {
  const numbered = element.numbering
    ? // pptxgenjs writes a number's scheme from `style` (its types name it `numberType`).
      ({
        type: 'number',
        numberType: element.numbering.scheme,
        style: element.numbering.scheme,
        // The format's largest number: PowerPoint refuses a start past it.
        numberStartAt: Math.min(32_767, number),
      } as PptxGenJS.TextPropsOptions['bullet'] & object)
    : {};
  return {
    ...(element.bullets && paragraph !== ''
      ? {
          bullet: {
            ...numbered,
            indent: element.bulletIndent ?? element.size * 1.1,
            // PowerPoint's bullet is a character of the basic plane.
            ...(element.bulletChar && element.bulletChar.codePointAt(0)! <= 0xffff
              ? {
                  characterCode: element.bulletChar
                    .codePointAt(0)!
                    .toString(16)
                    .toUpperCase()
                    .padStart(4, '0'),
                }
              : {}),
          },
        }
      : { bullet: false }),
  };
}

function fontOptions(element: TextElement): PptxGenJS.TextPropsOptions {
  // Styled words name their look run by run (see runStyleOptions).
  if (element.spans) return { fontSize: element.size, color: element.color };
  // Built key by key, without spreading objects made for the purpose (a deck has ~1,000).
  const { fontFace, bold } = weightOptions(element.family, element.weight);
  const options: PptxGenJS.TextPropsOptions = {
    fontFace,
    bold,
    fontSize: element.size,
    color: element.color,
  };
  if (element.italic) options.italic = true;
  if (element.underline) options.underline = { style: 'sng' };
  return options;
}

/**
 * A bullet of its own colour or size, no hanging indent, tab stops: pptxgenjs writes none of
 * them, so the text gets a name of its own (returned) and its paragraphs are given them in the
 * slide's XML (`lookOfTexts`).
 */
function textLookName(element: TextElement, textLooks: Map<string, TextLook>): string | undefined {
  const bulleted =
    element.bullets &&
    (element.bulletColor !== undefined ||
      element.bulletSize !== undefined ||
      element.wrapUnderBullet);
  const tabbed = element.tabStops !== undefined || element.tabSize !== undefined;
  if (!bulleted && !tabbed) return undefined;
  const lookName = `${bulleted ? 'Bulleted' : 'Tabbed'} text ${textLooks.size + 1}`;
  textLooks.set(lookName, {
    ...(bulleted && element.bulletColor ? { bulletColor: element.bulletColor } : {}),
    ...(bulleted && element.bulletSize !== undefined ? { bulletSize: element.bulletSize } : {}),
    ...(bulleted && element.wrapUnderBullet ? { wrapUnderBullet: true } : {}),
    ...(element.tabStops ? { tabStops: element.tabStops } : {}),
    ...(element.tabSize !== undefined ? { tabSize: element.tabSize } : {}),
  });
  return lookName;
}

function addText(slide: PptxSlide, element: TextElement, textLooks: Map<string, TextLook>): void {
  if (element.paragraphs.length === 0) return;
  const lookName = textLookName(element, textLooks);
  // Built key by key (the keys pptxgenjs's spread of each part would give), for less garbage.
  const options = fontOptions(element);
  options.x = inches(element.x);
  options.y = inches(element.y);
  options.w = inches(element.w);
  options.h = inches(element.h);
  options.align = element.align;
  options.valign = element.valign;
  options.margin = 0;
  if (element.spans?.some((spans) => spans?.some((span) => span.style.scale))) {
    options.lineSpacingMultiple = lineSpacingOf(element).lineSpacingMultiple;
  } else {
    options.lineSpacing = element.lineHeight;
  }
  options.paraSpaceAfter = element.paragraphGap;
  options.wrap = true;
  // Shrink on overflow: where Inter is not installed, a wider substitute font still fits the box.
  options.fit = 'shrink';
  if (lookName || element.name) options.objectName = lookName ?? element.name;
  const turn: Turn = element;
  if (turn.rotation) options.rotate = turn.rotation;
  if (turn.flipH) options.flipH = true;
  if (turn.flipV) options.flipV = true;
  // The direct writer reads an option a run lacks from its box as it writes.
  if (slide.readsRunsFromBox) {
    slide.addText(textRuns(element), options);
    return;
  }
  // pptxgenjs copies each option of the text box a run lacks into the run (all but the colour,
  // into a linked run), key by key, and names each run by counting the slide's texts so far:
  // runs that have them from the start are written the same, for less work.
  const { color: _color, ...uncoloured } = options;
  const runs = textRuns(element).map((run) => ({
    text: run.text,
    options: {
      objectName: RUN_NAME,
      ...(run.options?.hyperlink ? uncoloured : options),
      ...run.options,
    },
  }));
  slide.addText(runs, options);
}

/**
 * Exact line pitch, so PowerPoint breaks lines where the layout did; for a text with words in
 * sizes of their own, a share of single spacing, so that PowerPoint, too, makes a line of larger
 * words taller.
 */
function lineSpacingOf(element: TextElement) {
  const hasSizes = element.spans?.some((spans) => spans?.some((span) => span.style.scale));
  if (!hasSizes) return { lineSpacing: element.lineHeight };
  const face = faceOf(element.family, element.weight, element.italic);
  return { lineSpacingMultiple: element.lineHeight / (element.size * singleSpacing(face)) };
}

function addElement(
  slide: PptxSlide,
  element: RenderElement,
  looks: NamedLooks,
  media: MediaTokens,
): void {
  switch (element.kind) {
    case 'rect':
    case 'ellipse':
    case 'path': {
      const shape =
        element.kind === 'path'
          ? // pptxgenjs draws custom geometry, though its types do not list the name.
            ('custGeom' as PptxGenJS.ShapeType)
          : element.kind === 'ellipse'
            ? ('ellipse' as PptxGenJS.ShapeType.ellipse)
            : element.radius
              ? ('roundRect' as PptxGenJS.ShapeType.roundRect)
              : ('rect' as PptxGenJS.ShapeType.rect);
      const gradientName = element.gradient ? `Gradient ${looks.gradients.size + 1}` : undefined;
      if (gradientName) looks.gradients.set(gradientName, element.gradient!);
      // An empty text keeps a <p:txBody> on every shape: PowerPoint "repairs" shapes without one.
      slide.addText('', {
        shape,
        x: inches(element.x),
        y: inches(element.y),
        w: inches(element.w),
        h: inches(element.h),
        ...(gradientName ? { objectName: gradientName } : {}),
        ...(element.fill || gradientName
          ? {
              fill: {
                color: element.fill ?? element.gradient!.stops[0]!.color,
                transparency: Math.round((1 - (element.fillOpacity ?? 1)) * 100),
              },
            }
          : {}),
        line: element.stroke
          ? {
              color: element.stroke.color,
              width: element.stroke.width,
              ...(element.stroke.dash ? { dashType: 'dash' as const } : {}),
              ...transparencyOf(element.stroke.opacity),
            }
          : { type: 'none' },
        ...(element.kind === 'path' ? { points: pptxPoints(element) } : {}),
        ...(element.kind === 'rect' && element.radius
          ? { rectRadius: inches(Math.min(element.radius, element.w / 2, element.h / 2)) }
          : {}),
        ...shadowOptions(element.shadow),
        ...turnOptions(element),
      });
      return;
    }
    case 'line': {
      const x = Math.min(element.x1, element.x2);
      const y = Math.min(element.y1, element.y2);
      slide.addText('', {
        shape: 'line' as PptxGenJS.ShapeType.line,
        x: inches(x),
        y: inches(y),
        w: inches(Math.abs(element.x2 - element.x1)),
        h: inches(Math.abs(element.y2 - element.y1)),
        // A line runs from its frame's top left to its bottom right unless flipped: flipped so
        // that it runs from (x1, y1) to (x2, y2), its start mark the "head" PowerPoint draws.
        flipH: element.x2 < element.x1,
        flipV: element.y2 < element.y1,
        line: {
          color: element.color,
          width: element.width,
          ...(element.dash ? { dashType: 'dash' as const } : {}),
          ...transparencyOf(element.opacity),
          ...(element.startArrow ? { beginArrowType: element.startArrow } : {}),
          ...(element.endArrow ? { endArrowType: element.endArrow } : {}),
        },
      });
      return;
    }
    case 'text':
      addText(slide, element, looks.texts);
      return;
    case 'table': {
      // Fresh objects for each cell: pptxgenjs may write into a cell's options.
      const none = () => ({ type: 'none' as const });
      const side = (line: TableLine | null | undefined) =>
        line && line.width > 0
          ? { type: 'solid' as const, pt: line.width, color: line.color }
          : none();
      const padding = element.padding;
      const rows: PptxGenJS.TableRow[] = element.rows.map((row, r) => {
        // A cell under a merged one is left out: pptxgenjs writes hMerge and vMerge for it.
        const cells: PptxGenJS.TableCell[] = [];
        for (let col = 0; col < row.length; col += 1) {
          const cell = row[col]!;
          if (cell.covered) continue;
          const columns = cell.span?.columns ?? 1;
          const spanRows = cell.span?.rows ?? 1;
          const grid = element.borders;
          // Built key by key in the order a spread of each part would give (a deck has hundreds).
          const options: PptxGenJS.TableCellProps & PptxGenJS.TextPropsOptions = fontOptions(
            cell.text,
          );
          // The line pitch the cell was laid out with, as in a text box.
          const spacing = lineSpacingOf(cell.text);
          if (spacing.lineSpacingMultiple !== undefined) {
            options.lineSpacingMultiple = spacing.lineSpacingMultiple;
          } else {
            options.lineSpacing = spacing.lineSpacing;
          }
          options.align = cell.text.align;
          options.valign = cell.text.valign;
          if (cell.fill) options.fill = { color: cell.fill };
          if (columns > 1) options.colspan = columns;
          if (spanRows > 1) options.rowspan = spanRows;
          // Margins below 1 are inches for pptxgenjs; these match the layout's cell padding.
          options.margin = cell.padding
            ? [
                inches(cell.padding.top),
                inches(cell.padding.right),
                inches(cell.padding.bottom),
                inches(cell.padding.left),
              ]
            : padding
              ? [inches(padding.y), inches(padding.x), inches(padding.y), inches(padding.x)]
              : [inches(5), inches(8), inches(5), inches(8)];
          // Top, right, bottom, left.
          options.border = grid
            ? [
                side(grid.horizontal[r]?.[col]),
                side(grid.vertical[r]?.[col + columns]),
                side(grid.horizontal[r + spanRows]?.[col]),
                side(grid.vertical[r]?.[col]),
              ]
            : [
                none(),
                none(),
                { type: 'solid' as const, pt: 0.75, color: element.borderColor },
                none(),
              ];
          cells.push({
            // Runs when the cell needs more than its face: fallback families, right to left.
            text: cell.paragraphIndents?.some((own) => own?.bullet)
              ? cellListRuns(cell)
              : cell.text.lines.some((line) => line.runs)
                ? textRuns(cell.text)
                : cell.text.paragraphs.join('\n'),
            options,
          });
        }
        return cells;
      });
      slide.addTable(rows, {
        x: inches(element.x),
        y: inches(element.y),
        w: inches(element.w),
        // The frame as tall as its rows: a reader that boxes the table by the frame keeps them.
        h: inches(element.rowHeights.reduce((a, b) => a + b, 0)),
        colW: element.columnWidths.map(inches),
        rowH: element.rowHeights.map(inches),
        autoPage: false,
        ...(element.name ? { objectName: element.name } : {}),
      });
      return;
    }
    case 'chart':
      // Only pptxgenjs writes charts (see writesDirectly).
      addChart(slide as PptxGenJS.Slide, element, weightOptions(element.data.family, 'regular'));
      return;
    case 'placed-image': {
      const f = element.frame;
      const data = `${element.image.mime};base64,${media.tokenFor(element.image.data)}`;
      const covers = element.w > f.w + 0.01 || element.h > f.h + 0.01;
      slide.addImage({
        data,
        altText: element.alt,
        ...(covers
          ? {
              x: inches(f.x),
              y: inches(f.y),
              w: inches(element.w),
              h: inches(element.h),
              sizing: { type: 'cover', w: inches(f.w), h: inches(f.h) },
            }
          : {
              x: inches(element.x),
              y: inches(element.y),
              w: inches(element.w),
              h: inches(element.h),
            }),
        ...shadowOptions(element.shadow),
        ...turnOptions(element),
      });
      return;
    }
  }
}

/**
 * A text box or shape written by the direct writer straight from its laid-out element, without
 * pptxgenjs's options (`pptx/element-markup.ts`, ADR 067): whether it was (tables, pictures,
 * styled words and the rest are added as options).
 */
function writeElement(slide: DirectSlide, element: RenderElement, looks: NamedLooks): boolean {
  switch (element.kind) {
    case 'text': {
      if (!writesTextDirectly(element)) return false;
      if (element.paragraphs.length === 0) return true;
      const name = textLookName(element, looks.texts) ?? element.name;
      writeTextBox(slide.writer, element, slide.nextIndex, slide.nextTextNumber, name);
      break;
    }
    case 'rect':
    case 'ellipse':
    case 'path': {
      const gradientName = element.gradient ? `Gradient ${looks.gradients.size + 1}` : undefined;
      if (gradientName) looks.gradients.set(gradientName, element.gradient!);
      writeShapeElement(slide.writer, element, slide.nextIndex, slide.nextTextNumber, gradientName);
      break;
    }
    case 'line':
      writeLineElement(slide.writer, element, slide.nextIndex, slide.nextTextNumber);
      break;
    default:
      return false;
  }
  slide.shapeWritten();
  return true;
}

/** A see-through outline's transparency as PowerPoint has it (0 solid … 100 unseen). */
const transparencyOf = (opacity: number | undefined) =>
  opacity !== undefined && opacity < 1 ? { transparency: Math.round((1 - opacity) * 100) } : {};

/**
 * Whether the direct writer writes this deck (ADR 059): everything but charts, whose embedded
 * sheet pptxgenjs builds; a deck with a chart is written by pptxgenjs, loaded for it alone.
 */
export function writesDirectly(slides: readonly RenderSlide[]): boolean {
  return slides.every((slide) =>
    slide.elements.every(
      (element) =>
        element.kind !== 'chart' &&
        (element.kind !== 'placed-image' ||
          element.image.mime === 'image/png' ||
          element.image.mime === 'image/jpeg'),
    ),
  );
}

/** The deck as an editable PowerPoint file: native text boxes, shapes and tables. */
export async function renderPptx(
  deck: Deck,
  slides: RenderSlide[],
  /** The deck and version the file is (its custom properties and slide ids), when known. */
  identity?: DeckIdentity,
  /** Each slide's key, in order: written into its shapes' names with the identity. */
  keys?: readonly string[],
): Promise<Buffer> {
  if (!writesDirectly(slides)) return renderPptxWithPptxgenjs(deck, slides, identity, keys);
  return finishPptx(deck, slides, writeDirectParts(deck, slides), identity, keys);
}

/** The parts as a writer wrote them, and what the normalising pass puts into them. */
export interface WrittenParts {
  parts: ReadonlyMap<string, Uint8Array>;
  looks: NamedLooks;
  media: MediaTokens;
  /** Written in their final form (the direct writer): see `NormalizeOptions.slidesFinal`. */
  slidesFinal?: boolean;
}

/**
 * The direct writer's parts of a deck (`writesDirectly`), before the normalising pass
 * (`finishPptx`): `renderPptx` is the two; `bench/pptx-writer.ts` times each.
 */
export function writeDirectParts(deck: Deck, slides: readonly RenderSlide[]): WrittenParts {
  const looks: NamedLooks = { gradients: new Map(), texts: new Map() };
  const media = new MediaTokens();
  // One writer for the deck's slides, each written into it as its elements are added.
  const writer = new PartWriter();
  const written = slides.map((slide, i) => {
    const s = new DirectSlide(i + 1, writer, slide.background);
    const sink = s as unknown as PptxSlide;
    for (const element of slide.elements) {
      if (!writeElement(s, element, looks)) addElement(sink, element, looks, media);
    }
    s.finish();
    return s;
  });
  const parts = directParts(written, {
    title: deck.title,
    subject: subjectOf(deck),
    author: deck.author,
    company: deck.company,
    date: deck.date,
  });
  return { parts, looks, media, slidesFinal: true };
}

const subjectOf = (deck: Deck) => `Prepared for ${deck.clientName}`;

/**
 * The deck written by pptxgenjs (ADR 052, 058): the writer of decks with charts, and the
 * reference the direct writer is compared with byte for byte (`pptx/direct-writer.test.ts`).
 * pptxgenjs (and its JSZip) is loaded on the first such deck only.
 */
export async function renderPptxWithPptxgenjs(
  deck: Deck,
  slides: RenderSlide[],
  identity?: DeckIdentity,
  keys?: readonly string[],
): Promise<Buffer> {
  const { default: PptxGenJSClass } = await import('pptxgenjs');
  const pptx = new PptxGenJSClass();
  pptx.layout = 'LAYOUT_WIDE';
  pptx.title = deck.title;
  pptx.author = deck.author;
  pptx.company = deck.company;
  pptx.subject = subjectOf(deck);
  const looks: NamedLooks = { gradients: new Map(), texts: new Map() };
  const media = new MediaTokens();
  for (const slide of slides) {
    const s = pptx.addSlide();
    s.background = { color: slide.background };
    for (const element of slide.elements) addElement(s, element, looks, media);
  }
  // The parts as pptxgenjs wrote them, never zipped by it: the normalising pass below puts each
  // picture's bytes where pptxgenjs wrote its token and zips the final parts once.
  const parts = await pptxgenjsParts(pptx);
  return finishPptx(deck, slides, { parts, looks, media }, identity, keys);
}

/**
 * The written parts normalised (ADR 058) and zipped, with what neither writer writes. The
 * normalising pass runs before this returns; the parts are deflated on libuv's thread pool
 * (ADR 062), so the caller draws the PDF and the web view meanwhile.
 */
export function finishPptx(
  deck: Deck,
  slides: readonly RenderSlide[],
  written: WrittenParts,
  identity?: DeckIdentity,
  keys?: readonly string[],
): Promise<Buffer> {
  return normalizePptx(written.parts, finishOptions(deck, slides, written, identity, keys));
}

/** What the normalising pass puts into the written parts (`finishPptx`). */
export function finishOptions(
  deck: Deck,
  slides: readonly RenderSlide[],
  { looks, media, slidesFinal }: WrittenParts,
  identity?: DeckIdentity,
  keys?: readonly string[],
): NormalizeOptions {
  const wingdingsBullets = wingdingsBulletsOf(slides);
  // The charts in the order they are added (drawing order, slide by slide).
  const charts = slides.flatMap((slide) =>
    slide.elements.filter((e): e is ChartElement => e.kind === 'chart'),
  );
  const rewriteSlide = (xml: string) =>
    inWingdings(lookOfTexts(fillGradients(xml, looks.gradients), looks.texts), wingdingsBullets);
  const hasLooks = looks.gradients.size + looks.texts.size + wingdingsBullets.size > 0;
  return {
    date: deck.date,
    // Slides are read as text only for what they need (see normalizePptx).
    ...(hasLooks ? { rewriteSlide } : {}),
    media: media.bytes,
    rewriteChart: (xml, order) => {
      const chart = charts[order];
      return chart ? placeChartParts(xml, chart.data) : xml;
    },
    ...(identity ? { rewriteParts: (parts) => stampIdentity(parts, identity, keys) } : {}),
    ...(slidesFinal ? { slidesFinal } : {}),
  };
}

/**
 * pptxgenjs takes a picture as base64 text, decodes it and checksums it in JavaScript for every
 * slide it is on; a deck's pictures are most of its bytes. It is handed a short token per
 * picture instead, and `normalizePptx` swaps the picture's bytes in, once per picture.
 */
export class MediaTokens {
  readonly bytes = new Map<string, Uint8Array>();
  private readonly tokens = new Map<Uint8Array, string>();

  /** The token standing for these bytes, as base64. */
  tokenFor(data: Uint8Array): string {
    let token = this.tokens.get(data);
    if (!token) {
      token = mediaToken(this.tokens.size);
      this.tokens.set(data, token);
      this.bytes.set(token, data);
    }
    return Buffer.from(token, 'latin1').toString('base64');
  }
}
