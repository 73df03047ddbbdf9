import type { Hex } from '../layout/model.ts';

/** WCAG 2's relative luminance of an sRGB colour (`RRGGBB`). */
export function relativeLuminance(colour: Hex): number {
  const channel = (offset: number) => {
    const value = parseInt(colour.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/** WCAG 2's contrast ratio of two colours: 1 (the same) to 21 (black on white). */
export function contrastRatio(a: Hex, b: Hex): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** The colour seen where `colour`, `opacity` solid (0–1), is drawn over `behind`. */
export function overColor(colour: Hex, opacity: number, behind: Hex): Hex {
  if (opacity >= 1) return colour.toUpperCase();
  const mix = (offset: number) => {
    const top = parseInt(colour.slice(offset, offset + 2), 16);
    const bottom = parseInt(behind.slice(offset, offset + 2), 16);
    return Math.round(top * opacity + bottom * (1 - opacity))
      .toString(16)
      .padStart(2, '0');
  };
  return `${mix(0)}${mix(2)}${mix(4)}`.toUpperCase();
}
