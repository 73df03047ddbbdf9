import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeckDraftInput, MarketView, PriceListView, ProductFields } from '@deck-portal/domain';
import { auditLog, decks } from '../src/db/schema.ts';
import { approvedAccount, approvedCookie, createAdmin, requestAs } from './helpers/accounts.ts';
import { createFakeDeckRenderer } from './helpers/fake-deck-renderer.ts';
import { createTestApp, createTestClock, type TestApp } from './helpers/test-app.ts';

// Markets and price lists are data (issue 50): every signed-in user reads them, admins change
// them, and a deck draft's market and language are checked against them.
let t: TestApp;
const clock = createTestClock(new Date('2026-11-02T09:00:00Z'));
const cookies = { admin: '', editor: '', rep: '', other: '' };
let repId = '';

beforeAll(async () => {
  t = await createTestApp({ clock, deckRenderer: createFakeDeckRenderer() });
  cookies.admin = (await createAdmin(t.app)).cookie;
  cookies.editor = await approvedCookie(t.app, 'Cora Content', 'content_editor');
  const rep = await approvedAccount(t.app, 'Reese Rep', 'sales_rep');
  cookies.rep = rep.cookie;
  repId = rep.user.id;
  cookies.other = await approvedCookie(t.app, 'Olive Other', 'sales_rep');
}, 120_000);

afterAll(async () => {
  await t.app.close();
});

type Who = keyof typeof cookies;
const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object) =>
  requestAs(t.app, cookies[who], method, url, body);

const patchProfile = (who: Who, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/profile',
    headers: { cookie: cookies[who], origin: 'http://portal.test' },
    payload,
  });

const draft = (
  basicInfo: Partial<DeckDraftInput['basicInfo']> = {},
  productId = 'controller',
): DeckDraftInput => ({
  basicInfo: {
    deckTitle: 'Cold chain proposal',
    clientName: 'Osaka Cold Storage',
    date: '2026-11-21',
    primaryContact: 'Ken Sato',
    mode: 'simple',
    ...basicInfo,
  },
  productSelection: {
    selectedProducts: [{ id: productId, quantity: 1, customPricing: 199 }],
    includePricing: true,
    customPricing: {},
  },
  templateCustomization: { selectedSlides: ['title'], customSlides: [] },
});

const italy = {
  name: 'Italy',
  currency: 'EUR',
  tax: { name: 'VAT', percent: 22, inclusive: false },
  incentives: [],
  language: 'it',
};

describe('markets', () => {
  it('are seeded once with the US, Japan, the UAE and Germany, for any signed-in user', async () => {
    const answer = await call('rep', 'GET', '/api/markets');
    expect(answer.statusCode, answer.body).toBe(200);
    const markets = answer.json().markets as MarketView[];
    expect(markets.map((m) => [m.code, m.currency, m.tax?.percent ?? null, m.language])).toEqual([
      ['US', 'USD', null, 'en'],
      ['JP', 'JPY', 10, 'ja'],
      ['AE', 'AED', 5, 'ar'],
      ['DE', 'EUR', 19, 'de'],
    ]);
    expect(markets[0]!.incentives).toEqual(['us-itc']);
    expect((await requestAs(t.app, undefined, 'GET', '/api/markets')).statusCode).toBe(401);
  });

  it('are created and changed by admins only, with an audit row', async () => {
    expect((await call('editor', 'PUT', '/api/admin/markets/IT', italy)).statusCode).toBe(403);
    expect((await call('rep', 'PUT', '/api/admin/markets/IT', italy)).statusCode).toBe(403);
    const made = await call('admin', 'PUT', '/api/admin/markets/it', italy);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ code: 'IT', currency: 'EUR', language: 'it' });
    const changed = await call('admin', 'PUT', '/api/admin/markets/IT', {
      ...italy,
      tax: { name: 'IVA', percent: 22, inclusive: true },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const markets = (await call('rep', 'GET', '/api/markets')).json().markets as MarketView[];
    expect(markets.at(-1)).toMatchObject({ code: 'IT', tax: { name: 'IVA', inclusive: true } });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'market.changed'));
    expect(audit).toHaveLength(2);
    expect(audit.map((row) => row.oldValue === null)).toEqual([true, false]);
  });

  it('refuse codes, currencies and languages that are not real, naming them', async () => {
    const badCode = await call('admin', 'PUT', '/api/admin/markets/Italy', italy);
    expect(badCode.statusCode).toBe(400);
    expect(badCode.body).toContain('Unknown market \\"Italy\\"');
    const badLanguage = await call('admin', 'PUT', '/api/admin/markets/IT', {
      ...italy,
      language: 'xx',
    });
    expect(badLanguage.statusCode).toBe(400);
    expect(badLanguage.body).toContain('Unknown language \\"xx\\"');
    // A real currency with no price list: its decks could not be priced.
    const noList = await call('admin', 'PUT', '/api/admin/markets/GB', {
      ...italy,
      name: 'United Kingdom',
      currency: 'GBP',
    });
    expect(noList.statusCode).toBe(400);
    expect(noList.json().error.message).toBe(
      'There is no price list in GBP: add one before a market quotes in it.',
    );
  });

  it('cannot be deleted while a deck names them, nor the default market', async () => {
    const made = await call('rep', 'POST', '/api/generate-slides', draft({ market: 'IT' }));
    expect(made.statusCode, made.body).toBe(201);
    const refused = await call('admin', 'DELETE', '/api/admin/markets/IT');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Italy cannot be deleted: a deck is made for it.');
    expect((await call('admin', 'DELETE', '/api/admin/markets/US')).statusCode).toBe(409);
    expect((await call('rep', 'DELETE', '/api/admin/markets/AE')).statusCode).toBe(403);

    await t.database.db.delete(decks).where(eq(decks.id, made.json().presentationId));
    const deleted = await call('admin', 'DELETE', '/api/admin/markets/IT');
    expect(deleted.statusCode, deleted.body).toBe(204);
    const codes = ((await call('rep', 'GET', '/api/markets')).json().markets as MarketView[]).map(
      (m) => m.code,
    );
    expect(codes).not.toContain('IT');
    expect((await call('admin', 'DELETE', '/api/admin/markets/IT')).statusCode).toBe(404);
  });
});

