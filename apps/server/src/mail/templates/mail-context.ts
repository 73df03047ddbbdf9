import type { Brand } from '@deck-portal/domain';

/** What a published brand gives a mail: its colours (`RRGGBB`) and its logo's public address. */
export type MailBrand = {
  colors: Pick<Brand['colors'], 'primary' | 'accent'>;
  logoUrl: string | null;
};

/** Who is writing: the same for every mail at one moment, read from configuration and the brand. */
export type MailContext = {
  productName: string;
  /** Named in the footer; null: left out. */
  companyName: string | null;
  /** Null until a brand is published: the mail is then plain. */
  brand: MailBrand | null;
};
