import { z } from 'zod';

/** The bundled families an imported slide's text may be set in, besides the brand's font. */
export const importFontFamilies = ['Arimo', 'Carlito', 'Tinos', 'Caladea', 'DejaVu Sans'] as const;

export const brandColorNames = [
  'primary',
  'primaryDeep',
  'accent',
  'highlight',
  'ink',
  'muted',
  'panel',
  'rule',
  'background',
] as const;

/** `#RRGGBB`, a brand colour (`brand.accent`), or the slide's category colour (`category`). */
export const templateColorSchema = z
  .string()
  .regex(
    new RegExp(`^(#[0-9A-Fa-f]{6}|brand\\.(${brandColorNames.join('|')})|category)$`),
    'must be #RRGGBB, a brand colour such as brand.accent, or category',
  );
export type TemplateColor = z.infer<typeof templateColorSchema>;
