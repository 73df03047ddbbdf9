import {
  isLinkAddress,
  MAX_TAB_STOPS,
  numberLabel,
  numberSchemes,
  type NumberScheme,
} from '@deck-portal/domain';
import { measureText, missingCharacters, singleSpacing } from '../layout/fonts.ts';
import { SLIDE_WIDTH, type Box } from '../layout/model.ts';
import type { TabStop } from '../layout/tab-stops.ts';
import {
  isRightToLeft,
  LINE_BREAK,
  measureTextHeight,
  measureTextWidth,
  textBandOverflow,
  textLeadingShift,
  type TextSpec,
} from '../layout/text-layout.ts';
import { resolveColorIn } from './drawingml-color.ts';
import { bulletCharacter } from '../ooxml/symbol-fonts.ts';
import { EMU_PER_POINT } from '../ooxml/units.ts';
import { typefaceWeight } from './font-map.ts';
import { listStyles, masterType, themeTypeface } from './masters.ts';
import { normalDegrees, turnAbout } from './shape-frame.ts';
import { round, type PartContext, type Placeholder, type SlideRead } from './slide-read.ts';
import {
  joinRuns,
  mergeBodyLooks,
  mergeParagraphLooks,
  readBodyLook,
  readListStyle,
  readParagraphLook,
  readRunLook,
  spansOf,
  styleApart,
  type DrawnLook,
  type ParagraphLook,
  type RunLook,
} from './text-body.ts';
import { child, childrenNamed, numberAttr, pathOf, type XmlElement } from './xml-tree.ts';

// A shape's text body: its paragraphs' looks through the list styles they inherit, stacked into
// text elements as PowerPoint stacks them in the shape.

/**
 * How far LibreOffice indents each list level, and hangs a bullet's text, where the file sets
 * no margin (0.6 cm, in points): files it wrote leave them out.
 */
const UNSET_LEVEL_STEP = 17.0079;

/**
 * A run's link, when it opens a web page or an e-mail, with the look PowerPoint gives a link
 * where the run has none of its own: the theme's link colour, underlined. A link to another
 * slide, a file or a program is reported (its words are kept).
 */
function linkLook(
  read: SlideRead,
  properties: XmlElement | undefined,
  context: PartContext,
): Partial<RunLook> {
  const click = child(properties, 'a:hlinkClick');
  if (!click) return {};
  const address = context.rels.get(click.attrs['r:id'] ?? '')?.external;
  if (!address || !isLinkAddress(address)) {
    if (address || click.attrs.action) {
      read.skip('text', 'a link to another slide, a file or a program is not kept (its words are)');
    }
    return {};
  }
  const linkColor = context.colors.theme.hlink;
  return {
    link: address,
    ...(!child(properties, 'a:solidFill') && linkColor
      ? { color: { hex: linkColor, alpha: 1 } }
      : {}),
    ...(properties?.attrs.u === undefined ? { underline: true } : {}),
  };
}

