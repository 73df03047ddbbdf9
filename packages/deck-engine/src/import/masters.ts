import { readListStyle, type ParagraphLook } from './text-body.ts';
import type { ColorContext } from './drawingml-color.ts';
import { relsOf, type PptxPackage } from './pptx-package.ts';
import type { Layout, Master, Placeholder } from './slide-read.ts';
import { readTheme, type Theme } from './theme.ts';
import { child, childrenNamed, pathOf, readXmlTree, type XmlElement } from './xml-tree.ts';

// What a slide inherits: its layout and master (read once each, with the master's theme, colour
// map and text styles), and the placeholders a slide's placeholder takes its place, look and
// text styles from.

const defaultTypeOf = (shape: XmlElement) => {
  const ph =
    pathOf(shape, 'p:nvSpPr', 'p:nvPr', 'p:ph') ?? pathOf(shape, 'p:nvPicPr', 'p:nvPr', 'p:ph');
  return ph;
};

export function placeholderOf(shape: XmlElement): Placeholder | undefined {
  const ph = defaultTypeOf(shape);
  if (!ph) return undefined;
  return { type: ph.attrs.type ?? 'obj', idx: ph.attrs.idx, shape };
}

function placeholdersIn(root: XmlElement | undefined): Placeholder[] {
  return childrenNamed(pathOf(root, 'p:cSld', 'p:spTree'), 'p:sp').flatMap((shape) => {
    const placeholder = placeholderOf(shape);
    return placeholder ? [placeholder] : [];
  });
}

/** The master's kind for a placeholder type: what its text style and position come from. */
export function masterType(type: string): string {
  if (type === 'ctrTitle' || type === 'title') return 'title';
  if (type === 'dt' || type === 'ftr' || type === 'sldNum') return type;
  return 'body';
}

function findLayoutPlaceholder(layout: Layout, placeholder: Placeholder) {
  const byIdx =
    placeholder.idx !== undefined
      ? layout.placeholders.find((p) => p.idx === placeholder.idx)
      : undefined;
  return (
    byIdx ??
    layout.placeholders.find((p) => p.type === placeholder.type) ??
    layout.placeholders.find(
      (p) => masterType(p.type) === masterType(placeholder.type) && masterType(p.type) === 'title',
    )
  );
}

function findMasterPlaceholder(master: Master, type: string) {
  return master.placeholders.find((p) => masterType(p.type) === masterType(type));
}

function colorMap(element: XmlElement | undefined): Record<string, string> {
  return { ...(element?.attrs ?? {}) };
}

export function overriddenMap(root: XmlElement, inherited: Record<string, string>) {
  const override = pathOf(root, 'p:clrMapOvr', 'a:overrideClrMapping');
  return override ? colorMap(override) : inherited;
}

/** A master's or layout's tree and relationships; throws, naming it, when it is missing. */
function readPart(pkg: PptxPackage, part: string) {
  const root = readXmlTree(pkg, part);
  if (!root) throw new Error(`${part} is missing`);
  return { root, rels: relsOf(pkg, part) };
}

/**
 * Reads masters and layouts as slides name them, each once: a layout with its master, theme,
 * colour map, text styles and placeholders, which the slide's shapes inherit from.
 */
