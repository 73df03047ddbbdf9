import { importFontFamilies, sameRunLook, type TemplateTextRun } from '@deck-portal/domain';
import type { FontWeight } from '../layout/fonts.ts';
import type { StyledSpan } from '../layout/model.ts';
import { runSpan } from '../library/interpret-template.ts';
import { resolveColorIn, type ColorContext, type Rgba } from './drawingml-color.ts';
import type { ImportFont } from './font-map.ts';
import { DRAWINGML_TAB_ALIGNMENTS, type TabStop } from '../layout/tab-stops.ts';
import { EMU_PER_POINT } from '../ooxml/units.ts';
import { booleanAttr, child, numberAttr, type XmlElement } from './xml-tree.ts';

/** A run's look, as far as PowerPoint's inheritance has decided it. */
export interface RunLook {
  /** Points. */
  size?: number;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  color?: Rgba;
  /** The typeface as written (`+mn-lt` names the theme's body font). */
  typeface?: string;
  /** Shown in capitals (`cap="all"`; small capitals are drawn as capitals). */
  caps?: boolean;
  /** Raised (a superscript, above 0) or lowered, as a share of the size. */
  baseline?: number;
  /** The web or e-mail address the words link to. */
  link?: string;
}

/** A paragraph's look at one level, as far as inheritance has decided it. */
export interface ParagraphLook {
  align?: string;
  /** Points from the box's left edge to the text; the first line moves by `indent`. */
  marginLeft?: number;
  indent?: number;
  /** Line spacing as a share of single spacing, or in points. */
  lineSpacing?: { percent: number } | { points: number };
  spaceBefore?: { percent: number } | { points: number };
  spaceAfter?: { percent: number } | { points: number };
  bullet?:
    | { kind: 'none' }
    | { kind: 'char'; char: string; font?: string }
    | { kind: 'number'; scheme: string; startAt: number };
  /** The bullet's colour, or the text's (`buClrTx`, as when unsaid). */
  bulletColor?: Rgba | 'text';
  /** The bullet's size as a share of the text's or in points, or the text's (`buSzTx`). */
  bulletSize?: { percent: number } | { points: number } | 'text';
  /** The paragraph's direction (`rtl`): right to left, or left to right. */
  rightToLeft?: boolean;
  /** Points between default tab stops (`defTabSz`). */
  tabSize?: number;
  /** The paragraph's own tab stops (`a:tabLst`), in points from the box's left inset. */
  tabStops?: TabStop[];
  run: RunLook;
}

/** The box a text sits in: inner margins, anchoring, wrapping, how it fits. */
export interface BodyLook {
  anchor?: string;
  insets: { left?: number; top?: number; right?: number; bottom?: number };
  wrap?: boolean;
  autofit?:
    | { kind: 'shrink'; fontScale: number; lineReduction: number }
    | { kind: 'grow' }
    | { kind: 'none' };
}

/** The template format's tab alignments by DrawingML's names. */
const tabAlignments: Readonly<Record<string, TabStop['align']>> = Object.fromEntries(
  (Object.keys(DRAWINGML_TAB_ALIGNMENTS) as TabStop['align'][]).map((ours) => [
    DRAWINGML_TAB_ALIGNMENTS[ours],
    ours,
  ]),
);

function spacing(element: XmlElement | undefined) {
  const percent = numberAttr(child(element, 'a:spcPct'), 'val');
  if (percent !== undefined) return { percent: percent / 100_000 };
  const points = numberAttr(child(element, 'a:spcPts'), 'val');
  return points !== undefined ? { points: points / 100 } : undefined;
}

/** A run's look from `a:rPr`, `a:defRPr` or `a:endParaRPr`. */
export function readRunLook(element: XmlElement | undefined, colors: ColorContext): RunLook {
  if (!element) return {};
  const look: RunLook = {};
  const size = numberAttr(element, 'sz');
  if (size !== undefined) look.size = size / 100;
  const bold = booleanAttr(element, 'b');
  if (bold !== undefined) look.bold = bold;
  const italic = booleanAttr(element, 'i');
  if (italic !== undefined) look.italic = italic;
  if (element.attrs.u !== undefined) look.underline = element.attrs.u !== 'none';
  if (element.attrs.cap !== undefined) look.caps = element.attrs.cap !== 'none';
  const baseline = numberAttr(element, 'baseline');
  if (baseline !== undefined) look.baseline = baseline / 100_000;
  const fill = child(element, 'a:solidFill');
  const color = fill && resolveColorIn(fill, colors);
  if (color) look.color = color;
  const typeface = child(element, 'a:latin')?.attrs.typeface;
  if (typeface) look.typeface = typeface;
  return look;
}