export function readText(
  read: SlideRead,
  shape: XmlElement,
  body: XmlElement,
  frame: { x: number; y: number; w: number; h: number; rotation: number; flipV: boolean },
  inherited: Placeholder[],
  placeholder: Placeholder | undefined,
  context: PartContext,
) {
  const paragraphs = childrenNamed(body, 'a:p');
  if (!paragraphs.some((p) => paragraphText(p).trim() !== '')) return;
  const chain = listStyles(
    read.layout,
    read.slideContext.colors,
    read.defaultTextStyle,
    placeholder,
    inherited,
  );
  const own = readListStyle(child(body, 'a:lstStyle'), context.colors);
  const fontReference = pathOf(shape, 'p:style', 'a:fontRef');
  const referenceColor = fontReference && resolveColorIn(fontReference, context.colors);
  const referenceLook: ParagraphLook = {
    run: {
      ...(referenceColor ? { color: referenceColor } : {}),
      ...(fontReference?.attrs.idx === 'major'
        ? { typeface: '+mj-lt' }
        : fontReference?.attrs.idx === 'minor'
          ? { typeface: '+mn-lt' }
          : {}),
    },
  };
  const bodyLook = mergeBodyLooks([
    ...[...inherited].reverse().map((p) => readBodyLook(pathOf(p.shape, 'p:txBody', 'a:bodyPr'))),
    readBodyLook(child(body, 'a:bodyPr')),
  ]);
  const autofit = bodyLook.autofit;
  const fontScale = autofit?.kind === 'shrink' ? autofit.fontScale : 1;
  const lineReduction = autofit?.kind === 'shrink' ? autofit.lineReduction : 0;
  const scale = read.base.sx * EMU_PER_POINT;
  const theme = read.layout.master.theme;

  // Each paragraph with its look: the paragraph's, and the look most of its text has.
  const counters = new Map<number, number>();
  // The size the paragraph before ended in: an empty paragraph that names none of its own
  // takes it, as typing on after a line in that size would (and as office suites draw it).
  let carriedSize: number | undefined;
  const drawn = paragraphs.map((paragraph) => {
    const properties = child(paragraph, 'a:pPr');
    const level = Math.min(8, numberAttr(properties, 'lvl') ?? 0);
    const look = mergeParagraphLooks([
      ...chain.map((levels) => levels[level]!),
      referenceLook,
      own[level]!,
      readParagraphLook(properties, context.colors),
    ]);
    const runs: { text: string; look: RunLook }[] = [];
    for (const node of paragraph.children) {
      if (node.name === 'a:r' || node.name === 'a:fld') {
        const properties = child(node, 'a:rPr');
        const runLook = {
          ...look.run,
          ...stripEmpty(readRunLook(properties, context.colors)),
          ...linkLook(read, properties, context),
        };
        const written = child(node, 'a:t')?.text ?? '';
        const value =
          node.name === 'a:fld' && node.attrs.type === 'slidenum'
            ? SLIDE_NUMBER_FIELD
            : runLook.caps
              ? written.toUpperCase()
              : written;
        runs.push({ text: value, look: runLook });
      } else if (node.name === 'a:br') runs.push({ text: LINE_BREAK, look: look.run });
    }
    // Words styled apart from the look most of the paragraph has keep their weight, size,
    // font, slant, underline, colour and rise (in the built-in family: the paragraph's font).
    const drawnLook: DrawnLook = {
      points: (run) => Math.min(400, Math.max(4, round((run.size ?? 18) * fontScale * scale))),
      family: (run) => read.mapFont(themeTypeface(run.typeface, theme)),
      // Bold, or the weight the typeface's name gives (`Montserrat SemiBold`).
      weight: (run) => (run.bold ? 'bold' : typefaceWeight(themeTypeface(run.typeface, theme))),
    };
    let text = runs.map((r) => r.text).join('');
    const isEmpty = text.trim() === '';
    const bullet = look.bullet;
    // A paragraph ends the numbering of every level below its own.
    if (!isEmpty)
      for (const deeper of [...counters.keys()]) if (deeper > level) counters.delete(deeper);
    // A numbered paragraph in a scheme the format knows is numbered by the engine (its label
    // hangs before its text); in another, its label is written into its text.
    let numbered: { scheme: NumberScheme; value: number } | undefined;
    if (!isEmpty && bullet?.kind === 'number') {
      const value = (counters.get(level) ?? bullet.startAt - 1) + 1;
      counters.set(level, value);
      if ((numberSchemes as readonly string[]).includes(bullet.scheme)) {
        numbered = { scheme: bullet.scheme as NumberScheme, value };
      } else text = `${numberLabel(bullet.scheme, value)} ${text}`;
    } else if (!isEmpty) counters.delete(level);
    const end = readRunLook(child(paragraph, 'a:endParaRPr'), context.colors);
    const endLook = {
      ...look.run,
      ...(carriedSize !== undefined ? { size: carriedSize } : {}),
      ...stripEmpty(end),
    };
    carriedSize = isEmpty
      ? endLook.size
      : (runs.findLast((r) => r.text !== LINE_BREAK)?.look.size ?? endLook.size);
    const weights = new Map<string, { look: RunLook; chars: number }>();
    for (const run of isEmpty ? [{ text: 'x', look: endLook }] : runs) {
      const key = JSON.stringify([
        run.look.size,
        run.look.bold,
        run.look.color?.hex,
        run.look.typeface,
        run.look.italic,
        run.look.underline,
      ]);
      const entry = weights.get(key) ?? { look: run.look, chars: 0 };
      entry.chars += run.text.trim().length;
      weights.set(key, entry);
    }
    const looks = [...weights.values()].sort((a, b) => b.chars - a.chars);
    const runLook = looks[0]!.look;
    const typeface = themeTypeface(runLook.typeface, theme);
    const font = read.mapFont(typeface);
    const spans = isEmpty
      ? []
      : runs.map((run) => ({
          text: run.text,
          style: run.text === LINE_BREAK ? {} : styleApart(run.look, runLook, run.text, drawnLook),
        }));
    const shown = runs.filter((run) => run.text !== LINE_BREAK && run.text.trim() !== '');
    if (shown.some((run) => drawnLook.family(run.look) === 'Inter' && font !== 'Inter')) {
      read.skip('text', "words in another font than their paragraph's are drawn in its font");
    }
    if (!isEmpty) {
      for (const run of [{ look: runLook }, ...shown]) {
        const runTypeface = themeTypeface(run.look.typeface, theme);
        // A stand-in of another shape sets the words wider or narrower than the original.
        const drawnIn = drawnLook.family(run.look);
        if (read.noteFont(runTypeface, drawnIn)) {
          read.skip(
            'font',
            `${runTypeface} is drawn in ${read.fontName(drawnIn)}: its lines may break in other places`,
          );
        }
      }
    }
    const size = drawnLook.points(runLook);
    const weight = drawnLook.weight(runLook);
    // The bullet as drawn: a symbol font's picture in Unicode (in a fallback family when the
    // text's font lacks it), `•` where no font of ours has it.
    const symbol = bullet?.kind === 'char' ? bulletCharacter(bullet.char, bullet.font) : '•';
    const face = read.faceOf(font, weight, runLook.italic === true);
    const bulletChar = symbol && missingCharacters(symbol, face).length === 0 ? symbol : '•';
    if (!isEmpty && bullet?.kind === 'char' && bulletChar !== symbol) {
      read.skip(
        'text',
        `a bullet our fonts do not have (${bullet.char} in ${bullet.font ?? 'its font'}) is drawn as •`,
      );
    }
    // Spaces that open a paragraph indent it: the engine sets text from its first word, so
    // the indent moves the paragraph's margin instead.
    const isBulleted = !isEmpty && (bullet?.kind === 'char' || numbered !== undefined);
    // A paragraph without a bullet whose later lines hang past its first (a list of references)
    // has all its lines set where its first starts: said where it runs onto a second line.
    const hangsBare =
      !isEmpty && !isBulleted && (look.indent ?? 0) < 0 && (look.marginLeft ?? 0) > 0;
    if (hangsBare && measureText(text, face, size) > frame.w - (look.marginLeft ?? 0) * scale) {
      read.skip(
        'text',
        "a paragraph's later lines hanging past its first without a bullet are set under its first",
      );
    }
    // A bullet (or number) in a colour and size of its own, as a theme's list style often
    // has; else in its paragraph's first words' (its size a share of theirs either way).
    const firstWords = shown[0]?.look ?? runLook;
    const ownBulletColor = look.bulletColor;
    const bulletHex =
      ownBulletColor && ownBulletColor !== 'text' ? ownBulletColor.hex : firstWords.color?.hex;
    const bulletColor = isBulleted && bulletHex ? `#${bulletHex}` : undefined;
    const ownBulletSize = look.bulletSize;
    const firstScale = (firstWords.size ?? 18) / (runLook.size ?? 18);
    const bulletScale = !isBulleted
      ? 1
      : !ownBulletSize || ownBulletSize === 'text'
        ? firstScale
        : 'percent' in ownBulletSize
          ? ownBulletSize.percent * firstScale
          : (ownBulletSize.points * fontScale * scale) / size;
    const opening = isEmpty ? '' : (/^ +/.exec(text)?.[0] ?? '');
    if (opening) text = text.slice(opening.length);
    const styledRuns = spans.some((span) => Object.keys(span.style).length > 0)
      ? joinRuns(text, spans, runLook)
      : undefined;
    // Each space as wide as its own run sets it (spaces in the default size before a title).
    let openingIndent = 0;
    let toMeasure = opening.length;
    for (const run of runs) {
      if (toMeasure <= 0) break;
      const spaces = Math.min(toMeasure, run.text.length);
      const runSize = (run.look.size ?? runLook.size ?? 18) * fontScale * scale;
      openingIndent += measureText(' '.repeat(spaces), face, runSize);
      toMeasure -= spaces;
    }
    const spacing = look.lineSpacing;
    const single = singleSpacing(face);
    const lineHeight =
      spacing && 'percent' in spacing
        ? single * spacing.percent * (1 - lineReduction)
        : spacing && 'points' in spacing
          ? (spacing.points * scale * (1 - lineReduction)) / size
          : single * (1 - lineReduction);
    // Space before and after in per cent is a share of the text's size. PowerPoint's recorded
    // shrink brings paragraphs closer by its line reduction as well (LibreOffice's fit, made to
    // match it, scales a paragraph's space so too).
    const gap = (value: ParagraphLook['spaceAfter']) =>
      (!value ? 0 : 'percent' in value ? value.percent * size : value.points * scale) *
      (1 - lineReduction);
    return {
      text,
      /** The paragraph as runs, when words of it are styled apart. */
      runs: styledRuns,
      isEmpty,
      /** How many lines an empty paragraph takes: one, and one more after each line break. */
      emptyLines: isEmpty ? text.split(LINE_BREAK).length : 0,
      bulleted: isBulleted,
      weight,
      bulletChar,
      bulletColor,
      bulletScale: Math.min(4, Math.max(0.25, round(bulletScale))),
      italic: runLook.italic === true,
      underline: runLook.underline === true,
      size,
      color: `#${runLook.color?.hex ?? '000000'}`,
      font,
      align:
        look.align === 'ctr'
          ? 'center'
          : look.align === 'r'
            ? 'right'
            : ('left' as 'left' | 'center' | 'right'),
      lineHeight: Math.min(4, Math.max(0.5, round(lineHeight))),
      // A level whose margin nothing sets (a file an office suite other than PowerPoint wrote)
      // is indented by that suite's default step per level.
      margin:
        ((look.marginLeft ?? level * UNSET_LEVEL_STEP) + (look.indent ?? 0)) * scale +
        (isBulleted ? 0 : openingIndent),
      /** A bulleted paragraph's text, this far right of its bullet (a hanging indent). */
      hanging:
        (isBulleted && look.marginLeft === undefined && look.indent === undefined
          ? UNSET_LEVEL_STEP
          : Math.max(0, -(look.indent ?? 0))) * scale,
      /** A numbered paragraph's scheme and number, and how wide its label and a space are. */
      numbered,
      labelWidth: numbered
        ? measureText(`${numberLabel(numbered.scheme, numbered.value)} `, face, size)
        : 0,
      /** Spaces between a bullet and its text. */
      bulletSpaces: isBulleted ? openingIndent : 0,
      /** Read right to left: PowerPoint's paragraph direction, left to right when unsaid. */
      rightToLeft: look.rightToLeft ?? false,
      /**
       * How wide the bullet is drawn where the file sets its margin but no hanging indent: the
       * text follows the bullet at once. Where the file sets neither (a file an office suite
       * other than PowerPoint wrote), its default hangs the text (see `hanging`).
       */
      flushBulletWidth:
        isBulleted && !numbered && look.marginLeft !== undefined
          ? measureText(bulletChar, face, size * Math.min(4, Math.max(0.25, bulletScale)))
          : undefined,
      before: gap(look.spaceBefore),
      after: gap(look.spaceAfter),
      /** Where its tabs stop, in points from the text box's inset, and the default stops' distance. */
      tabStops: (look.tabStops ?? []).map((stop) => ({ ...stop, at: stop.at * scale })),
      tabSize: (look.tabSize ?? 72) * scale,
    };
  });

  // Runs of paragraphs that look alike become one text element each, stacked as PowerPoint
  // stacks them: measured with the engine's own line breaking, so the stack is what it draws.
  const insets = bodyLook.insets;
  const left = frame.x + (insets.left ?? 7.2) * scale;
  const right = frame.x + frame.w - (insets.right ?? 7.2) * scale;
  const top = frame.y + (insets.top ?? 3.6) * scale;
  const bottom = frame.y + frame.h - (insets.bottom ?? 3.6) * scale;
  const unwrapped = bodyLook.wrap === false;
  type Drawn = (typeof drawn)[number];
  const sameLook = (a: Drawn, b: Drawn) =>
    a.bulleted === b.bulleted &&
    (!a.bulleted ||
      (a.bulletChar === b.bulletChar &&
        a.bulletColor === b.bulletColor &&
        a.bulletScale === b.bulletScale)) &&
    a.numbered?.scheme === b.numbered?.scheme &&
    (!a.numbered || b.numbered?.value === a.numbered.value + 1) &&
    a.weight === b.weight &&
    a.italic === b.italic &&
    a.underline === b.underline &&
    a.size === b.size &&
    a.color === b.color &&
    a.font === b.font &&
    a.align === b.align &&
    a.lineHeight === b.lineHeight &&
    a.rightToLeft === b.rightToLeft &&
    (!/\t/.test(a.text + b.text) || sameTabs(a, b)) &&
    Math.abs(a.margin - b.margin) < 0.5 &&
    Math.abs(a.hanging - b.hanging) < 0.5 &&
    Math.abs(a.bulletSpaces - b.bulletSpaces) < 0.5 &&
    // The group's gap between paragraphs is its first paragraph's.
    Math.abs(a.after + b.before - (groupFirst(a).after + groupFirst(a).before)) < 0.5;
  const groups: { paragraphs: Drawn[]; spaceAbove: number }[] = [];
  const groupFirst = (paragraph: Drawn) =>
    groups.find((group) => group.paragraphs.includes(paragraph))?.paragraphs[0] ?? paragraph;
  let pendingSpace = 0;
  let previous: Drawn | undefined;
  for (const paragraph of drawn) {
    if (paragraph.isEmpty) {
      // An empty paragraph is a line of space in its own size (and a line more for each line
      // break in it), with its own space before (none at the top of the box) and after.
      const isFirst = groups.length === 0 && pendingSpace === 0;
      pendingSpace +=
        (previous?.after ?? 0) +
        (isFirst ? 0 : paragraph.before) +
        paragraph.lineHeight * paragraph.size * paragraph.emptyLines;
      previous = paragraph;
      continue;
    }
    // Empty lines before the first text push it down as they do in PowerPoint.
    const space =
      groups.length === 0 && pendingSpace === 0
        ? 0
        : pendingSpace + (previous?.after ?? 0) + paragraph.before;
    const last = groups[groups.length - 1];
    const lastParagraph = last?.paragraphs[last.paragraphs.length - 1];
    if (
      last &&
      lastParagraph &&
      previous &&
      pendingSpace === 0 &&
      sameLook(lastParagraph, paragraph)
    ) {
      last.paragraphs.push(paragraph);
    } else {
      groups.push({ paragraphs: [paragraph], spaceAbove: space });
    }
    pendingSpace = 0;
    previous = paragraph;
  }
  const blocks = groups.map((group) => {
    const first = group.paragraphs[0]!;
    const x = left + (first.bulleted ? first.margin : Math.max(0, first.margin));
    const w = unwrapped ? SLIDE_WIDTH * 2 : Math.max(1, right - x);
    const text = group.paragraphs
      .slice(0, 100)
      .map((p) => (p.runs ? { runs: p.runs } : p.text.slice(0, 5_000)));
    const gap = group.paragraphs.length > 1 ? (first.after + first.before) / first.size : 0;
    // Words spaced apart with runs of spaces stay apart, as PowerPoint shows them.
    const keepSpaces = group.paragraphs.some((p) => /\S {2,}\S/.test(p.text));
    // Without a hanging indent the text follows the bullet at once (and any spaces after it),
    // and its later lines start under the bullet, as PowerPoint sets them.
    // A number's label needs its own width before the text, however small the hanging indent.
    const flush = first.hanging <= 1 ? first.flushBulletWidth : undefined;
    const hanging = first.hanging > 1 ? first.hanging : (flush ?? 0.5 * first.size);
    const widestLabel = Math.max(...group.paragraphs.map((p) => p.labelWidth));
    const bulletIndent = first.bulleted
      ? round(Math.min(10, (Math.max(hanging, widestLabel) + first.bulletSpaces) / first.size))
      : undefined;
    const wrapUnderBullet = first.bulleted && flush !== undefined;
    // The direction the file gives, where the engine would read the words the other way.
    const rightToLeft = group.paragraphs.some(
      (p) => p.text.trim() !== '' && isRightToLeft(p.text) !== p.rightToLeft,
    )
      ? first.rightToLeft
      : undefined;
    const tabs = group.paragraphs.some((p) => p.text.includes('\t'))
      ? tabsFrom(first, x - left, right - left)
      : {};
    const spec = {
      x,
      y: 0,
      w,
      h: 0,
      text: text.map((p) => (typeof p === 'string' ? p : spansOf(p.runs, first.size))),
      ...tabs,
      weight: first.weight,
      size: first.size,
      color: first.color.slice(1),
      lineHeight: first.lineHeight,
      paragraphGap: gap,
      bullets: first.bulleted,
      ...(bulletIndent !== undefined ? { bulletIndent } : {}),
      ...(wrapUnderBullet ? { wrapUnderBullet } : {}),
      ...(rightToLeft !== undefined ? { rightToLeft } : {}),
      ...(first.font !== 'Inter' ? { family: first.font } : {}),
      ...(first.italic ? { italic: true } : {}),
      ...(keepSpaces ? { keepSpaces: true } : {}),
    };
    // Texts stack on one line pitch: where lines are tighter than the font's glyph band, the
    // band of one text overlaps the next instead of pushing it down.
    const overflow = textBandOverflow(spec);
    const height = measureTextHeight(spec);
    // An office suite puts a line's leading above its glyphs; the engine centres the glyphs
    // in the line, so the text moves down by half its leading to sit where it did.
    const shift = textLeadingShift(spec);
    // The text's own style (gap, bullet indent, direction…) travels in `spec`.
    return { group, first, spec, text, height, overflow, shift };
  });
  // Empty lines after the last text count when the text is centred or sits at the bottom.
  const trailing = pendingSpace;
  const total = blocks.reduce(
    (sum, block) => sum + block.group.spaceAbove + block.height - 2 * block.overflow,
    trailing,
  );
  const anchor = bodyLook.anchor ?? 't';
  // The whole stack turns with its shape about the shape's centre; a shape mirrored top to
  // bottom shows its text upside down, one mirrored left to right shows it as it is.
  const textTurn = normalDegrees(frame.rotation + (frame.flipV ? 180 : 0));
  let cursor =
    anchor === 'ctr' ? (top + bottom - total) / 2 : anchor === 'b' ? bottom - total : top;
  // Unwrapped text in a shape that grows to fit it is as wide as its widest line (a slide
  // number as one digit), and that width is centred where the shape is, spilling out evenly
  // on both sides when the shape was left narrower; each paragraph keeps its alignment within
  // it. An office suite draws it so whatever size the file last saved the shape at.
  const growsToFit = unwrapped && bodyLook.autofit?.kind === 'grow';
  const unwrappedWidth = growsToFit
    ? Math.max(
        ...blocks.map(
          ({ spec }) =>
            spec.x - left + measureTextWidth({ ...spec, text: withFieldsAsShown(spec.text) }),
        ),
      )
    : right - left;
  const unwrappedLeft = left + (right - left - unwrappedWidth) / 2;
  for (const [index, block] of blocks.entries()) {
    const { group, first, spec, text, height, overflow, shift } = block;
    const { paragraphGap: gap, bulletIndent, wrapUnderBullet, rightToLeft } = spec;
    const { tabStops, tabSize } = spec;
    cursor += group.spaceAbove;
    const { w } = spec;
    let { x } = spec;
    if (unwrapped) {
      x =
        first.align === 'left'
          ? unwrappedLeft + (x - left)
          : first.align === 'right'
            ? unwrappedLeft + unwrappedWidth - w
            : unwrappedLeft + unwrappedWidth / 2 - w / 2;
    }
    const placed = { x, y: cursor - overflow + shift, w, h: height + 1 };
    // A text keeps the room its frame gives it where nothing else of its shape stands, so
    // words that grow (a binding's longer value, an editor's added line) wrap on in the frame
    // as in PowerPoint: alone, down from its first line, up from its last, or both ways about
    // its middle, as anchored; the last of a stack at the top down, the first of a stack at
    // the bottom up.
    const hasRoom =
      blocks.length === 1 ||
      (anchor === 't' && index === blocks.length - 1) ||
      (anchor === 'b' && index === 0);
    const room = hasRoom ? roomInFrame(placed, height, top, bottom, anchor) : null;
    // Words that still do not fit are set smaller, down to half their size, never cut.
    const minSize = Math.max(4, round(first.size / 2));
    read.push({
      kind: 'text',
      ...read.box(turnAbout(room?.box ?? placed, frame, textTurn)),
      ...(textTurn !== 0 ? { rotation: textTurn } : {}),
      text,
      style: {
        weight: first.weight,
        size: first.size,
        ...(minSize < first.size ? { minSize } : {}),
        color: first.color,
        align: first.align,
        valign: room?.valign ?? 'top',
        lineHeight: first.lineHeight,
        ...(gap > 0 ? { paragraphGap: Math.min(4, round(gap)) } : {}),
        ...(first.bulleted ? { bullets: true, bulletIndent } : {}),
        ...(wrapUnderBullet ? { wrapUnderBullet } : {}),
        ...(rightToLeft !== undefined ? { rightToLeft } : {}),
        ...(first.numbered
          ? {
              numbering: {
                scheme: first.numbered.scheme,
                ...(first.numbered.value !== 1
                  ? { startAt: Math.min(32_767, first.numbered.value) }
                  : {}),
              },
            }
          : {}),
        ...(first.bulleted && first.bulletChar !== '•' ? { bulletChar: first.bulletChar } : {}),
        ...(first.bulleted && first.bulletColor && first.bulletColor !== first.color
          ? { bulletColor: first.bulletColor }
          : {}),
        ...(first.bulleted && first.bulletScale !== 1 ? { bulletSize: first.bulletScale } : {}),
        ...(first.font !== 'Inter' ? { font: first.font } : {}),
        ...(first.italic ? { italic: true } : {}),
        ...(first.underline ? { underline: true } : {}),
        ...(spec.keepSpaces ? { keepSpaces: true } : {}),
        ...(tabStops?.length ? { tabStops } : {}),
        ...(tabSize !== undefined ? { tabSize } : {}),
      },
    });
    cursor += height - 2 * overflow;
  }
  const plain = drawn
    .map((p) => p.text)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (placeholder && masterType(placeholder.type) === 'title' && !read.title) read.title = plain;
  if (!read.firstText) read.firstText = plain;
}

