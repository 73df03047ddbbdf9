import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDeckRenderer } from '@deck-portal/deck-engine/pool';
import type { DeckDraftInput } from '@deck-portal/domain';
import { outboxMails, proposalResponses } from '../src/db/schema.ts';
import { chainHead } from '../src/proposals/proposal-records.ts';
import { recordSha256 } from '../src/proposals/record-hash.ts';
import { acceptanceBody, useClientLinkWorld } from './helpers/client-links-world.ts';
import { northwindDraft } from './helpers/northwind-draft.ts';

// A client accepts what the deck says they pay: the deck is drawn by the real engine, so its
// quote summary's "Total you pay" is read from its PDF, as the client read it.
const w = useClientLinkWorld({ deckRenderer: createDeckRenderer({ maxThreads: 1 }) });
const { cookies } = w;

const clientEmail = 'jane.client@northwind.example';

/** Two batteries, their installation (a service) and their monitoring (a yearly fee), at list. */
function order(): DeckDraftInput {
  return northwindDraft({
    slides: ['title'],
    products: [
      { id: 'battery_backup', quantity: 2, customPricing: 5995 },
      { id: 'installation', quantity: 1, customPricing: 1500 },
      { id: 'battery_monitoring', quantity: 2, customPricing: 75 },
    ],
  });
}

/** A PDF's pages as text, laid out, each line's runs of white space as one space. */
async function pdfPages(bytes: Buffer) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'accepted-quote-'));
  try {
    await writeFile(path.join(dir, 'a.pdf'), bytes);
    const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'a.pdf'), '-'], {
      encoding: 'utf8',
    });
    return text.split('\f').map((page) =>
      page
        .split('\n')
        .map((line) => line.replace(/\s+/g, ' ').trim())
        .join('\n'),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('accepting a deck with a yearly fee', () => {
  it('records, certifies and mails the total the deck says the client pays, the yearly fee apart', async () => {
    const made = await w.post('/api/generate-slides', order(), {
      cookie: cookies.rep,
      headers: { prefer: 'wait=120' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const deckId = made.json().presentationId as string;
    const download = await w.get(`/api/decks/${deckId}/download`, { cookie: cookies.rep });
    expect(download.statusCode).toBe(200);
    const quote =
      (await pdfPages(download.rawPayload)).find((page) => page.includes('Quote summary')) ?? '';
    // 2 × $5,995 + $250 white-glove, $1,500 installation; 2 × $75 a year is not in it.
    const deckTotal = /Total you pay (\$[\d,.]+)/.exec(quote)?.[1];
    expect(deckTotal).toBe('$13,740.00');
    expect(quote).toContain('Battery monitoring · per year 2 $75.00 $75.00 $150.00 a year');

    const { token } = await w.createLink(deckId, {
      recipientEmail: clientEmail,
      acceptance: { enabled: true, optionalProductIds: [] },
    });
    const shown = (await w.get(`/api/client-view/${token}`)).json().acceptance;
    expect(shown.summary).toMatchObject({ totalCents: 1_374_000, yearlyCents: 15_000 });
    const res = await w.post(`/api/client-view/${token}/accept`, acceptanceBody(shown), {
      headers: { 'user-agent': 'Test Browser/1.0' },
    });
    expect(res.statusCode, res.body).toBe(200);

    const [record] = await w
      .db()
      .select()
      .from(proposalResponses)
      .where(eq(proposalResponses.deckId, deckId));
    expect(record!.summary).toMatchObject({ totalCents: 1_374_000, yearlyCents: 15_000 });
    expect(record!.summary!.lines.map((line) => [line.productId, line.kind])).toEqual([
      ['battery_backup', 'goods'],
      ['installation', 'service'],
      ['battery_monitoring', 'subscription'],
    ]);

    const listed = await w.get(`/api/decks/${deckId}/proposal-responses`, { cookie: cookies.rep });
    const certificate = await w.get(listed.json().responses[0].certificateUrl, {
      cookie: cookies.rep,
    });
    expect(certificate.statusCode).toBe(200);
    const certified =
      (await pdfPages(certificate.rawPayload)).find((page) =>
        page.includes('Certificate of acceptance'),
      ) ?? '';
    expect(certified).toContain(`Total you pay ${deckTotal}`);
    expect(certified).toContain('Battery monitoring · per year 2 $75.00 $150.00 a year');
    expect(certified).toContain('Yearly fees, not in the total $150.00 a year');
    expect(certified).toContain(
      'Estimated investment tax credit on Battery Backup, subject to tax advice −$3,672.00',
    );

    const [mail] = await w.db().select().from(outboxMails).where(eq(outboxMails.to, clientEmail));
    expect(mail!.text).toContain(`Total you pay: ${deckTotal}\n`);
    expect(mail!.text).toContain(
      'Yearly fees, not in the total: $150.00 a year (Battery monitoring)',
    );
    expect(mail!.text).toContain(
      'Estimated investment tax credit on Battery Backup, subject to tax advice: −$3,672.00',
    );
  }, 240_000);

  it('reads a response recorded before lines had a kind as it was totalled then', async () => {
    const made = await w.post('/api/generate-slides', order(), {
      cookie: cookies.rep,
      headers: { prefer: 'wait=120' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const deckId = made.json().presentationId as string;
    const { token, id: linkId } = await w.createLink(deckId, {
      acceptance: { enabled: true, optionalProductIds: [] },
    });
    // As such a record was stored: no kinds, no yearly fees, every line in its total.
    const line = (productId: string, name: string, unitPriceCents: number, quantity: number) => ({
      productId,
      name,
      quantity,
      unitPriceCents,
      amountCents: unitPriceCents * quantity,
      shippingCents: productId === 'battery_backup' ? 25_000 : 0,
      creditsCents: productId === 'battery_backup' ? 367_200 : 0,
      optional: false,
      included: true,
    });
    const summary = {
      lines: [
        line('battery_backup', 'Battery Backup', 599_500, 2),
        line('installation', 'Installation and commissioning', 150_000, 1),
        line('battery_monitoring', 'Battery monitoring', 7_500, 2),
      ],
      subtotalCents: 1_364_000,
      shippingCents: 25_000,
      totalCents: 1_389_000,
      creditsCents: 367_200,
      netCents: 1_021_800,
    };
    const record = {
      id: randomUUID(),
      deckId,
      linkId,
      version: 1,
      kind: 'accepted' as const,
      fullName: 'Jane Client',
      jobTitle: 'Head of Operations',
      reason: null,
      summary,
      termsText: 'Terms',
      pdfSha256: 'a'.repeat(64),
      ipAddress: w.ip,
      userAgent: 'Test Browser/1.0',
      createdAt: w.clock.now(),
      previousSha256: await chainHead(w.db()),
    };
    await w
      .db()
      .insert(proposalResponses)
      .values({
        ...record,
        recordSha256: recordSha256({ ...record, createdAt: record.createdAt.toISOString() }),
      });

    const listed = await w.get(`/api/decks/${deckId}/proposal-responses`, { cookie: cookies.rep });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().responses[0].summary).toMatchObject({
      totalCents: 1_389_000,
      yearlyCents: 0,
    });
    const again = await w.get(`/api/client-view/${token}`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().acceptance.accepted.summary).toMatchObject({ totalCents: 1_389_000 });
  }, 240_000);
});
