import { and, eq, lte, sql } from 'drizzle-orm';
import { productName } from '@deck-portal/domain';
import type { Db } from '../db/database.ts';
import { clientLinkEvents, clientLinks, clientLinkVisits, deckVersions } from '../db/schema.ts';
import { productSeconds } from '../engagement/product-seconds.ts';
import type { VisitSoFar } from './alert-texts.ts';

/**
 * What a visit had shown by `until`: its seconds per slide, and per product as the version the
 * client saw has its slides' products.
 */
export async function visitSoFar(db: Db, visitId: string, until: Date): Promise<VisitSoFar> {
  const slideRows = await db
    .select({ slide: clientLinkEvents.slide, ms: sql<string>`sum(${clientLinkEvents.ms})` })
    .from(clientLinkEvents)
    .where(and(eq(clientLinkEvents.visitId, visitId), lte(clientLinkEvents.receivedAt, until)))
    .groupBy(clientLinkEvents.slide)
    .orderBy(clientLinkEvents.slide);
  const slides = slideRows.map((row) => ({ slide: row.slide, seconds: Number(row.ms) / 1000 }));
  const [version] = await db
    .select({ slideProducts: deckVersions.slideProducts, priceBook: deckVersions.priceBook })
    .from(clientLinkVisits)
    .innerJoin(clientLinks, eq(clientLinks.id, clientLinkVisits.linkId))
    .innerJoin(
      deckVersions,
      and(
        eq(deckVersions.deckId, clientLinks.deckId),
        eq(deckVersions.number, clientLinkVisits.version),
      ),
    )
    .where(eq(clientLinkVisits.id, visitId));
  const book = version?.priceBook ?? { products: [] };
  const products = productSeconds(slides, version?.slideProducts ?? [], (id) =>
    productName(book, id),
  );
  return {
    seconds: slides.reduce((total, slide) => total + slide.seconds, 0),
    slides,
    // Time on slides about no product says nothing of what the client cares about.
    products: products.filter((product) => product.productId !== 'general'),
  };
}