/** A paragraph's look from `a:pPr` or a list style's `a:lvlNpPr`. */
export function readParagraphLook(
  element: XmlElement | undefined,
  colors: ColorContext,
): ParagraphLook {
  if (!element) return { run: {} };
  const look: ParagraphLook = { run: readRunLook(child(element, 'a:defRPr'), colors) };
  if (element.attrs.algn) look.align = element.attrs.algn;
  const marginLeft = numberAttr(element, 'marL');
  if (marginLeft !== undefined) look.marginLeft = marginLeft / EMU_PER_POINT;
  const indent = numberAttr(element, 'indent');
  if (indent !== undefined) look.indent = indent / EMU_PER_POINT;
  const rightToLeft = booleanAttr(element, 'rtl');
  if (rightToLeft !== undefined) look.rightToLeft = rightToLeft;
  const tabSize = numberAttr(element, 'defTabSz');
  if (tabSize !== undefined && tabSize > 0) look.tabSize = tabSize / EMU_PER_POINT;
  const tabList = child(element, 'a:tabLst');
  if (tabList) {
    look.tabStops = tabList.children
      .filter((tab) => tab.name === 'a:tab')
      .map((tab) => ({
        at: (numberAttr(tab, 'pos') ?? 0) / EMU_PER_POINT,
        align: tabAlignments[tab.attrs.algn ?? 'l'] ?? 'left',
      }));
  }
  const lineSpacing = spacing(child(element, 'a:lnSpc'));
  if (lineSpacing) look.lineSpacing = lineSpacing;
  const before = spacing(child(element, 'a:spcBef'));
  if (before) look.spaceBefore = before;
  const after = spacing(child(element, 'a:spcAft'));
  if (after) look.spaceAfter = after;
  if (child(element, 'a:buClrTx')) look.bulletColor = 'text';
  const bulletColor = child(element, 'a:buClr');
  const resolved = bulletColor && resolveColorIn(bulletColor, colors);
  if (resolved) look.bulletColor = resolved;
  if (child(element, 'a:buSzTx')) look.bulletSize = 'text';
  const sizePercent = numberAttr(child(element, 'a:buSzPct'), 'val');
  if (sizePercent !== undefined) look.bulletSize = { percent: sizePercent / 100_000 };
  const sizePoints = numberAttr(child(element, 'a:buSzPts'), 'val');
  if (sizePoints !== undefined) look.bulletSize = { points: sizePoints / 100 };
  if (child(element, 'a:buNone')) look.bullet = { kind: 'none' };
  const bulletChar = child(element, 'a:buChar');
  if (bulletChar) {
    const font = child(element, 'a:buFont')?.attrs.typeface;
    look.bullet = { kind: 'char', char: bulletChar.attrs.char ?? '•', ...(font ? { font } : {}) };
  }
  const numbering = child(element, 'a:buAutoNum');
  if (numbering) {
    look.bullet = {
      kind: 'number',
      scheme: numbering.attrs.type ?? 'arabicPeriod',
      // The schema's range; a number past it would take long to write out.
      startAt: Math.min(32_767, Math.max(1, Math.round(numberAttr(numbering, 'startAt') ?? 1))),
    };
  }
  return look;
}

/** The later look wins where it says something. */
export function mergeParagraphLooks(looks: readonly ParagraphLook[]): ParagraphLook {
  const merged: ParagraphLook = { run: {} };
  for (const look of looks) {
    const { run, ...rest } = look;
    Object.assign(merged, stripUndefined(rest));
    merged.run = { ...merged.run, ...stripUndefined(run) };
  }
  return merged;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** A list style's (`a:lstStyle`, a master's `p:titleStyle`) look at each of its nine levels. */
export function readListStyle(
  element: XmlElement | undefined,
  colors: ColorContext,
): ParagraphLook[] {
  return Array.from({ length: 9 }, (_, level) =>
    readParagraphLook(child(element, `a:lvl${level + 1}pPr`), colors),
  );
}

