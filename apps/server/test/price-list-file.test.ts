import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceBookEntry, PriceListImportResult } from '@deck-portal/domain';
import { auditLog } from '../src/db/schema.ts';
import { approvedCookie, createAdmin, requestAs } from './helpers/accounts.ts';
import { createFakeDeckRenderer } from './helpers/fake-deck-renderer.ts';
import { createTestApp, createTestClock, type TestApp } from './helpers/test-app.ts';

// A price list as a file (issue 50): an admin exports a list, edits it in a spreadsheet and
// imports it back, previewed first; a file that cannot be used changes nothing.
let t: TestApp;
const clock = createTestClock(new Date('2026-11-02T09:00:00Z'));
const cookies = { admin: '', editor: '' };

beforeAll(async () => {
  t = await createTestApp({ clock, deckRenderer: createFakeDeckRenderer() });
  cookies.admin = (await createAdmin(t.app)).cookie;
  cookies.editor = await approvedCookie(t.app, 'Cora Content', 'content_editor');
}, 120_000);

afterAll(async () => {
  await t.app.close();
});

const header = 'productId,name,msrp,basePrice,whiteGloveShipping,flatRateShipping';
const importFile = (currency: string, file: string, apply: boolean, who = cookies.admin) =>
  requestAs(t.app, who, 'POST', `/api/admin/price-lists/${currency}/import`, { file, apply });

/** The EUR prices each product in force has now, by id. */
async function eurPrices() {
  const answer = await requestAs(t.app, cookies.admin, 'GET', '/api/admin/products');
  const products = answer.json().products as { current: PriceBookEntry }[];
  return new Map(products.map(({ current }) => [current.productId, current.product.prices?.EUR]));
}

describe('price list files', () => {
  it('export a list with every product, for admins only', async () => {
    const denied = await requestAs(
      t.app,
      cookies.editor,
      'GET',
      '/api/admin/price-lists/EUR/export',
    );
    expect(denied.statusCode).toBe(403);
    const answer = await requestAs(
      t.app,
      cookies.admin,
      'GET',
      '/api/admin/price-lists/EUR/export',
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toContain('price-list-EUR.csv');
    const lines = answer.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(header);
    expect(lines).toContain('battery_backup,Battery Backup,5495.00,5495.00,230.00,140.00');
    // A derived list's prices as computed: yen at 150 to the dollar, to the hundred, no decimals.
    const yen = await requestAs(t.app, cookies.admin, 'GET', '/api/admin/price-lists/JPY/export');
    expect(yen.body).toContain('battery_monitoring,Battery monitoring,11300,11300,0,0');
    const none = await requestAs(t.app, cookies.admin, 'GET', '/api/admin/price-lists/GBP/export');
    expect(none.statusCode).toBe(404);
  });

  it('preview what a file would change and report its rows that cannot be used', async () => {
    const before = await eurPrices();
    const file = [
      header,
      'battery_backup,Battery Backup,5395.00,5395.00,230.00,140.00',
      'data_logger,Data Logger,27.50,825.00,45.00,25.00',
      'cold_room_kit,Cold room kit,1,1,1,1',
      'controller,Controller,185.00,abc,70.00,35.00',
    ].join('\r\n');
    const answer = await importFile('EUR', `\uFEFF${file}\r\n`, false);
    expect(answer.statusCode, answer.body).toBe(200);
    const result = answer.json() as PriceListImportResult;
    expect(result).toMatchObject({ currency: 'EUR', applied: false, rows: 4, unchanged: 1 });
    expect(result.changes).toEqual([
      {
        row: 2,
        productId: 'battery_backup',
        name: 'Battery Backup',
        before: { msrp: 5495, basePrice: 5495, whiteGloveShipping: 230, flatRateShipping: 140 },
        after: { msrp: 5395, basePrice: 5395, whiteGloveShipping: 230, flatRateShipping: 140 },
      },
    ]);
    expect(result.problems.map((p) => [p.row, p.column])).toEqual([
      [4, 'productId'],
      [5, 'basePrice'],
    ]);
    expect(result.problems[0]!.message).toBe('The price book has no product “cold_room_kit”.');
    expect(result.missing.map((m) => m.productId)).toContain('battery_monitoring');
    expect(await eurPrices()).toEqual(before);
  });

  it('apply nothing while a row has a problem, naming its row and column', async () => {
    const before = await eurPrices();
    const answer = await importFile(
      'EUR',
      `${header}\nbattery_backup,,5395,5395,230,140\ncontroller,,185,"1195,50",70,35\n`,
      true,
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.message).toContain('Nothing was imported: row 3, basePrice');
    expect(answer.json().error.fields).toHaveProperty(['row 3, basePrice']);
    expect(await eurPrices()).toEqual(before);
  });

  it('apply a clean file as new price book entries from now, with one audit row', async () => {
    const answer = await importFile(
      'EUR',
      `productId;msrp;basePrice;whiteGloveShipping;flatRateShipping\n` +
        `battery_backup;5395;5395;230;140\ncontroller;185,50;1195;70;35\n`,
      true,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const result = answer.json() as PriceListImportResult;
    expect(result.applied).toBe(true);
    expect(result.changes.map((c) => c.productId)).toEqual(['battery_backup', 'controller']);
    const after = await eurPrices();
    expect(after.get('battery_backup')).toEqual({
      msrp: 5395,
      basePrice: 5395,
      whiteGloveShipping: 230,
      flatRateShipping: 140,
    });
    expect(after.get('controller')?.msrp).toBe(185.5);
    // Everything else the product's entry holds is kept, and the history names the import.
    const history = await requestAs(
      t.app,
      cookies.admin,
      'GET',
      '/api/admin/products/battery_backup/history',
    );
    const [newest] = history.json().entries as PriceBookEntry[];
    expect(newest!.note).toBe('EUR prices imported from a file');
    expect(newest!.product).toMatchObject({ msrp: 5995, creditEligible: true, sku: 'BB-10' });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'price_list.changed'));
    expect(audit.map((row) => row.newValue)).toEqual([
      'EUR: prices imported from a file, 2 changed (Battery Backup, Controller)',
    ]);
  });

  it('refuse a derived list, the book’s own, a file that is not a list and non-admins', async () => {
    const row = 'controller,,1,1,1,1';
    const derived = await importFile('JPY', `${header}\n${row}\n`, false);
    expect(derived.statusCode).toBe(400);
    expect(derived.json().error.message).toContain('The JPY list is derived from USD');
    const own = await importFile('USD', `${header}\n${row}\n`, false);
    expect(own.statusCode).toBe(400);
    expect(own.json().error.message).toContain('product editor');
    const malformed = await importFile('EUR', 'productId,unitPrice\ncontroller,1\n', true);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toContain(
      'Not a price list file: Unknown column “unitPrice”',
    );
    const editor = await importFile('EUR', `${header}\n${row}\n`, true, cookies.editor);
    expect(editor.statusCode).toBe(403);
    const unknown = await importFile('GBP', `${header}\n${row}\n`, false);
    expect(unknown.statusCode).toBe(404);
  });
});
