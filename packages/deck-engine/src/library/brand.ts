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