/** `a:bodyPr`'s look; later ones (layout, slide) override earlier ones (master) in {@link mergeBodyLooks}. */
export function readBodyLook(element: XmlElement | undefined): BodyLook {
  const look: BodyLook = { insets: {} };
  if (!element) return look;
  if (element.attrs.anchor) look.anchor = element.attrs.anchor;
  const inset = (name: string) => {
    const value = numberAttr(element, name);
    return value === undefined ? undefined : value / EMU_PER_POINT;
  };
  look.insets = stripUndefined({
    left: inset('lIns'),
    top: inset('tIns'),
    right: inset('rIns'),
    bottom: inset('bIns'),
  });
  if (element.attrs.wrap) look.wrap = element.attrs.wrap !== 'none';
  const shrink = child(element, 'a:normAutofit');
  if (shrink) {
    look.autofit = {
      kind: 'shrink',
      fontScale: (numberAttr(shrink, 'fontScale') ?? 100_000) / 100_000,
      lineReduction: (numberAttr(shrink, 'lnSpcReduction') ?? 0) / 100_000,
    };
  } else if (child(element, 'a:spAutoFit')) look.autofit = { kind: 'grow' };
  else if (child(element, 'a:noAutofit')) look.autofit = { kind: 'none' };
  return look;
}

export function mergeBodyLooks(looks: readonly BodyLook[]): BodyLook {
  const merged: BodyLook = { insets: {} };
  for (const look of looks) {
    if (look.anchor) merged.anchor = look.anchor;
    if (look.wrap !== undefined) merged.wrap = look.wrap;
    if (look.autofit) merged.autofit = look.autofit;
    merged.insets = { ...merged.insets, ...look.insets };
  }
  return merged;
}

type RunStyleApart = Omit<TemplateTextRun, 'text'>;

const isImportFamily = (family: string): family is (typeof importFontFamilies)[number] =>
  (importFontFamilies as readonly string[]).includes(family);

/** How a look is drawn: its size in points, its weight, and the bundled family its font maps to. */
export interface DrawnLook {
  points(look: RunLook): number;
  weight(look: RunLook): FontWeight;
  family(look: RunLook): ImportFont;
}

/**
 * How a run's look differs from the look most of its paragraph has, as a run of the template
 * format says it: its weight, size, font (one an imported slide may name; the built-in family
 * is the paragraph's to give), slant, colour and rise (none for spaces alone), its underline and
 * its link.
 */
export function styleApart(
  look: RunLook,
  base: RunLook,
  text: string,
  drawn: DrawnLook,
): RunStyleApart {
  const style: RunStyleApart = {};
  if (text.trim() !== '') {
    const weight = drawn.weight(look);
    if (weight !== drawn.weight(base)) style.weight = weight;
    const size = drawn.points(look);
    if (size !== drawn.points(base)) style.size = size;
    const family = drawn.family(look);
    if (family !== drawn.family(base) && isImportFamily(family)) style.font = family;
    if (Boolean(look.italic) !== Boolean(base.italic)) style.italic = Boolean(look.italic);
    const color = look.color?.hex ?? '000000';
    if (color !== (base.color?.hex ?? '000000')) style.color = `#${color}`;
    if (look.baseline) style.script = look.baseline > 0 ? 'super' : 'sub';
  }
  if (Boolean(look.underline) !== Boolean(base.underline))
    style.underline = Boolean(look.underline);
  if (look.link) style.link = look.link;
  return style;
}

/**
 * A paragraph's runs as the template format keeps them, joined where they look alike. `text` is
 * the paragraph as drawn: the runs' words with a number label in front, or their opening spaces
 * taken off; `base` is the look most of the paragraph has. Undefined past the format's 200 runs
 * (the paragraph is then drawn in one look).
 */
export function joinRuns(
  text: string,
  spans: readonly { text: string; style: RunStyleApart }[],
  base: RunLook,
): TemplateTextRun[] | undefined {
  const written = spans.map((span) => span.text).join('');
  const label = text.length > written.length ? text.slice(0, text.length - written.length) : '';
  let drop = Math.max(0, written.length - text.length);
  // A number label is never underlined, though most of its paragraph may be.
  const runs: TemplateTextRun[] = label
    ? [{ text: label, ...(base.underline ? { underline: false } : {}) }]
    : [];
  for (const span of spans) {
    const cut = Math.min(drop, span.text.length);
    drop -= cut;
    const words = span.text.slice(cut);
    if (words === '') continue;
    const last = runs.at(-1);
    if (last && sameRunLook(last, span.style)) last.text += words;
    else runs.push({ text: words, ...span.style });
  }
  if (runs.length > 200) return undefined;
  // At most 5,000 characters in all, as any paragraph.
  let room = 5_000;
  const kept = runs.flatMap((run) => {
    const text = run.text.slice(0, room);
    room -= text.length;
    return text === '' ? [] : [{ ...run, text }];
  });
  return kept.length > 0 ? kept : undefined;
}

/** Template runs of a text `textSize` points large, as the layout measures them. */
export function spansOf(runs: readonly TemplateTextRun[], textSize: number): StyledSpan[] {
  return runs.map((run) => runSpan(run, run.text, textSize, (color) => color.slice(1)));
}