/** What a PowerPoint slide number field becomes: the binding the engine fills with the number. */
const SLIDE_NUMBER_FIELD = '{{slide.number}}';

/** A text's words with its slide number field as one digit, about as wide as it is shown. */
function withFieldsAsShown(text: TextSpec['text']): TextSpec['text'] {
  const shown = (words: string) => words.replaceAll(SLIDE_NUMBER_FIELD, '9');
  return typeof text === 'string'
    ? shown(text)
    : text.map((paragraph) =>
        typeof paragraph === 'string'
          ? shown(paragraph)
          : paragraph.map((span) => ({ ...span, text: shown(span.text) })),
      );
}

/** A paragraph's tab stops: its own and the distance between default ones, in points. */
interface TabLook {
  tabStops: TabStop[];
  tabSize: number;
}

const sameTabs = (a: TabLook, b: TabLook) =>
  a.tabSize === b.tabSize && JSON.stringify(a.tabStops) === JSON.stringify(b.tabStops);

/**
 * A paragraph's tab stops as its text, placed `offset` points right of its box's inset, counts
 * them: from its own left edge. PowerPoint counts default stops from the inset, so for a text
 * set in from it they are written out as stops of the text's own, as far as the box is `width`
 * wide (the layout counts any further ones from the text's edge).
 */
