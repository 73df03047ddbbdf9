import { createHash } from 'node:crypto';
import {
  faceOf,
  FONT_WEIGHTS,
  getFont,
  isFontFamilyRegistered,
  registerFontFamily,
  type FontWeight,
} from '../layout/fonts.ts';
import type { Hex } from '../layout/model.ts';

/**
 * Everything that makes the decks look like one company's: swap this object (name, contact
 * lines, colours) and every template slide, pricing slide, custom slide and thumbnail follows.
 */
export interface BrandDefinition {
  name: string;
  legalName: string;
  tagline: string;
  website: string;
  email: string;
  phone: string;
  address: string;
  /** A picture's address drawn where the mark stands (a library upload); none: the drawn mark. */
  logo?: string | undefined;
  /** The company's font files by weight (library uploads); none: the built-in family, Inter. */
  font?: ({ regular: string } & Partial<Record<FontWeight, string>>) | undefined;
  colors: {
    /** Dark brand colour: title slide background, headings. */
    primary: Hex;
    /** Second dark tone for gradients of cards on dark backgrounds. */
    primaryDeep: Hex;
    /** Brand accent: kickers, highlights, the logo's mark. */
    accent: Hex;
    /** Warm highlight used sparingly (energy, call-outs). */
    highlight: Hex;
    ink: Hex;
    muted: Hex;
    /** Light panel fill. */
    panel: Hex;
    rule: Hex;
    background: Hex;
  };
}

export const DEFAULT_BRAND: BrandDefinition = {
  name: 'Frostline',
  legalName: 'Frostline Energy Systems, Inc.',
  tagline:
    'Cold-chain monitoring and battery storage that keep every degree and every kilowatt in check.',
  website: 'frostline.example',
  email: 'sales@frostline.example',
  phone: '+1 (555) 013-2040',
  address: '400 Harbor Loop, Suite 12, Portland, OR 97209',
  colors: {
    primary: '0B2545',
    primaryDeep: '081B33',
    accent: '1FA9C0',
    highlight: 'F2A541',
    ink: '172233',
    muted: '5A6B80',
    panel: 'EEF3F8',
    rule: 'D5DEE8',
    background: 'FFFFFF',
  },
};

/** The family name the engine knows a brand's font files by: the same files, the same name. */
export function brandFontFamily(brand: Pick<BrandDefinition, 'font'>): string | undefined {
  if (!brand.font) return undefined;
  const files = FONT_WEIGHTS.map((weight) => `${weight}=${brand.font?.[weight] ?? ''}`).join(';');
  return `brand-${createHash('sha256').update(files).digest('hex').slice(0, 12)}`;
}

/**
 * Registers the brand's font files (from `files`, by their addresses) so text can be set in
 * them; answers the family, or undefined (with the reason) when the brand has none or its
 * regular file is not there, and the built-in family stands in.
 */
export function useBrandFonts(
  brand: Pick<BrandDefinition, 'font'>,
  files: Readonly<Record<string, Uint8Array>> = {},
): { family?: string; warning?: string } {
  const family = brandFontFamily(brand);
  if (!family || !brand.font) return {};
  if (isFontFamilyRegistered(family)) return { family };
  const faces: Partial<Record<FontWeight, Uint8Array>> = {};
  for (const weight of FONT_WEIGHTS) {
    const address = brand.font[weight];
    const bytes = address ? files[address] : undefined;
    if (bytes) faces[weight] = bytes;
  }
  if (!faces.regular) {
    return { warning: "The brand's font could not be loaded; the deck is set in Inter." };
  }
  try {
    registerFontFamily(family, faces);
  } catch {
    return { warning: "The brand's font could not be read; the deck is set in Inter." };
  }
  return { family };
}

/**
 * The brand's font as text is set in it: the engine's family, and the name its files give it
 * (what a presentation written in that font calls it); undefined when the brand has none or its
 * files cannot be read.
 */
export function brandTypeface(
  brand: Pick<BrandDefinition, 'font'>,
  files: Readonly<Record<string, Uint8Array>> = {},
): { family: string; name: string } | undefined {
  const { family } = useBrandFonts(brand, files);
  return family ? { family, name: getFont(faceOf(family, 'regular')).familyName } : undefined;
}
