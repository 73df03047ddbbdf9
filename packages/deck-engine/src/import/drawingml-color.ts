import { child, numberAttr, type XmlElement } from './xml-tree.ts';

/** A resolved colour: `RRGGBB` and its opacity (0–1). */
export interface Rgba {
  hex: string;
  alpha: number;
}

/**
 * What a scheme colour name means on one slide: the theme's twelve colours, reached through
 * the master's colour map (`tx1` → `dk1`), which a layout or slide may override.
 */
export interface ColorContext {
  theme: Readonly<Record<string, string>>;
  map: Readonly<Record<string, string>>;
  /** What `phClr` stands for inside a theme style (the colour of the reference using it). */
  placeholder?: Rgba;
}

const presetColors: Readonly<Record<string, string>> = {
  black: '000000',
  white: 'FFFFFF',
  red: 'FF0000',
  green: '008000',
  blue: '0000FF',
  yellow: 'FFFF00',
  gray: '808080',
  grey: '808080',
  darkGray: 'A9A9A9',
  lightGray: 'D3D3D3',
  orange: 'FFA500',
  navy: '000080',
  silver: 'C0C0C0',
};

const colorTags = new Set([
  'a:srgbClr',
  'a:schemeClr',
  'a:sysClr',
  'a:prstClr',
  'a:scrgbClr',
  'a:hslClr',
]);

/** The colour element among an element's children (`a:solidFill`'s, a gradient stop's). */
export function colorChild(element: XmlElement | undefined): XmlElement | undefined {
  return element?.children.find((c) => colorTags.has(c.name));
}

function toRgb(hex: string): [number, number, number] {
  const value = parseInt(hex, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: readonly number[]): string {
  return [r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v ?? 0)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')
    .toUpperCase();
}

function rgbToHsl([r, g, b]: readonly number[]): [number, number, number] {
  const [rn, gn, bn] = [r! / 255, g! / 255, b! / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h =
    max === rn
      ? (gn - bn) / d + (gn < bn ? 6 : 0)
      : max === gn
        ? (bn - rn) / d + 2
        : (rn - gn) / d + 4;
  return [h / 6, s, l];
}

function hslToRgb([h, s, l]: readonly number[]): [number, number, number] {
  if (s === 0) return [l! * 255, l! * 255, l! * 255];
  const q = l! < 0.5 ? l! * (1 + s!) : l! + s! - l! * s!;
  const p = 2 * l! - q;
  const channel = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  return [channel(h! + 1 / 3) * 255, channel(h!) * 255, channel(h! - 1 / 3) * 255];
}

/** sRGB channels (0–255) changed by `change` in linear light (0–1), and back. */
function inLinearLight(
  rgb: readonly number[],
  change: (linear: number) => number,
): [number, number, number] {
  const toLinear = (c: number) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const toSrgb = (l: number) => {
    const v = Math.min(1, Math.max(0, l));
    return 255 * (v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055);
  };
  return rgb.map((c) => toSrgb(change(toLinear(c)))) as [number, number, number];
}

/** The colour's modifiers (`a:lumMod`, `a:tint`, `a:alpha`…) applied in order. */
function applyModifiers(base: Rgba, element: XmlElement): Rgba {
  let rgb = toRgb(base.hex);
  let alpha = base.alpha;
  for (const modifier of element.children) {
    const value = (numberAttr(modifier, 'val') ?? 100_000) / 100_000;
    switch (modifier.name) {
      case 'a:lumMod':
      case 'a:lumOff': {
        const hsl = rgbToHsl(rgb);
        hsl[2] = modifier.name === 'a:lumMod' ? hsl[2] * value : hsl[2] + value;
        hsl[2] = Math.min(1, Math.max(0, hsl[2]));
        rgb = hslToRgb(hsl);
        break;
      }
      case 'a:satMod': {
        const hsl = rgbToHsl(rgb);
        hsl[1] = Math.min(1, Math.max(0, hsl[1] * value));
        rgb = hslToRgb(hsl);
        break;
      }
      // Tints and shades mix with white or black in linear light, as office suites mix them
      // (Medium Style 2's banded rows, accent 1 at a 40 % tint, are #D0D8E8).
      case 'a:tint':
        rgb = inLinearLight(rgb, (c) => 1 - (1 - c) * value);
        break;
      case 'a:shade':
        rgb = inLinearLight(rgb, (c) => c * value);
        break;
      case 'a:alpha':
        alpha = value;
        break;
      case 'a:alphaMod':
        alpha *= value;
        break;
      default:
        break;
    }
  }
  return { hex: toHex(rgb), alpha };
}

/** A colour element (`a:srgbClr`, `a:schemeClr`…) resolved on a slide; undefined when unknown. */
export function resolveColor(
  element: XmlElement | undefined,
  context: ColorContext,
): Rgba | undefined {
  if (!element) return undefined;
  let base: Rgba | undefined;
  switch (element.name) {
    case 'a:srgbClr':
      base = /^[0-9A-Fa-f]{6}$/.test(element.attrs.val ?? '')
        ? { hex: element.attrs.val!.toUpperCase(), alpha: 1 }
        : undefined;
      break;
    case 'a:sysClr':
      base = {
        hex: (
          element.attrs.lastClr ?? (element.attrs.val === 'window' ? 'FFFFFF' : '000000')
        ).toUpperCase(),
        alpha: 1,
      };
      break;
    case 'a:prstClr':
      base = { hex: presetColors[element.attrs.val ?? ''] ?? '000000', alpha: 1 };
      break;
    case 'a:scrgbClr': {
      const channel = (name: string) => ((numberAttr(element, name) ?? 0) / 100_000) * 255;
      base = { hex: toHex([channel('r'), channel('g'), channel('b')]), alpha: 1 };
      break;
    }
    case 'a:schemeClr': {
      const name = element.attrs.val ?? '';
      if (name === 'phClr') {
        base = context.placeholder;
        break;
      }
      const themeName = context.map[name] ?? name;
      const hex = context.theme[themeName];
      base = hex ? { hex, alpha: 1 } : undefined;
      break;
    }
    default:
      base = undefined;
  }
  return base && applyModifiers(base, element);
}

/** The colour inside a fill-like element (`a:solidFill`, a style reference). */
export function resolveColorIn(
  element: XmlElement | undefined,
  context: ColorContext,
): Rgba | undefined {
  return resolveColor(colorChild(element), context);
}

/** The average of a gradient's stops: what one flat colour can say of it. */
export function gradientStops(
  gradient: XmlElement,
  context: ColorContext,
): { pos: number; color: Rgba }[] {
  const list = child(gradient, 'a:gsLst');
  return (list?.children ?? []).flatMap((stop) => {
    const color = resolveColorIn(stop, context);
    return color ? [{ pos: (numberAttr(stop, 'pos') ?? 0) / 100_000, color }] : [];
  });
}

export function averageColor(colors: readonly Rgba[]): Rgba | undefined {
  if (colors.length === 0) return undefined;
  const sum = [0, 0, 0];
  let alpha = 0;
  for (const color of colors) {
    toRgb(color.hex).forEach((v, i) => (sum[i]! += v));
    alpha += color.alpha;
  }
  return { hex: toHex(sum.map((v) => v / colors.length)), alpha: alpha / colors.length };
}