describe('price lists', () => {
  it('are seeded: euros entered, yen and dirhams derived from dollars at a stated rate', async () => {
    const answer = await call('rep', 'GET', '/api/price-lists');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().bookCurrency).toBe('USD');
    const lists = answer.json().lists as PriceListView[];
    expect(lists.map((l) => [l.currency, l.derived])).toEqual([
      ['AED', { from: 'USD', rate: 3.6725, rounding: 'unit' }],
      ['EUR', null],
      ['JPY', { from: 'USD', rate: 150, rounding: 'hundred' }],
    ]);
  });

  it('are changed by admins only; derived from a list that exists, never from themselves', async () => {
    const pounds = { derived: { from: 'EUR', rate: 0.86, rounding: 'unit' } };
    expect((await call('rep', 'PUT', '/api/admin/price-lists/GBP', pounds)).statusCode).toBe(403);
    const made = await call('admin', 'PUT', '/api/admin/price-lists/gbp', pounds);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ currency: 'GBP', derived: { from: 'EUR', rate: 0.86 } });

    const circle = await call('admin', 'PUT', '/api/admin/price-lists/EUR', {
      derived: { from: 'GBP', rate: 1.16, rounding: 'cent' },
    });
    expect(circle.statusCode).toBe(400);
    expect(circle.json().error.message).toBe(
      'EUR cannot be derived from GBP: GBP is derived from EUR.',
    );
    const itself = await call('admin', 'PUT', '/api/admin/price-lists/GBP', {
      derived: { from: 'GBP', rate: 1, rounding: 'cent' },
    });
    expect(itself.statusCode).toBe(400);
    expect(itself.body).toContain('A list cannot be derived from itself');
    const nowhere = await call('admin', 'PUT', '/api/admin/price-lists/CHF', {
      derived: { from: 'SEK', rate: 0.08, rounding: 'cent' },
    });
    expect(nowhere.json().error.message).toBe('There is no price list in SEK to derive from.');
    const dollars = await call('admin', 'PUT', '/api/admin/price-lists/USD', { derived: null });
    expect(dollars.statusCode).toBe(400);
    const unknown = await call('admin', 'PUT', '/api/admin/price-lists/XYZ', { derived: null });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('Unknown currency \\"XYZ\\"');
  });

  it('cannot be deleted while a market quotes in them or a list is derived from them', async () => {
    await call('admin', 'PUT', '/api/admin/markets/GB', {
      ...italy,
      name: 'United Kingdom',
      currency: 'GBP',
      tax: { name: 'VAT', percent: 20, inclusive: false },
      language: 'en',
    });
    const used = await call('admin', 'DELETE', '/api/admin/price-lists/GBP');
    expect(used.statusCode).toBe(409);
    expect(used.json().error.message).toBe(
      'The GBP list cannot be deleted: United Kingdom quotes in it.',
    );
    const source = await call('admin', 'DELETE', '/api/admin/price-lists/EUR');
    expect(source.statusCode).toBe(409);
    expect((await call('admin', 'DELETE', '/api/admin/markets/GB')).statusCode).toBe(204);
    expect((await call('rep', 'DELETE', '/api/admin/price-lists/GBP')).statusCode).toBe(403);
    expect((await call('admin', 'DELETE', '/api/admin/price-lists/GBP')).statusCode).toBe(204);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'price_list.deleted'));
    expect(audit.map((row) => row.oldValue)).toEqual(['GBP: EUR × 0.86, rounded (unit)']);
  });

  it('hold products’ prices per currency through the price book', async () => {
    const list = await call('editor', 'GET', '/api/admin/products');
    const { id: _id, ...fields } = (
      list.json().products as { current: { product: ProductFields & { id: string } } }[]
    ).find((p) => p.current.product.id === 'controller')!.current.product;
    const euros = { msrp: 189, basePrice: 1249, whiteGloveShipping: 70, flatRateShipping: 35 };
    const changed = await call('editor', 'POST', '/api/admin/products/controller/changes', {
      product: { ...fields, prices: { eur: euros } },
    });
    expect(changed.statusCode, changed.body).toBe(201);
    expect(changed.json().product.prices).toEqual({ EUR: euros });
    const book = await call('rep', 'GET', '/api/price-book');
    const controller = (book.json().products as (ProductFields & { id: string })[]).find(
      (p) => p.id === 'controller',
    );
    expect(controller?.prices?.EUR).toEqual(euros);
    const refused = await call('editor', 'POST', '/api/admin/products/controller/changes', {
      product: { ...fields, prices: { USD: euros } },
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('a deck draft’s market and language', () => {
  it('are refused when the portal does not have them, naming the code', async () => {
    const zz = await call('rep', 'POST', '/api/generate-slides', draft({ market: 'ZZ' }));
    expect(zz.statusCode).toBe(400);
    expect(zz.json().error.message).toMatch(/^Unknown market "ZZ"/);
    expect(zz.json().error.fields['basicInfo.market']).toMatch(/^Unknown market "ZZ"/);
    const notACode = await call('rep', 'POST', '/api/generate-slides', draft({ market: 'Japan' }));
    expect(notACode.statusCode).toBe(400);
    expect(notACode.body).toContain('Unknown market \\"Japan\\"');
    const klingon = await call('rep', 'POST', '/api/generate-slides', draft({ language: 'tlh' }));
    expect(klingon.statusCode).toBe(400);
    expect(klingon.body).toContain('Unknown language \\"tlh\\"');
    const stored = await t.database.db.select().from(decks).where(eq(decks.ownerId, repId));
    expect(stored).toHaveLength(0);
  });

  it('refuses a product with no price in the market’s currency, naming both', async () => {
    const { id: _id, ...fields } = (
      (await call('editor', 'GET', '/api/admin/products')).json().products as {
        current: { product: ProductFields & { id: string } };
      }[]
    )[0]!.current.product;
    const made = await call('editor', 'POST', '/api/admin/products', {
      product: { ...fields, sku: 'CS-100', name: 'Cold Sensor', prices: undefined },
    });
    expect(made.statusCode, made.body).toBe(201);
    const germany = await call(
      'rep',
      'POST',
      '/api/generate-slides',
      draft({ market: 'DE', language: 'de' }, made.json().productId),
    );
    expect(germany.statusCode).toBe(400);
    expect(germany.json().error.message).toBe(
      'Cold Sensor has no price in EUR: enter its EUR prices in the price book, or choose another market.',
    );
    // Yen are derived from dollars: every product has them.
    const japan = await call(
      'rep',
      'POST',
      '/api/generate-slides',
      draft({ market: 'JP', language: 'ja' }, made.json().productId),
    );
    expect(japan.statusCode, japan.body).toBe(201);
  });
});

describe('a rep’s defaults', () => {
  it('are the profile’s market and language, checked', async () => {
    const saved = await patchProfile('other', {
      name: 'Olive Other',
      jobTitle: '',
      phone: '',
      market: 'ae',
      language: 'ar-AE',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ market: 'AE', language: 'ar' });
    const kept = await patchProfile('other', { name: 'Olive Other', jobTitle: '', phone: '' });
    expect(kept.json()).toMatchObject({ market: 'AE', language: 'ar' });
    const unknown = await patchProfile('other', {
      name: 'Olive Other',
      jobTitle: '',
      phone: '',
      market: 'ZZ',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toMatch(/^Unknown market "ZZ"/);
    expect((await call('other', 'GET', '/api/profile')).json()).toMatchObject({ market: 'AE' });
  });

  it('for a client are those of the caller’s newest deck for it, else the profile’s, else US/en', async () => {
    const defaults = async (who: Who, client: string) => {
      const answer = await call(who, 'GET', `/api/decks/client-defaults?client=${client}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json();
    };
    // The rep made a JP/ja deck for Osaka Cold Storage above; the name is read without case.
    expect(await defaults('rep', 'osaka%20cold%20storage')).toEqual({
      market: 'JP',
      language: 'ja',
      from: 'deck',
    });
    expect(await defaults('rep', 'Someone%20New')).toEqual({
      market: 'US',
      language: 'en',
      from: 'portal',
    });
    // Another rep's decks are not theirs: their profile speaks.
    expect(await defaults('other', 'Osaka%20Cold%20Storage')).toEqual({
      market: 'AE',
      language: 'ar',
      from: 'profile',
    });
    const made = await call(
      'other',
      'POST',
      '/api/generate-slides',
      draft({ market: 'DE', language: 'en', clientName: 'Osaka Cold Storage' }),
    );
    expect(made.statusCode, made.body).toBe(201);
    expect(await defaults('other', 'Osaka%20Cold%20Storage')).toMatchObject({
      market: 'DE',
      language: 'en',
    });
    expect((await call('rep', 'GET', '/api/decks/client-defaults?client=')).statusCode).toBe(400);
  });
});
