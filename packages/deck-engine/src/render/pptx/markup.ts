import type { PartWriter } from './part-writer.ts';

/**
 * What every part of the direct PPTX writer shares: units, escaping and colours, written the way
 * pptxgenjs 4.0.1 writes them (ADR 059: the direct writer's first proof is the same bytes as
 * pptxgenjs's, so its odd cases are kept and named here; fixing them is a later change).
 */

/** EMU per inch and per point. */
export const EMU = 914_400;
export const ONE_POINT = 12_700;

/** The XML declaration and the line break pptxgenjs puts after it. */
export const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n';

/** Inches as EMU; a number over 100 is taken as EMU already (pptxgenjs's rule). */
export function inchesToEmu(inches: number): number {
  if (inches > 100) return inches;
  return Math.round(EMU * inches);
}

/**
 * A position or size as EMU: below 100 it is inches, from 100 on EMU already (pptxgenjs's rule,
 * so a value is never converted twice, and a tiny one converted again: kept as it is).
 */
export function toEmu(size: number | undefined): number {
  if (typeof size !== 'number') return 0;
  return size < 100 ? inchesToEmu(size) : size;
}

/** Points as EMU, rounded; what is not a number is 0. */
export function pointsToEmu(points: unknown): number {
  const value = Number(points) || 0;
  return Math.round(value * ONE_POINT);
}

/** Degrees as DrawingML's 60,000ths; a turn past 360 loses one turn only (pptxgenjs's rule). */
export function rotation(degrees: number | undefined): number {
  const d = degrees || 0;
  return Math.round((d > 360 ? d - 360 : d) * 60_000);
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text escaped for an element or an attribute (all five entities, as pptxgenjs writes them). */
export function escapeXml(text: string | undefined | null): string {
  if (text === undefined || text === null) return '';
  return /[&<>"']/.test(text) ? text.replace(/[&<>"']/g, (c) => ESCAPES[c]!) : text;
}

const HEX_COLOR = /^[0-9a-fA-F]{6}$/;
const SCHEME_COLORS = new Set([
  'bg1',
  'bg2',
  'tx1',
  'tx2',
  'accent1',
  'accent2',
  'accent3',
  'accent4',
  'accent5',
  'accent6',
]);

/**
 * A colour element: `a:srgbClr` for six hex digits (upper case), `a:schemeClr` for a scheme name;
 * anything else is black, as pptxgenjs writes it (after warning on the console; the layout's
 * colours are hex, so this is the same file, without the warning).
 */
export function colorElement(color: string | undefined, inner = ''): string {
  let value = (color ?? '').replace('#', '');
  if (!HEX_COLOR.test(value) && !SCHEME_COLORS.has(value)) value = '000000';
  const isHex = HEX_COLOR.test(value);
  const attr = `val="${isHex ? value.toUpperCase() : value}"`;
  const tag = isHex ? 'srgbClr' : 'schemeClr';
  return inner ? `<a:${tag} ${attr}>${inner}</a:${tag}>` : `<a:${tag} ${attr}/>`;
}

/** Opaque solid fills by colour as written (a deck has a few dozen colours). */
const opaqueFills = new Map<string, string>();

/** A solid fill of a colour, with its transparency (0–100) as an alpha when it has one. */
export function solidFill(color: string | undefined, transparency?: number): string {
  if (!transparency && color !== undefined) {
    let xml = opaqueFills.get(color);
    if (xml === undefined) {
      xml = `<a:solidFill>${colorElement(color)}</a:solidFill>`;
      if (opaqueFills.size >= 256) opaqueFills.clear();
      opaqueFills.set(color, xml);
    }
    return xml;
  }
  const alpha = transparency ? `<a:alpha val="${Math.round((100 - transparency) * 1000)}"/>` : '';
  return `<a:solidFill>${colorElement(color, alpha)}</a:solidFill>`;
}

/** `colorElement`, written: its `inner` markup (an alpha) written by the caller between. */
export function writeColor(w: PartWriter, color: string | undefined, alpha?: number): PartWriter {
  let value = (color ?? '').replace('#', '');
  if (!HEX_COLOR.test(value) && !SCHEME_COLORS.has(value)) value = '000000';
  const isHex = HEX_COLOR.test(value);
  w.raw(isHex ? '<a:srgbClr val="' : '<a:schemeClr val="').raw(isHex ? value.toUpperCase() : value);
  if (alpha === undefined) return w.raw('"/>');
  w.raw('"><a:alpha val="').number(alpha).raw('"/>');
  return w.raw(isHex ? '</a:srgbClr>' : '</a:schemeClr>');
}

/** `solidFill`, written. */
export function writeSolidFill(
  w: PartWriter,
  color: string | undefined,
  transparency?: number,
): PartWriter {
  if (!transparency && color !== undefined) return w.raw(solidFill(color));
  w.raw('<a:solidFill>');
  writeColor(w, color, transparency ? Math.round((100 - transparency) * 1000) : undefined);
  return w.raw('</a:solidFill>');
}
