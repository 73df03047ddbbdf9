import {
  lineEnds,
  type LineEnd,
  type TemplateGradient,
  type TemplateShadow,
} from '@deck-portal/domain';
import {
  averageColor,
  gradientStops,
  resolveColorIn,
  type ColorContext,
  type Rgba,
} from './drawingml-color.ts';
import { hexOf, round, type PartContext, type SlideRead } from './slide-read.ts';
import { child, numberAttr, pathOf, type XmlElement } from './xml-tree.ts';

// How a shape is painted: its fill (flat or a gradient), its outline and its shadow, its own or
// from the theme's style it names.

/** What the effects the engine does not draw are called in a report. */
const effectNames: Readonly<Record<string, string>> = {
  'a:innerShdw': 'an inner shadow',
  'a:prstShdw': 'a preset shadow',
  'a:glow': 'a glow',
  'a:softEdge': 'a soft edge',
  'a:reflection': 'a reflection',
  'a:blur': 'a blur',
  'a:fillOverlay': 'a fill overlay',
};

/** A line's stroke and the marks at its ends. */
export interface LineStroke {
  color: string;
  width: number;
  dash?: boolean;
  opacity?: number;
  startArrow?: LineEnd;
  endArrow?: LineEnd;
}

/** One flat colour for a fill: solid as is, a gradient as its stops' average (reported). */
export function flatFill(
  read: SlideRead,
  fill: XmlElement | undefined,
  colors: ColorContext,
  what: string,
): Rgba | undefined {
  if (!fill) return undefined;
  switch (fill.name) {
    case 'a:solidFill':
      return resolveColorIn(fill, colors);
    case 'a:gradFill': {
      const stops = gradientStops(fill, colors);
      const varies = stops.length > 1 && new Set(stops.map((s) => s.color.hex)).size > 1;
      // A linear or circular gradient is drawn as one (the average stands in where it
      // cannot be); a rectangular or shaped one as a circular one about its centre.
      const shade = child(fill, 'a:path')?.attrs.path;
      if (varies && shade !== undefined && shade !== 'circle') {
        read.skip('gradient', `the ${what}'s ${shade}-shaped gradient is drawn as a round one`);
      }
      return averageColor(stops.map((s) => s.color));
    }
    case 'a:pattFill': {
      read.skip('pattern', `the ${what}'s pattern is drawn in its foreground colour`);
      return resolveColorIn(child(fill, 'a:fgClr'), colors);
    }
    default:
      return undefined;
  }
}

/**
 * A gradient fill (`a:gradFill`) in the template format, its stops' opacities kept: linear (with
 * `a:lin`, or none said) at its angle, or radial (`a:path`, whatever its shape) about the centre
 * of its focus rectangle (`a:fillToRect`, insets from each side). Undefined for fewer than two
 * stops or another kind of fill.
 */
export function readGradient(fill: XmlElement, colors: ColorContext): TemplateGradient | undefined {
  if (fill.name !== 'a:gradFill') return undefined;
  const stops = gradientStops(fill, colors)
    .map((stop) => ({
      at: Math.max(0, Math.min(1, round(stop.pos))),
      color: hexOf(stop.color),
      ...(stop.color.alpha < 1 ? { opacity: round(stop.color.alpha) } : {}),
    }))
    .sort((a, b) => a.at - b.at)
    .slice(0, 10);
  if (stops.length < 2) return undefined;
  const shade = child(fill, 'a:path');
  if (shade) {
    const focus = child(shade, 'a:fillToRect');
    const inset = (name: string) => {
      const value = (numberAttr(focus, name) ?? 0) / 100_000;
      return Number.isFinite(value) ? value : 0;
    };
    const centre = (from: number, to: number) =>
      Math.max(0, Math.min(1, round((from + 1 - to) / 2)));
    const cx = centre(inset('l'), inset('r'));
    const cy = centre(inset('t'), inset('b'));
    return {
      kind: 'radial',
      ...(cx !== 0.5 ? { cx } : {}),
      ...(cy !== 0.5 ? { cy } : {}),
      stops,
    };
  }
  const degrees = (numberAttr(child(fill, 'a:lin'), 'ang') ?? 0) / 60_000;
  const angle = Number.isFinite(degrees) ? round(((degrees % 360) + 360) % 360) : 0;
  return { angle: angle === 360 ? 0 : angle, stops };
}

/** The theme style a shape's `p:style` reference names, with its colour for `phClr`. */
function styleReference(shape: XmlElement, name: string, list: XmlElement[], context: PartContext) {
  const reference = pathOf(shape, 'p:style', name);
  const idx = numberAttr(reference, 'idx') ?? 0;
  if (!reference || idx <= 0) return undefined;
  const placeholder = resolveColorIn(reference, context.colors);
  return {
    element: list[idx - 1],
    colors: { ...context.colors, ...(placeholder ? { placeholder } : {}) },
    color: placeholder,
  };
}

export function fillOf(
  read: SlideRead,
  shape: XmlElement,
  properties: XmlElement | undefined,
  context: PartContext,
  what: string,
) {
  const own = properties?.children.find((c) => c.name.endsWith('Fill'));
  if (own?.name === 'a:noFill') return { kind: 'none' as const };
  if (own?.name === 'a:blipFill') return { kind: 'picture' as const, element: own, context };
  if (own) {
    const color = flatFill(read, own, context.colors, what);
    const gradient = readGradient(own, context.colors);
    return color
      ? { kind: 'color' as const, color, ...(gradient ? { gradient } : {}) }
      : { kind: 'none' as const };
  }
  const reference = styleReference(
    shape,
    'a:fillRef',
    read.layout.master.theme.fillStyles,
    context,
  );
  if (!reference) return { kind: 'none' as const };
  const color = reference.element
    ? flatFill(read, reference.element, reference.colors, what)
    : reference.color;
  const gradient = reference.element && readGradient(reference.element, reference.colors);
  return color
    ? { kind: 'color' as const, color, ...(gradient ? { gradient } : {}) }
    : { kind: 'none' as const };
}