function tabsFrom(look: TabLook, offset: number, width: number): Partial<TabLook> {
  const own = look.tabStops
    .map((stop) => ({ ...stop, at: round(stop.at - offset) }))
    .filter((stop) => stop.at > 0)
    .sort((a, b) => a.at - b.at);
  const step = look.tabSize > 1 ? look.tabSize : 72;
  const tabSize = round(step);
  if (Math.abs(offset) < 0.5) return { ...(own.length > 0 ? { tabStops: own } : {}), tabSize };
  const defaults: TabStop[] = [];
  const past = Math.max(offset, (own.at(-1)?.at ?? 0) + offset);
  for (let at = (Math.floor(past / step + 1e-6) + 1) * step; at < width; at += step) {
    defaults.push({ at: round(at - offset), align: 'left' });
  }
  const tabStops = [...own, ...defaults].slice(0, MAX_TAB_STOPS);
  return { ...(tabStops.length > 0 ? { tabStops } : {}), tabSize };
}

/**
 * The box a text placed at `placed` (its layout `height` tall) may grow in between its frame's
 * `top` and `bottom`, with the alignment that keeps its lines where they are: top-aligned down
 * to the frame's bottom, bottom-aligned up to its top, centred about its middle as far as the
 * nearer edge allows. Never smaller than the text.
 */
