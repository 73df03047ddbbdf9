/**
 * The bundled family a typeface of an imported file is drawn in: a metric-compatible stand-in
 * where one is bundled (lines break where the original's do), else the closest kind — Tinos for
 * a serif, Inter for the rest. The import report names each mapping so the editor knows.
 */
export type ImportFont = 'Inter' | 'Arimo' | 'Carlito' | 'Tinos' | 'Caladea';

const standIns: [RegExp, ImportFont][] = [
  [
    /^(arial|helvetica|helvetica neue|liberation sans|arimo|arial narrow|tahoma|verdana|segoe ui)$/i,
    'Arimo',
  ],
  [/^(calibri|calibri light|carlito|candara|corbel)$/i, 'Carlito'],
  [/^(cambria|caladea)$/i, 'Caladea'],
  [
    /^(times|times new roman|liberation serif|tinos|georgia|garamond|book antiqua|palatino|palatino linotype|century schoolbook)$/i,
    'Tinos',
  ],
  [/^(inter)$/i, 'Inter'],
  [/(serif|roman|times|garamond|baskerville|bodoni|didot|minion|caslon|georgia|book)/i, 'Tinos'],
];

export function mapFont(typeface: string): ImportFont {
  const name = typeface.trim();
  return standIns.find(([pattern]) => pattern.test(name))?.[1] ?? 'Inter';
}
