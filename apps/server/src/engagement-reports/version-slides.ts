import { and, eq, inArray, or } from 'drizzle-orm';
import type { SlideProducts } from '@deck-portal/domain';
import type { Db } from '../db/database.ts';
import { deckVersions } from '../db/schema.ts';

/** What a report needs of one version: the slides' titles, products and priced flags. */
export type VersionSlides = {
  slideTitles: string[];
  slideProducts: SlideProducts;
  /** Slide n is priced when `priced[n - 1]`; versions made before the editor have none. */
  priced: boolean[];
};

export const versionKey = (deckId: string, version: number) => `${deckId}:${version}`;

/** Reads the versions named by `deckId:number` keys, a deck's versions together. */
export async function loadVersionSlides(
  db: Db,
  wanted: Iterable<{ deckId: string; version: number }>,
): Promise<Map<string, VersionSlides>> {
  const numbersByDeck = new Map<string, Set<number>>();
  for (const { deckId, version } of wanted) {
    const numbers = numbersByDeck.get(deckId) ?? new Set<number>();
    numbers.add(version);
    numbersByDeck.set(deckId, numbers);
  }
  const found = new Map<string, VersionSlides>();
  const decks = [...numbersByDeck.entries()];
  // A few hundred decks a statement keeps its parameters well under the protocol's limit.
  for (let index = 0; index < decks.length; index += 200) {
    const chunk = decks.slice(index, index + 200);
    const rows = await db
      .select({
        deckId: deckVersions.deckId,
        number: deckVersions.number,
        slideTitles: deckVersions.slideTitles,
        slideProducts: deckVersions.slideProducts,
        slidePlan: deckVersions.slidePlan,
      })
      .from(deckVersions)
      .where(
        or(
          ...chunk.map(([deckId, numbers]) =>
            and(eq(deckVersions.deckId, deckId), inArray(deckVersions.number, [...numbers])),
          ),
        ),
      );
    for (const row of rows) {
      found.set(versionKey(row.deckId, row.number), {
        slideTitles: row.slideTitles,
        slideProducts: row.slideProducts,
        priced: (row.slidePlan ?? []).map((slide) => slide.priced),
      });
    }
  }
  return found;
}

export const noSlides: VersionSlides = { slideTitles: [], slideProducts: [], priced: [] };
