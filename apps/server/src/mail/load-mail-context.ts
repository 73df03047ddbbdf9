import { desc, sql } from 'drizzle-orm';
import { uploadIdOf, type Brand } from '@deck-portal/domain';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { libraryVersions } from '../db/schema.ts';
import type { MailContext } from './templates/mail-context.ts';

/** Where a mail program fetches the published brand's logo: public, as a mail has no session. */
export const mailLogoPath = (uploadId: string) => `/api/mail/logo/${uploadId}`;

/**
 * The newest library version's brand, and whether one has been published: version 1 is the
 * built-in library, whose brand is a sample company's, so mails stay plain until an
 * administrator publishes one. Only the brand is read, not the whole library.
 */
export async function loadPublishedBrand(db: Db): Promise<Brand | null> {
  const [newest] = await db
    .select({
      number: libraryVersions.number,
      brand: sql<Brand | null>`${libraryVersions.documents}->'brand'`,
    })
    .from(libraryVersions)
    .orderBy(desc(libraryVersions.number))
    .limit(1);
  return newest && newest.number > 1 ? newest.brand : null;
}

/**
 * Who is writing, for every template: the product's name (`PRODUCT_NAME`), the company's
 * (`COMPANY_NAME`, else the published brand's) and the published brand's colours and logo.
 */
export async function loadMailContext(db: Db, config: Config): Promise<MailContext> {
  const brand = await loadPublishedBrand(db);
  const logoId = brand?.logo ? uploadIdOf(brand.logo) : undefined;
  return {
    productName: config.productName,
    companyName: config.companyName ?? brand?.name ?? null,
    brand: brand && {
      colors: { primary: brand.colors.primary, accent: brand.colors.accent },
      logoUrl: logoId ? `${config.publicUrl}${mailLogoPath(logoId)}` : null,
    },
  };
}