export function partLoader(pkg: PptxPackage) {
  const masters = new Map<string, Master>();
  const layouts = new Map<string, Layout>();
  const loadMaster = (part: string): Master => {
    const known = masters.get(part);
    if (known) return known;
    const { root, rels } = readPart(pkg, part);
    const themePart = [...rels.values()].find((r) => r.type === 'theme')?.part;
    const theme = readTheme(themePart ? readXmlTree(pkg, themePart) : undefined);
    const map = colorMap(child(root, 'p:clrMap'));
    const txStyles = child(root, 'p:txStyles');
    const master: Master = {
      root,
      theme,
      themeContext: {
        part: themePart ?? part,
        rels: themePart ? relsOf(pkg, themePart) : new Map(),
        colors: { theme: theme.colors, map },
      },
      map,
      context: { part, rels, colors: { theme: theme.colors, map } },
      placeholders: placeholdersIn(root),
      titleStyle: child(txStyles, 'p:titleStyle'),
      bodyStyle: child(txStyles, 'p:bodyStyle'),
      otherStyle: child(txStyles, 'p:otherStyle'),
    };
    masters.set(part, master);
    return master;
  };
  const loadLayout = (part: string): Layout => {
    const known = layouts.get(part);
    if (known) return known;
    const { root, rels } = readPart(pkg, part);
    const masterPart = [...rels.values()].find((r) => r.type === 'slideMaster')?.part;
    if (!masterPart) throw new Error(`${part} names no slide master`);
    const master = loadMaster(masterPart);
    const layout: Layout = {
      root,
      master,
      context: {
        part,
        rels,
        colors: { theme: master.theme.colors, map: overriddenMap(root, master.map) },
      },
      placeholders: placeholdersIn(root),
    };
    layouts.set(part, layout);
    return layout;
  };
  return loadLayout;
}

/** The layout's and master's placeholders this one inherits from, the nearest first. */
export function inheritedPlaceholders(layout: Layout, placeholder: Placeholder): Placeholder[] {
  const fromLayout = findLayoutPlaceholder(layout, placeholder);
  const fromMaster = findMasterPlaceholder(layout.master, fromLayout?.type ?? placeholder.type);
  return [fromLayout, fromMaster].filter((p): p is Placeholder => p !== undefined);
}

/**
 * A placeholder's shape properties with what it does not say taken from its layout's and
 * master's placeholders, the nearest first: its geometry, fill and outline (a layout's filled
 * title bar stays filled on the slide).
 */
export function inheritedProperties(
  own: XmlElement | undefined,
  inherited: readonly (XmlElement | undefined)[],
): XmlElement | undefined {
  if (inherited.length === 0) return own;
  const sources = [own, ...inherited];
  const first = (test: (c: XmlElement) => boolean) =>
    sources.map((source) => source?.children.find(test)).find((c) => c !== undefined);
  const children = [
    first((c) => c.name === 'a:xfrm'),
    first((c) => c.name === 'a:prstGeom' || c.name === 'a:custGeom'),
    first((c) => c.name.endsWith('Fill')),
    first((c) => c.name === 'a:ln'),
    first((c) => c.name === 'a:effectLst'),
  ].filter((c): c is XmlElement => c !== undefined);
  return { name: 'p:spPr', attrs: {}, children, text: '' };
}

/**
 * The list styles a text inherits, the most general first. Their scheme colours resolve
 * through the slide's own colour map (`colors`): a layout that swaps light and dark swaps them
 * for the master's styles too.
 */
export function listStyles(
  layout: Layout,
  colors: ColorContext,
  defaultTextStyle: XmlElement | undefined,
  placeholder: Placeholder | undefined,
  inherited: Placeholder[],
) {
  const master = layout.master;
  const type = placeholder && masterType(inherited[0]?.type ?? placeholder.type);
  // A title or body takes its master's style alone; the presentation's default text style
  // (italic in some old templates) is for text boxes and the other placeholders.
  const chain: ParagraphLook[][] =
    type === 'title' || type === 'body' ? [] : [readListStyle(defaultTextStyle, colors)];
  if (placeholder) {
    const style =
      type === 'title' ? master.titleStyle : type === 'body' ? master.bodyStyle : master.otherStyle;
    chain.push(readListStyle(style, colors));
    for (const source of [...inherited].reverse()) {
      chain.push(readListStyle(pathOf(source.shape, 'p:txBody', 'a:lstStyle'), colors));
    }
  }
  return chain;
}

/** The typeface a run names, the theme's heading (`+mj-lt`) or body font (any other `+…`, none). */
export function themeTypeface(written: string | undefined, theme: Theme): string {
  if (written === '+mj-lt') return theme.majorFont;
  return !written || written.startsWith('+') ? theme.minorFont : written;
}
