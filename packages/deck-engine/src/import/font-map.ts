import type { FontWeight } from '../layout/fonts.ts';

/**
 * The bundled family a typeface of an imported file is drawn in: a metric-compatible stand-in
 * where one is bundled (lines break where the original's do), DejaVu Sans for the wide humanist
 * sans faces (Lucida Sans, Verdana), else the closest kind — Tinos for a serif, Inter for the
 * rest. The import report names each mapping so the editor knows.
 */
export type ImportFont = 'Inter' | 'Arimo' | 'Carlito' | 'Tinos' | 'Caladea' | 'DejaVu Sans';

const standIns: [RegExp, ImportFont][] = [
  [
    /^(arial|helvetica|helvetica neue|liberation sans|arimo|arial narrow|tahoma|segoe ui)$/i,
    'Arimo',
  ],
  // Wide humanist sans faces: DejaVu Sans is nearer their width than Arimo or Inter.
  [
    /^(lucida sans|lucida sans unicode|lucida grande|verdana|dejavu sans|bitstream vera sans)$/i,
    'DejaVu Sans',
  ],
  [/^(calibri|calibri light|carlito|candara|corbel)$/i, 'Carlito'],
  [/^(cambria|caladea)$/i, 'Caladea'],
  [
    /^(times|times new roman|liberation serif|tinos|georgia|garamond|book antiqua|palatino|palatino linotype|century schoolbook)$/i,
    'Tinos',
  ],
  [/^(inter)$/i, 'Inter'],
  // A sans by its name (Franklin Gothic Book is no book face), before the serif names.
  [/(sans|gothic|grotesk|grotesque|franklin|futura|avenir|gill|trebuchet|lucida|myriad)/i, 'Inter'],
  [/(serif|roman|times|garamond|baskerville|bodoni|didot|minion|caslon|georgia|antiqua)/i, 'Tinos'],
];

/** The typefaces whose stand-in has their very metrics: lines break where the original's do. */
const twins =
  /^(arial|helvetica|liberation sans|arimo|calibri|carlito|cambria|caladea|times|times new roman|liberation serif|tinos|inter|inter medium|inter semibold|dejavu sans)$/i;

export function isMetricTwin(typeface: string): boolean {
  return twins.test(typeface.trim());
}

const standInOf = (name: string) => standIns.find(([pattern]) => pattern.test(name))?.[1];

export function mapFont(typeface: string): ImportFont {
  const name = typeface.trim();
  // A weight of a family is that family's ("Arial Black" is Arial's, drawn in Arimo).
  return standInOf(name) ?? standInOf(splitTypeface(name).family) ?? 'Inter';
}

/**
 * The weight word a typeface's name ends in, as Office names a family's weights apart
 * ("Montserrat SemiBold", "Arial Black", "Franklin Gothic Demi"), and the weight it is drawn in:
 * light faces are drawn in the regular one.
 */
const weightWords: [RegExp, FontWeight][] = [
  [/\s+(thin|hairline|(extra|ultra)[ -]?light|light|book|regular|normal)$/i, 'regular'],
  [/\s+medium$/i, 'medium'],
  [/\s+(semi|demi)[ -]?bold$|\s+demi$/i, 'semibold'],
  [/\s+((extra|ultra)[ -]?bold|bold|black|heavy)$/i, 'bold'],
];

/**
 * A typeface's family and the weight its name gives (`Montserrat SemiBold`: Montserrat,
 * semibold); the name itself and no weight when it names none.
 */
export function splitTypeface(typeface: string): { family: string; weight?: FontWeight } {
  const name = typeface.trim();
  for (const [pattern, weight] of weightWords) {
    const family = name.replace(pattern, '');
    if (family !== name && family !== '') return { family, weight };
  }
  return { family: name };
}

/** The weight a typeface is drawn in where its text is not bold: its name's, else regular. */
export function typefaceWeight(typeface: string): FontWeight {
  return splitTypeface(typeface).weight ?? 'regular';
}

/** Whether a typeface is the family `family` or one of its weights (`Lora SemiBold` of Lora). */
export function isOfFamily(typeface: string, family: string): boolean {
  const wanted = family.trim().toLowerCase();
  return [typeface, splitTypeface(typeface).family].some(
    (name) => name.trim().toLowerCase() === wanted,
  );
}