export function outlineOf(
  read: SlideRead,
  shape: XmlElement,
  properties: XmlElement | undefined,
  context: PartContext,
) {
  const own = child(properties, 'a:ln');
  const reference = styleReference(shape, 'a:lnRef', read.layout.master.theme.lineStyles, context);
  const styled = reference?.element;
  const fillOf = (ln: XmlElement | undefined) => ln?.children.find((c) => c.name.endsWith('Fill'));
  const ownFill = fillOf(own);
  if (ownFill?.name === 'a:noFill') return undefined;
  const color =
    (ownFill && resolveColorIn(ownFill, context.colors)) ??
    (reference && (resolveColorIn(fillOf(styled), reference.colors) ?? reference.color));
  // An outline nothing of shows is none.
  if (!color || color.alpha === 0) return undefined;
  const widthEmu = numberAttr(own, 'w') ?? numberAttr(styled, 'w') ?? 9_525;
  const dash = child(own, 'a:prstDash')?.attrs.val ?? child(styled, 'a:prstDash')?.attrs.val;
  // The marks at its ends: the head at the start, the tail at the end, as PowerPoint names them.
  const mark = (name: string) => {
    const type = (child(own, name) ?? child(styled, name))?.attrs.type;
    return (lineEnds as readonly string[]).includes(type ?? '') ? (type as LineEnd) : undefined;
  };
  const [startArrow, endArrow] = [mark('a:headEnd'), mark('a:tailEnd')];
  return {
    color: hexOf(color),
    width: Math.min(100, round(widthEmu * read.base.sx)),
    ...(dash && dash !== 'solid' ? { dash: true } : {}),
    ...(color.alpha < 1 ? { opacity: round(color.alpha) } : {}),
    ...(startArrow ? { startArrow } : {}),
    ...(endArrow ? { endArrow } : {}),
  };
}

/** A shape's outline, which has no ends to mark (an arc or a freeform with an arrowhead). */
export function endlessOutlineOf(
  read: SlideRead,
  shape: XmlElement,
  properties: XmlElement | undefined,
  context: PartContext,
  geometry: string,
) {
  const outlined = outlineOf(read, shape, properties, context);
  if (outlined?.startArrow || outlined?.endArrow) {
    read.skip('effect', `the arrowhead on a "${geometry}" shape is not drawn`);
  }
  return (
    outlined && {
      color: outlined.color,
      width: outlined.width,
      ...(outlined.dash ? { dash: true } : {}),
      ...(outlined.opacity !== undefined ? { opacity: outlined.opacity } : {}),
    }
  );
}

/**
 * The shadow a shape casts: from effects of its own, or (when it says none) the theme's effect
 * style it names, as Office's shape styles give shapes a soft shadow. `casts` says what the
 * shadow would fall from (a shape's fill or outline, a picture); a shadow of a line or of words,
 * and every other effect, is reported.
 */
export function readEffects(
  read: SlideRead,
  shape: XmlElement,
  properties: XmlElement | undefined,
  context: PartContext,
  casts: 'shape' | 'picture' | 'line' | 'words',
): TemplateShadow | undefined {
  const own = child(properties, 'a:effectLst');
  const styled = own
    ? undefined
    : styleReference(shape, 'a:effectRef', read.layout.master.theme.effectStyles, context);
  const effects = own ?? child(styled?.element, 'a:effectLst');
  let shadow: TemplateShadow | undefined;
  for (const effect of effects?.children ?? []) {
    if (effect.name !== 'a:outerShdw') {
      read.skip('effect', `${effectNames[effect.name] ?? 'an effect'} is not drawn`);
      continue;
    }
    if (casts !== 'shape' && casts !== 'picture') {
      read.skip(
        'effect',
        `a shadow behind ${casts === 'words' ? 'words' : `a ${casts}`} is not drawn`,
      );
      continue;
    }
    const color = resolveColorIn(effect, styled?.colors ?? context.colors);
    if (!color) continue;
    const scaled = ['sx', 'sy'].some((name) => (numberAttr(effect, name) ?? 100_000) !== 100_000);
    const skewed = ['kx', 'ky'].some((name) => (numberAttr(effect, name) ?? 0) !== 0);
    if (scaled || skewed) {
      read.skip(
        'effect',
        "a shadow larger, smaller or slanted apart from its shape is drawn as the shape's own",
      );
    }
    const distance = (numberAttr(effect, 'dist') ?? 0) * read.base.sx;
    const direction = (((numberAttr(effect, 'dir') ?? 0) / 60_000) * Math.PI) / 180;
    shadow = {
      color: hexOf(color),
      opacity: round(color.alpha),
      blur: Math.min(100, round((numberAttr(effect, 'blurRad') ?? 0) * read.base.sx)),
      dx: Math.min(200, Math.max(-200, round(distance * Math.cos(direction)))),
      dy: Math.min(200, Math.max(-200, round(distance * Math.sin(direction)))),
    };
  }
  return shadow;
}
