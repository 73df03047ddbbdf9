import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeckRenderer } from '@deck-portal/deck-engine/pool';
import { DEFAULT_DEAL_DESK, type DeckDraftInput } from '@deck-portal/domain';
import { deckVersions, outboxMails } from '../src/db/schema.ts';
import { approvedCookie, createAdmin, requestAs } from './helpers/accounts.ts';
import { createTestApp, createTestClock, type TestApp } from './helpers/test-app.ts';

// A deck for a client abroad (issue 50) is priced in its market's currency: the engine is given
// the market and the price lists, the version records them (a restore keeps the rate it was
// priced at), and the deal desk's limits are checked in that currency.
let t: TestApp;
const clock = createTestClock(new Date('2026-11-02T09:00:00Z'));
const cookies = { admin: '', rep: '' };

beforeAll(async () => {
  t = await createTestApp({ clock, deckRenderer: createDeckRenderer({ maxThreads: 1 }) });
  cookies.admin = (await createAdmin(t.app)).cookie;
  cookies.rep = await approvedCookie(t.app, 'Reese Rep', 'sales_rep');
}, 120_000);

afterAll(async () => {
  await t.app.close();
});

type Who = keyof typeof cookies;
const call = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, body?: object) =>
  requestAs(t.app, cookies[who], method, url, body);

/** Two Battery Backups for an Osaka client, at `yen` each. */
const osakaDraft = (yen: number): DeckDraftInput => ({
  basicInfo: {
    deckTitle: 'Cold chain proposal',
    clientName: 'Osaka Cold Storage',
    date: '2026-11-21',
    primaryContact: 'Ken Sato',
    mode: 'simple',
    market: 'JP',
    language: 'ja',
  },
  productSelection: {
    selectedProducts: [{ id: 'battery_backup', quantity: 2, customPricing: yen }],
    includePricing: true,
    customPricing: {},
  },
  templateCustomization: { selectedSlides: ['title'], customSlides: [] },
});

/** The PDF's words, every page's runs joined by spaces. */
async function pdfWords(pdf: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n').replace(/\s+/g, ' ');
}

async function versionRow(deckId: string, number: number) {
  const [row] = await t.database.db
    .select()
    .from(deckVersions)
    .where(and(eq(deckVersions.deckId, deckId), eq(deckVersions.number, number)));
  return row!;
}

describe('a deck for a client in Japan', () => {
  let deckId = '';

  it('is priced in yen, derived from dollars at the list’s rate, and records its market and lists', async () => {
    const made = await call('admin', 'POST', '/api/generate-slides', osakaDraft(800_000));
    expect(made.statusCode, made.body).toBe(201);
    deckId = made.json().presentationId;
    const version = await versionRow(deckId, 1);
    expect(version.pricingContext?.market).toMatchObject({ code: 'JP', currency: 'JPY' });
    // The deck's page writes its prices in yen too.
    expect((await call('admin', 'GET', `/api/decks/${deckId}`)).json().currency).toBe('JPY');
    expect(version.pricingContext?.priceLists).toContainEqual({
      currency: 'JPY',
      derived: { from: 'USD', rate: 150, rounding: 'hundred' },
    });
    // The price book entries stay in dollars: the rate makes the yen. The monitoring's entry is
    // recorded too: the battery's terms text quotes its price.
    expect(version.priceBook?.products.map((p) => [p.id, p.msrp])).toEqual([
      ['battery_backup', 5995],
      ['battery_monitoring', 75],
    ]);
    const pdf = await call('admin', 'GET', `/api/decks/${deckId}/download`);
    expect(pdf.statusCode).toBe(200);
    const words = await pdfWords(pdf.rawPayload);
    // $5,995 × 150 to the hundred is ¥899,300; two at ¥800,000 are ¥1,600,000.
    expect(words).toContain('899,300');
    expect(words).toContain('1,600,000');
    expect(words).not.toContain('$5,995.00');
    expect(words).not.toMatch(/ITC/);
  });

  it('keeps the rate it was priced at when restored after the rate changed', async () => {
    const rate = await call('admin', 'PUT', '/api/admin/price-lists/JPY', {
      derived: { from: 'USD', rate: 100, rounding: 'hundred' },
    });
    expect(rate.statusCode, rate.body).toBe(200);
    const next = await call('admin', 'POST', `/api/decks/${deckId}/versions`, osakaDraft(500_000));
    expect(next.statusCode, next.body).toBe(201);
    const second = await versionRow(deckId, 2);
    expect(second.pricingContext?.priceLists).toContainEqual({
      currency: 'JPY',
      derived: { from: 'USD', rate: 100, rounding: 'hundred' },
    });
    const restored = await call('admin', 'POST', `/api/decks/${deckId}/versions/1/restore`);
    expect(restored.statusCode, restored.body).toBe(201);
    const third = await versionRow(deckId, 3);
    expect(third.pricingContext).toEqual((await versionRow(deckId, 1)).pricingContext);
  });
});

describe('the deal desk in yen', () => {
  it('checks a rep’s yen price against the yen list price and a dollar floor converted', async () => {
    const settings = await call('admin', 'PUT', '/api/admin/deal-desk', {
      ...DEFAULT_DEAL_DESK,
      products: { battery_backup: { floorPrice: 5000, maxDiscountPercent: {} } },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    // At ¥100 a dollar again: Battery Backup lists at ¥599,500 and its $5,000 floor is ¥500,000.
    const within = await call('rep', 'POST', '/api/generate-slides', osakaDraft(520_000));
    expect(within.statusCode, within.body).toBe(201);
    const clean = await versionRow(within.json().presentationId, 1);
    expect(clean.dealCheck).toMatchObject({ needsApproval: false, currency: 'JPY' });
    expect(clean.dealCheck?.listTotalCents).toBe(599_500 * 2 * 100);

    const under = await call('rep', 'POST', '/api/generate-slides', osakaDraft(480_000));
    expect(under.statusCode, under.body).toBe(201);
    const held = await versionRow(under.json().presentationId, 1);
    expect(held.dealCheck).toMatchObject({ needsApproval: true, approverRole: 'admin' });
    expect(held.dealCheck?.findings.map((finding) => finding.message)).toEqual([
      '¥480,000 is below the floor price of ¥500,000 for Battery Backup. Only an administrator may approve it.',
    ]);
    expect(held.approvedBy).toBeNull();

    // The approver reads the same check, in yen, in the inbox.
    const asked = await call(
      'rep',
      'POST',
      `/api/decks/${under.json().presentationId}/approval-requests`,
      { note: 'A 40-site rollout in Kansai.' },
    );
    expect(asked.statusCode, asked.body).toBe(201);
    const inbox = await call('admin', 'GET', '/api/approvals?state=pending');
    expect(inbox.statusCode, inbox.body).toBe(200);
    const [request] = inbox.json().requests as {
      check: { currency?: string; findings: { message: string }[] };
    }[];
    expect(request?.check.currency).toBe('JPY');
    expect(request?.check.findings[0]?.message).toMatch(
      /^¥480,000 is below the floor price of ¥500,000/,
    );
    const [mail] = await t.database.db
      .select()
      .from(outboxMails)
      .where(like(outboxMails.subject, 'Approval requested:%'));
    expect(mail?.text).toContain('Quote: ¥960,000 against ¥1,199,000 at list price.');
  });
});
