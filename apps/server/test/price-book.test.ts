import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeckRenderer } from '@deck-portal/deck-engine/pool';
import type { DeckDraftInput, PriceBookEntry, ProductFields } from '@deck-portal/domain';
import { auditLog, deckVersions, priceBookEntries } from '../src/db/schema.ts';
import { createTestApp, createTestClock, type TestApp } from './helpers/test-app.ts';
import { approvedCookie, createAdmin, requestAs } from './helpers/accounts.ts';

// The price book is data: content editors and admins change products from a date, reps price
// decks from the entries in force, and a deck keeps the entries it was priced from.
let t: TestApp;
let adminEmail = '';
const clock = createTestClock(new Date('2026-11-02T09:00:00Z'));
const cookies: Record<'admin' | 'editor' | 'rep' | 'manager', string> = {
  admin: '',
  editor: '',
  rep: '',
  manager: '',
};

beforeAll(async () => {
  t = await createTestApp({ clock, deckRenderer: createDeckRenderer({ maxThreads: 1 }) });
  const admin = await createAdmin(t.app);
  cookies.admin = admin.cookie;
  adminEmail = admin.account.email;
  cookies.editor = await approvedCookie(t.app, 'Cora Content', 'content_editor');
  cookies.rep = await approvedCookie(t.app, 'Reese Rep', 'sales_rep');
  cookies.manager = await approvedCookie(t.app, 'Mona Manager', 'manager');
}, 120_000);

afterAll(async () => {
  await t.app.close();
});

type Who = keyof typeof cookies;

function call(who: Who, method: 'GET' | 'POST', url: string, payload?: object) {
  return requestAs(t.app, cookies[who], method, url, payload);
}

type AdminProduct = { current: PriceBookEntry; scheduled: PriceBookEntry[] };

async function adminProduct(id: string): Promise<AdminProduct> {
  const list = await call('editor', 'GET', '/api/admin/products');
  expect(list.statusCode, list.body).toBe(200);
  const found = (list.json().products as AdminProduct[]).find((p) => p.current.productId === id);
  expect(found, id).toBeDefined();
  return found!;
}

/** The product's fields as an editor's form sends them back: everything but the id. */
async function fieldsOf(id: string): Promise<ProductFields> {
  const { id: _id, ...fields } = (await adminProduct(id)).current.product;
  return fields;
}

const draft = (productId: string): DeckDraftInput => ({
  basicInfo: {
    deckTitle: 'Price check',
    clientName: 'Harbor Fresh Foods',
    date: '2026-11-21',
    primaryContact: 'Dana Lee',
    mode: 'simple',
  },
  productSelection: {
    selectedProducts: [{ id: productId, quantity: 2, customPricing: 199 }],
    includePricing: true,
    customPricing: {},
  },
  templateCustomization: { selectedSlides: ['title', 'product-battery-bms'], customSlides: [] },
});

async function deckText(deckId: string, version = 1) {
  const list = await call('rep', 'GET', `/api/decks/${deckId}/slides?version=${version}`);
  expect(list.statusCode, list.body).toBe(200);
  const slides = list.json().slides as { url: string }[];
  const bodies = await Promise.all(slides.map(async (s) => (await call('rep', 'GET', s.url)).body));
  return bodies.join('\n');
}

/** Each page of a PDF as text, runs joined by spaces. */
async function pdfPages(pdf: Buffer): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  await doc.destroy();
  return pages;
}

async function recordedPriceBook(deckId: string, number = 1) {
  const [row] = await t.database.db
    .select({ priceBook: deckVersions.priceBook })
    .from(deckVersions)
    .where(and(eq(deckVersions.deckId, deckId), eq(deckVersions.number, number)));
  return row?.priceBook;
}

