import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeckDraft } from '@deck-portal/domain';
import { SEED_PRICE_BOOK } from '@deck-portal/domain/seed-price-book';
import type { Database } from '../src/db/database.ts';
import { markets } from '../src/db/schema.ts';
import { deleteMarket } from '../src/markets/change-market.ts';
import { savePriceList } from '../src/markets/change-price-list.ts';
import { readMarkets, readPriceLists, seedMarkets } from '../src/markets/market-store.ts';
import {
  assertPricedInMarket,
  bookInMarket,
  pricingContextFor,
} from '../src/markets/pricing-context.ts';
import { createTestClock } from './helpers/test-app.ts';
import { createTestDatabase } from './helpers/test-database.ts';

// The markets' use cases on their own, against a fresh database (the routes are tested through
// HTTP in markets.test.ts).
let database: Database;
const clock = createTestClock(new Date('2026-11-02T09:00:00Z'));
const admin = { id: null as unknown as string };

beforeAll(async () => {
  database = await createTestDatabase();
  await seedMarkets(database.db);
}, 120_000);

afterAll(async () => {
  await database.close();
});

const draftFor = (market: string, productId = 'battery_backup') =>
  ({
    basicInfo: { market, language: 'en' },
    productSelection: {
      selectedProducts: [{ id: productId, quantity: 1, customPricing: 1 }],
      includePricing: true,
      customPricing: {},
    },
  }) as unknown as DeckDraft;

describe('seeding', () => {
  it('happens once: a market an admin deleted stays deleted at the next start', async () => {
    await deleteMarket({ db: database.db, clock }, { user: admin, code: 'DE' });
    await seedMarkets(database.db);
    expect((await readMarkets(database.db)).map((market) => market.code)).toEqual([
      'US',
      'JP',
      'AE',
    ]);
    // A portal that somehow has none is seeded again.
    await database.db.delete(markets);
    await seedMarkets(database.db);
    expect(await readMarkets(database.db)).toHaveLength(4);
  });
});

describe('the pricing a draft is made with', () => {
  it('is its market as stored and the lists; an unknown market is named', async () => {
    const pricing = await pricingContextFor(database.db, draftFor('jp'));
    expect(pricing.market).toMatchObject({ code: 'JP', currency: 'JPY' });
    expect(pricing.priceLists).toEqual(await readPriceLists(database.db));
    await expect(pricingContextFor(database.db, draftFor('ZZ'))).rejects.toThrow(
      /^Unknown market "ZZ": choose one of US, JP, AE, DE$/,
    );
  });

  it('prices the book in the market’s currency at the list’s rate, the US credit only in the US', async () => {
    await savePriceList(
      { db: database.db, clock },
      { user: admin, currency: 'JPY', derived: { from: 'USD', rate: 160, rounding: 'unit' } },
    );
    const pricing = await pricingContextFor(database.db, draftFor('JP'));
    const battery = bookInMarket(SEED_PRICE_BOOK, pricing).products.find(
      (product) => product.id === 'battery_backup',
    );
    expect(battery).toMatchObject({ msrp: 959_200, creditEligible: false });
    const us = await pricingContextFor(database.db, draftFor('US'));
    expect(
      bookInMarket(SEED_PRICE_BOOK, us).products.find((p) => p.id === 'battery_backup'),
    ).toMatchObject({ msrp: 5995, creditEligible: true });
  });

  it('refuses a product with no price in an entered list', async () => {
    const book = {
      products: SEED_PRICE_BOOK.products.map((product) => ({ ...product, prices: undefined })),
    };
    const pricing = await pricingContextFor(database.db, draftFor('DE'));
    expect(() => assertPricedInMarket(book, draftFor('DE'), pricing)).toThrow(
      'Battery Backup has no price in EUR: enter its EUR prices in the price book, or choose another market.',
    );
    expect(() => assertPricedInMarket(SEED_PRICE_BOOK, draftFor('DE'), pricing)).not.toThrow();
  });
});
