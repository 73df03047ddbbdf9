import { and, desc, eq, inArray, sum } from 'drizzle-orm';
import {
  generalProductId,
  pricingViewedSeconds,
  productName,
  type ProductEngagement,
  type SlideProducts,
  type VisitProducts,
} from '@deck-portal/domain';
import type { Db } from '../db/database.ts';
import { clientLinkEvents, clientLinks, clientLinkVisits, deckVersions } from '../db/schema.ts';
import { currentPriceBook } from '../price-book/price-book.ts';
import { productSeconds } from './product-seconds.ts';

/** Visits listed one by one; older ones still count in the sums. */
export const engagementVisitLimit = 200;

/**
 * The time clients spent on each product of a deck, through one of its links or all of them
 * (issue 51): each visit's seconds per slide given to products as the version it was shown had
 * its slides about them (versions made before that count as General), summed over the visits,
 * with the visits in which a priced slide was on screen `pricingViewedSeconds` or more.
 */
export async function productEngagement(
  db: Db,
  { deckId, linkId, now }: { deckId: string; linkId?: string; now: Date },
): Promise<ProductEngagement> {
  const ofTheDeck = and(
    eq(clientLinks.deckId, deckId),
    ...(linkId ? [eq(clientLinkVisits.linkId, linkId)] : []),
  );
  const [visits, perSlide] = await Promise.all([
    db
      .select({
        id: clientLinkVisits.id,
        linkId: clientLinkVisits.linkId,
        startedAt: clientLinkVisits.startedAt,
        version: clientLinkVisits.version,
      })
      .from(clientLinkVisits)
      .innerJoin(clientLinks, eq(clientLinks.id, clientLinkVisits.linkId))
      .where(ofTheDeck)
      .orderBy(desc(clientLinkVisits.startedAt), desc(clientLinkVisits.id)),
    db
      .select({
        visitId: clientLinkEvents.visitId,
        slide: clientLinkEvents.slide,
        ms: sum(clientLinkEvents.ms),
      })
      .from(clientLinkEvents)
      .innerJoin(clientLinkVisits, eq(clientLinkVisits.id, clientLinkEvents.visitId))
      .innerJoin(clientLinks, eq(clientLinks.id, clientLinkVisits.linkId))
      .where(ofTheDeck)
      .groupBy(clientLinkEvents.visitId, clientLinkEvents.slide),
  ]);

  const slidesByVisit = new Map<string, { slide: number; seconds: number }[]>();
  for (const row of perSlide) {
    const slides = slidesByVisit.get(row.visitId) ?? [];
    slides.push({ slide: row.slide, seconds: Number(row.ms ?? 0) / 1000 });
    slidesByVisit.set(row.visitId, slides);
  }
  const versions = await loadVersionsProducts(db, deckId, [
    ...new Set(visits.map((visit) => visit.version)),
  ]);
  const nameOf = await productNamer(db, versions, now);

  // Every version's slides one after another, so the sums over visits of several versions are
  // given out once and rounded once: slide n of a version is slide `offset + n`.
  const offsets = new Map<number, { offset: number; count: number }>();
  const allSlideProducts: SlideProducts = [];
  for (const [number, version] of [...versions].sort(([a], [b]) => a - b)) {
    const count = Math.max(version.slideCount, version.slideProducts.length);
    offsets.set(number, { offset: allSlideProducts.length, count });
    for (let i = 0; i < count; i += 1) allSlideProducts.push(version.slideProducts[i] ?? []);
  }
  const allSlideSeconds: { slide: number; seconds: number }[] = [];
  let pricingViewedVisits = 0;
  const listed: VisitProducts[] = [];
  for (const visit of visits) {
    const slides = slidesByVisit.get(visit.id) ?? [];
    const version = versions.get(visit.version);
    const pricingViewed = slides.some(
      ({ slide, seconds }) =>
        seconds >= pricingViewedSeconds && version?.slidePlan?.[slide - 1]?.priced === true,
    );
    if (pricingViewed) pricingViewedVisits += 1;
    const place = offsets.get(visit.version);
    for (const { slide, seconds } of slides) {
      // A slide the version does not have (none should be) still counts, as General.
      const isKnown = place !== undefined && slide >= 1 && slide <= place.count;
      allSlideSeconds.push({ slide: isKnown ? place.offset + slide : 0, seconds });
    }
    if (listed.length < engagementVisitLimit) {
      const products = productSeconds(slides, version?.slideProducts ?? [], nameOf);
      listed.push({
        visitId: visit.id,
        linkId: visit.linkId,
        startedAt: visit.startedAt.toISOString(),
        version: visit.version,
        totalSeconds: secondsOf(products),
        products,
        pricingViewed,
      });
    }
  }
  const products = productSeconds(allSlideSeconds, allSlideProducts, nameOf);
  return {
    totalSeconds: secondsOf(products),
    visitCount: visits.length,
    products,
    topProduct:
      products.find((product) => product.productId !== generalProductId && product.seconds > 0) ??
      null,
    pricingViewedVisits,
    visits: listed,
  };
}

/** The seconds of some products, to a tenth (they are tenths already). */
function secondsOf(products: readonly { seconds: number }[]) {
  return Math.round(products.reduce((total, product) => total + product.seconds * 10, 0)) / 10;
}

type VersionProducts = {
  slideCount: number;
  slideProducts: SlideProducts;
  slidePlan: { key: string; priced: boolean }[] | null;
  priceBook: { products: readonly { id: string; name: string }[] } | null;
};

async function loadVersionsProducts(db: Db, deckId: string, numbers: number[]) {
  const found = new Map<number, VersionProducts>();
  if (numbers.length === 0) return found;
  const rows = await db
    .select({
      number: deckVersions.number,
      slideCount: deckVersions.slideCount,
      slideProducts: deckVersions.slideProducts,
      slidePlan: deckVersions.slidePlan,
      priceBook: deckVersions.priceBook,
    })
    .from(deckVersions)
    .where(and(eq(deckVersions.deckId, deckId), inArray(deckVersions.number, numbers)));
  for (const { number, ...version } of rows) found.set(number, version);
  return found;
}

/**
 * A product's name as the newest version naming it priced it, else as the price book names it
 * now (read only when needed), else its id.
 */
async function productNamer(db: Db, versions: ReadonlyMap<number, VersionProducts>, now: Date) {
  const names = new Map<string, string>();
  for (const [, version] of [...versions].sort(([a], [b]) => a - b)) {
    for (const product of version.priceBook?.products ?? []) names.set(product.id, product.name);
  }
  const wanted = new Set(
    [...versions.values()].flatMap((version) =>
      version.slideProducts.flatMap((shares) => shares.map((share) => share.productId)),
    ),
  );
  if ([...wanted].some((productId) => !names.has(productId))) {
    const { book } = await currentPriceBook(db, now);
    for (const productId of wanted) {
      if (!names.has(productId)) names.set(productId, productName(book, productId));
    }
  }
  return (productId: string) => names.get(productId) ?? productId;
}