function roomInFrame(
  placed: Box,
  height: number,
  top: number,
  bottom: number,
  anchor: string,
): { box: Box; valign: 'top' | 'middle' | 'bottom' } {
  if (anchor === 'b') {
    const end = placed.y + height;
    const start = Math.min(placed.y, top);
    return { box: { ...placed, y: start, h: end - start }, valign: 'bottom' };
  }
  if (anchor === 'ctr') {
    const middle = placed.y + height / 2;
    const half = Math.max(placed.h / 2, Math.min(middle - top, bottom - middle));
    return { box: { ...placed, y: middle - half, h: 2 * half }, valign: 'middle' };
  }
  return { box: { ...placed, h: Math.max(placed.h, bottom - placed.y) }, valign: 'top' };
}

function stripEmpty(look: RunLook): RunLook {
  return Object.fromEntries(Object.entries(look).filter(([, v]) => v !== undefined)) as RunLook;
}

/** A paragraph's text: its runs, fields and line breaks. */
export function paragraphText(paragraph: XmlElement): string {
  return paragraph.children
    .map((node) =>
      node.name === 'a:r' || node.name === 'a:fld'
        ? (child(node, 'a:t')?.text ?? '')
        : node.name === 'a:br'
          ? '\n'
          : '',
    )
    .join('');
}
