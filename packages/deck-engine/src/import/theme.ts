import { colorChild, resolveColor } from './drawingml-color.ts';
import { child, childrenNamed, pathOf, type XmlElement } from './xml-tree.ts';

/** What a master's theme gives its slides: colours, the two fonts and the style lists. */
export interface Theme {
  /** `dk1`, `lt1`, `dk2`, `lt2`, `accent1`…`accent6`, `hlink`, `folHlink` → `RRGGBB`. */
  colors: Record<string, string>;
  /** The headings' font (`+mj-lt`) and the body's (`+mn-lt`). */
  majorFont: string;
  minorFont: string;
  /** Fill styles a shape's `a:fillRef idx="1…3"` names, and backgrounds' (`idx="1001…"`). */
  fillStyles: XmlElement[];
  backgroundFillStyles: XmlElement[];
  /** Line styles a shape's `a:lnRef idx` names. */
  lineStyles: XmlElement[];
  /** Effect styles (shadows, glows) a shape's `a:effectRef idx` names. */
  effectStyles: XmlElement[];
}

/** Office's own theme, for a file whose master names none. */
const officeColors: Record<string, string> = {
  dk1: '000000',
  lt1: 'FFFFFF',
  dk2: '44546A',
  lt2: 'E7E6E6',
  accent1: '4472C4',
  accent2: 'ED7D31',
  accent3: 'A5A5A5',
  accent4: 'FFC000',
  accent5: '5B9BD5',
  accent6: '70AD47',
  hlink: '0563C1',
  folHlink: '954F72',
};

/**
 * A theme part (`a:theme`), or the override a chart carries of its own (`a:themeOverride`,
 * whose schemes stand directly in it), as the colours, fonts and styles it gives.
 */
export function readTheme(root: XmlElement | undefined): Theme {
  const elements = root?.name === 'a:themeOverride' ? root : child(root, 'a:themeElements');
  const colors = { ...officeColors };
  for (const entry of child(elements, 'a:clrScheme')?.children ?? []) {
    const name = entry.name.replace(/^a:/, '');
    const color = resolveColor(colorChild(entry), { theme: {}, map: {} });
    if (color) colors[name] = color.hex;
  }
  const fonts = child(elements, 'a:fontScheme');
  const typeface = (kind: string) =>
    pathOf(fonts, kind, 'a:latin')?.attrs.typeface?.trim() || 'Calibri';
  const styles = child(elements, 'a:fmtScheme');
  return {
    colors,
    majorFont: typeface('a:majorFont'),
    minorFont: typeface('a:minorFont'),
    fillStyles: [...(child(styles, 'a:fillStyleLst')?.children ?? [])],
    backgroundFillStyles: [...(child(styles, 'a:bgFillStyleLst')?.children ?? [])],
    lineStyles: childrenNamed(child(styles, 'a:lnStyleLst'), 'a:ln'),
    effectStyles: childrenNamed(child(styles, 'a:effectStyleLst'), 'a:effectStyle'),
  };
}