describe('the price book', () => {
  it('is seeded once with SPEC.md’s four products, installation and monitoring, the credit on the battery products only', async () => {
    const book = await call('rep', 'GET', '/api/price-book');
    expect(book.statusCode, book.body).toBe(200);
    const products = book.json().products as ProductFields[];
    expect(products.map((p) => [p.name, p.kind, p.msrp, p.basePrice, p.creditEligible])).toEqual([
      ['Battery Backup', 'goods', 5995, 5995, true],
      ['Data Logger', 'goods', 29.99, 895, false],
      ['Controller', 'goods', 199, 1295, false],
      ['Battery Management System', 'goods', 200, 2495, true],
      ['Installation and commissioning', 'service', 1500, 1500, false],
      ['Battery monitoring', 'subscription', 75, 75, false],
    ]);
    const rows = await t.database.db.select().from(priceBookEntries);
    expect(rows).toHaveLength(6);
  });

  it('shows list price, discount, what the client pays and the estimated credit in the PDF', async () => {
    const order = draft('battery_backup');
    order.templateCustomization.selectedSlides = ['title'];
    order.productSelection.selectedProducts = [
      { id: 'battery_backup', quantity: 2, customPricing: 4900 },
      { id: 'controller', quantity: 1, customPricing: 199 },
      { id: 'installation', quantity: 1, customPricing: 1500 },
      { id: 'battery_monitoring', quantity: 2, customPricing: 75 },
    ];
    // An administrator's deck: no approval watermark over its figures.
    const made = await call('admin', 'POST', '/api/generate-slides', order);
    expect(made.statusCode, made.body).toBe(201);
    const pdf = await call('admin', 'GET', `/api/decks/${made.json().presentationId}/download`);
    expect(pdf.statusCode).toBe(200);
    const pages = await pdfPages(pdf.rawPayload);
    const page = (heading: string) => pages.find((text) => text.includes(heading)) ?? '';

    const battery = page('Battery Backup: your investment');
    expect(battery).toContain('List price $5,995.00');
    expect(battery).toContain('Your price $4,900.00');
    expect(battery).toContain('Discount −$1,095.00 each (18.3% off list)');
    // 2 × $4,900 + $250 = $10,050 to pay; the credit, 30% of it, an estimate after it.
    expect(battery).toContain('Total you pay $10,050.00');
    expect(battery).toContain('Estimated ITC credit (30%) $3,015.00');
    expect(battery).toContain('subject to tax advice');

    const controller = page('Controller: your investment');
    expect(controller).toContain('List price $199.00');
    expect(controller).not.toContain('Discount');
    expect(controller).not.toMatch(/credit/i);
    expect(page('Installation and commissioning: your investment')).toContain(
      'Paid One-off service',
    );
    expect(page('Battery monitoring: your investment')).toContain('YOUR TOTAL · PER YEAR');

    const quote = page('Quote summary');
    expect(quote).toContain('Battery Backup 2 $5,995.00 $4,900.00 −$2,190.00 (18.3%) $9,800.00');
    expect(quote).toContain('Controller 1 $199.00 $199.00 $199.00');
    expect(quote).toContain('Installation and commissioning · one-off service');
    // $9,800 + $199 + $1,500, shipping $250 + $75: what the client pays, in bold, last but
    // the yearly fee and the credit on the battery alone.
    expect(quote).toContain('Total you pay $11,824.00');
    expect(quote).toContain('Battery monitoring · per year 2 $75.00 $75.00 $150.00 a year');
    expect(quote).toContain(
      'Estimated investment tax credit (30%) on Battery Backup, subject to tax advice −$3,015.00',
    );
    expect(quote).toContain('Your cost after the estimated credit $8,809.00');
    expect(quote).not.toContain('Net after credits');
  }, 120_000);

  it('lets content editors and admins change it, and nobody else', async () => {
    const fields = await fieldsOf('controller');
    for (const who of ['rep', 'manager'] as const) {
      const refused = await call(who, 'POST', '/api/admin/products/controller/changes', {
        product: fields,
      });
      expect(refused.statusCode).toBe(403);
      expect((await call(who, 'GET', '/api/admin/products')).statusCode).toBe(403);
    }
    expect((await t.database.db.select().from(priceBookEntries)).length).toBe(6);
  });

  it('refuses bad changes with the field named, and stores nothing', async () => {
    const fields = await fieldsOf('controller');
    const cases: [object, string, RegExp][] = [
      [{ product: { ...fields, basePrice: -1 } }, 'product.basePrice', /cannot be negative/],
      [{ product: { ...fields, msrp: 10.001 } }, 'product.msrp', /whole cents/],
      [{ product: { ...fields, name: '  ' } }, 'product.name', /Name is required/],
      [{ product: { ...fields, sku: 'BB-10' } }, 'product.sku', /Battery Backup/],
      [{ product: fields, effectiveFrom: '2026-10-01T00:00:00Z' }, 'effectiveFrom', /in the past/],
      [{ product: { ...fields, creditPercent: 120 } }, 'product.creditPercent', /at most 100%/],
    ];
    for (const [body, field, message] of cases) {
      const refused = await call('editor', 'POST', '/api/admin/products/controller/changes', body);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error.fields[field], JSON.stringify(body)).toMatch(message);
    }
    const unknown = await call('editor', 'POST', '/api/admin/products/toaster/changes', {
      product: fields,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await t.database.db.select().from(priceBookEntries)).length).toBe(6);
  });

  it('prices a new deck from a change while a deck made before keeps its figures', async () => {
    const before = await call('rep', 'POST', '/api/generate-slides', draft('controller'));
    expect(before.statusCode, before.body).toBe(201);
    const oldDeck = before.json().presentationId as string;
    // 2 × $199 + $75 white-glove = $473.00; no credit on the controller.
    expect(await deckText(oldDeck)).toContain('$473.00');
    expect(await deckText(oldDeck)).not.toContain('ITC credit');
    // The entries it used: its product's, and those the battery slide speaks of.
    const controller = (deck: string) =>
      recordedPriceBook(deck).then((book) => book?.products.find((p) => p.id === 'controller'));
    const recorded = (await recordedPriceBook(oldDeck))?.products ?? [];
    expect(recorded.map((p) => p.id).sort()).toEqual(['battery_backup', 'bms', 'controller']);
    expect(await controller(oldDeck)).toMatchObject({
      whiteGloveShipping: 75,
      creditEligible: false,
      entryId: 'seed-controller',
    });
    expect(await deckText(oldDeck)).toContain('7 years');

    // Shipping goes up and the credit now applies to the controller.
    const fields = await fieldsOf('controller');
    const changed = await call('admin', 'POST', '/api/admin/products/controller/changes', {
      product: { ...fields, whiteGloveShipping: 95, creditEligible: true },
      note: 'Carrier rates 2027',
    });
    expect(changed.statusCode, changed.body).toBe(201);

    const after = await call('rep', 'POST', '/api/generate-slides', draft('controller'));
    expect(after.statusCode, after.body).toBe(201);
    const newDeck = after.json().presentationId as string;
    const text = await deckText(newDeck);
    // 2 × $199 + $95 = $493.00, and an estimated credit of 30% of it, $147.90.
    expect(text).toContain('$493.00');
    expect(text).toContain('$147.90');
    expect(await controller(newDeck)).toMatchObject({
      whiteGloveShipping: 95,
      entryId: changed.json().id,
    });
    // The deck made before is served as it was made, its recorded entries unchanged.
    expect(await deckText(oldDeck)).toContain('$473.00');
    expect(await controller(oldDeck)).toMatchObject({ whiteGloveShipping: 75 });

    const history = await call('editor', 'GET', '/api/admin/products/controller/history');
    expect(history.statusCode).toBe(200);
    expect(
      (history.json().entries as PriceBookEntry[]).map((e) => [
        e.product.whiteGloveShipping,
        e.note,
        e.createdBy?.email ?? null,
      ]),
    ).toEqual([
      [95, 'Carrier rates 2027', adminEmail],
      [75, 'The built-in price book', null],
    ]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'product.changed'));
    expect(audit.map((row) => row.newValue)).toEqual([expect.stringContaining('credit applies')]);
  }, 120_000);

  it('follows the credit setting in the slides’ wording', async () => {
    const fields = await fieldsOf('battery_backup');
    const eligible = await call('rep', 'POST', '/api/generate-slides', draft('battery_backup'));
    // The battery slide says it of each battery product, in its own column.
    const eligibleLines = (text: string) =>
      text.match(/Eligible for the 30% investment tax credit/g)?.length ?? 0;
    expect(eligibleLines(await deckText(eligible.json().presentationId))).toBe(2);
    const changed = await call('editor', 'POST', '/api/admin/products/battery_backup/changes', {
      product: { ...fields, creditEligible: false },
    });
    expect(changed.statusCode, changed.body).toBe(201);
    const notEligible = await call('rep', 'POST', '/api/generate-slides', draft('battery_backup'));
    expect(notEligible.statusCode, notEligible.body).toBe(201);
    const text = await deckText(notEligible.json().presentationId);
    expect(eligibleLines(text)).toBe(1);
    expect(text).not.toContain('ITC credit');

    // Its own rate: 2 × $199 + $250 white-glove = $648.00, 40% of it $259.20. (The test's
    // clock stands still: of two changes made in one instant, the later one counts.)
    const at40 = await call('editor', 'POST', '/api/admin/products/battery_backup/changes', {
      product: { ...fields, creditPercent: 40 },
    });
    expect(at40.statusCode, at40.body).toBe(201);
    const higher = await call('rep', 'POST', '/api/generate-slides', draft('battery_backup'));
    const higherText = await deckText(higher.json().presentationId);
    expect(higherText).toContain('ITC credit (40%)');
    expect(higherText).toContain('$259.20');
  }, 120_000);

  it('schedules a change for its effective date', async () => {
    const fields = await fieldsOf('data_logger');
    const tomorrow = new Date(clock.now().getTime() + 24 * 3600_000).toISOString();
    const scheduled = await call('editor', 'POST', '/api/admin/products/data_logger/changes', {
      product: { ...fields, msrp: 34.99 },
      effectiveFrom: tomorrow,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const now = await adminProduct('data_logger');
    expect(now.current.product.msrp).toBe(29.99);
    expect(now.scheduled.map((e) => [e.product.msrp, e.effectiveFrom])).toEqual([
      [34.99, tomorrow],
    ]);
    const msrpNow = async () =>
      ((await call('rep', 'GET', '/api/price-book')).json().products as ProductFields[]).find(
        (p) => p.sku === fields.sku,
      )?.msrp;
    expect(await msrpNow()).toBe(29.99);
    clock.advance(25 * 3600_000);
    expect(await msrpNow()).toBe(34.99);
    expect((await adminProduct('data_logger')).scheduled).toEqual([]);
  });

  it('adds a product reps can sell, and retires it so new decks cannot', async () => {
    const created = await call('editor', 'POST', '/api/admin/products', {
      product: {
        sku: 'CRK-1',
        name: 'Cold Room Kit',
        description: 'Door sensors, a gateway and alarms for one walk-in cold room.',
        features: ['Door sensors', 'Gateway'],
        defaultQuantity: 1,
        msrp: 1490,
        basePrice: 1490,
        whiteGloveShipping: 60,
        flatRateShipping: 30,
        flatRateAboveQuantity: 10,
        warrantyYears: 2,
        creditEligible: false,
        monthsIncluded: '12',
        annualMonitoring: '$40',
        maintenance: 'Twelve months of monitoring included',
        active: true,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().productId).toBe('cold_room_kit');
    const book = await call('rep', 'GET', '/api/price-book');
    expect((book.json().products as { id: string }[]).map((p) => p.id).at(-1)).toBe(
      'cold_room_kit',
    );
    const sold = await call('rep', 'POST', '/api/generate-slides', draft('cold_room_kit'));
    expect(sold.statusCode, sold.body).toBe(201);
    expect(await deckText(sold.json().presentationId)).toContain('Cold Room Kit: your investment');
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(like(auditLog.action, 'product.created'));
    expect(audit).toHaveLength(1);

    const fields = await fieldsOf('cold_room_kit');
    const retired = await call('editor', 'POST', '/api/admin/products/cold_room_kit/changes', {
      product: { ...fields, active: false },
    });
    expect(retired.statusCode, retired.body).toBe(201);
    const after = await call('rep', 'GET', '/api/price-book');
    expect((after.json().products as { id: string }[]).map((p) => p.id)).not.toContain(
      'cold_room_kit',
    );
    const refused = await call('rep', 'POST', '/api/generate-slides', draft('cold_room_kit'));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(
      'Cold Room Kit is no longer sold: remove it from the deck.',
    );
    const unknown = await call('rep', 'POST', '/api/generate-slides', draft('toaster'));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.message).toMatch(/no product “toaster”/);

    // Slides bind products as `product.<id>.…`, where an id starts with a letter.
    const digits = await call('editor', 'POST', '/api/admin/products', {
      product: { ...(created.json().product as object), name: '3M Seal Kit', sku: 'SEAL-3M' },
    });
    expect(digits.statusCode, digits.body).toBe(201);
    expect(digits.json().productId).toBe('p_3m_seal_kit');
  }, 120_000);
});
