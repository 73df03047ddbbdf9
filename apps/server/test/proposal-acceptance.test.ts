import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  formatCents,
  acceptanceMessages,
  DEFAULT_ACCEPTANCE_TERMS,
  type DeckDraftInput,
} from '@deck-portal/domain';
import {
  clientLinks,
  dealDeskSettings,
  deckFiles,
  decks,
  events,
  notifications,
  outboxMails,
  proposalResponses,
} from '../src/db/schema.ts';
import { recordSha256 } from '../src/proposals/record-hash.ts';
import { textPdf } from './helpers/text-pdf.ts';
import { createFakeDeckRenderer } from './helpers/fake-deck-renderer.ts';
import { northwindDraft } from './helpers/northwind-draft.ts';
import { sha256, useClientLinkWorld } from './helpers/client-links-world.ts';

// The deck's PDF is a real one, so the accepted PDF can be read back as text.
const baseRenderer = createFakeDeckRenderer(3);
const deckRenderer = {
  ...baseRenderer,
  async generate(...args: Parameters<typeof baseRenderer.generate>) {
    const made = await baseRenderer.generate(...args);
    return { ...made, pdf: textPdf(['Proposal deck page']) };
  },
};
const w = useClientLinkWorld({ deckRenderer });
const { cookies, ids } = w;

/** Battery Backup ×2 at list, Controller ×3 at list: two lines, priced within every limit. */
function pricedDraft(): DeckDraftInput {
  return northwindDraft({
    slides: w.slideIds.slice(0, 3),
    products: [
      { id: 'battery_backup', quantity: 2, customPricing: 5995 },
      { id: 'controller', quantity: 3, customPricing: 199 },
    ],
  });
}

async function pricedDeck() {
  const res = await w.post('/api/generate-slides', pricedDraft(), {
    cookie: cookies.rep,
    headers: { prefer: 'wait=60' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().presentationId as string;
}

const offer = (optionalProductIds: string[] = ['controller']) => ({
  acceptance: { enabled: true, optionalProductIds },
});

async function view(token: string) {
  const res = await w.get(`/api/client-view/${token}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** What the client's page sends, from what it was shown, with `chosen` optional items ticked. */
async function acceptance(token: string, chosen: string[] = [], overrides: object = {}) {
  const shown = (await view(token)).acceptance;
  const lines = shown.summary.lines.filter(
    (line: { optional: boolean; productId: string }) =>
      !line.optional || chosen.includes(line.productId),
  );
  const totalCents = lines.reduce(
    (sum: number, line: { amountCents: number; shippingCents: number }) =>
      sum + line.amountCents + line.shippingCents,
    0,
  );
  return {
    fullName: 'Jane Client',
    jobTitle: 'Head of Operations',
    agree: true,
    optionalProductIds: chosen,
    totalCents,
    termsSha256: shown.termsSha256,
    version: shown.version,
    ...overrides,
  };
}

const accept = (token: string, body: object, headers: Record<string, string> = {}) =>
  w.post(`/api/client-view/${token}/accept`, body, {
    headers: { 'user-agent': 'Test Browser/1.0', ...headers },
  });

const responsesOf = (deckId: string) =>
  w.db().select().from(proposalResponses).where(eq(proposalResponses.deckId, deckId));

async function pdfText(bytes: Buffer) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'accepted-pdf-'));
  try {
    await writeFile(path.join(dir, 'a.pdf'), bytes);
    return execFileSync('pdftotext', [path.join(dir, 'a.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('offering acceptance on a link', () => {
  it('stores the switch, the optional items and the version shown, and the link says so', async () => {
    const deckId = await pricedDeck();
    const { id, body } = await w.createLink(deckId, offer());
    expect(body.link).toMatchObject({
      acceptance: { enabled: true, optionalProductIds: ['controller'] },
      versionAtCreation: 1,
    });
    const [row] = await w.db().select().from(clientLinks).where(eq(clientLinks.id, id));
    expect(row).toMatchObject({
      acceptanceEnabled: true,
      optionalProductIds: ['controller'],
      versionAtCreation: 1,
    });
    // Off unless asked for.
    const plain = await w.createLink(deckId);
    expect(plain.body.link.acceptance).toEqual({ enabled: false, optionalProductIds: [] });
    const { token } = plain;
    expect((await view(token)).acceptance).toBeNull();
  });

  it('refuses optional items that are not products of the deck (422), and makes no link', async () => {
    const deckId = await pricedDeck();
    const res = await w.post(
      `/api/decks/${deckId}/client-links`,
      {
        recipientName: 'Jane',
        recipientEmail: 'jane@northwind.example',
        sendEmail: false,
        ...offer(['bms']),
      },
      { cookie: cookies.rep },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields['acceptance.optionalProductIds']).toBe(
      acceptanceMessages.optionalNotInDeck,
    );
    const links = await w.db().select().from(clientLinks).where(eq(clientLinks.deckId, deckId));
    expect(links).toEqual([]);
  });

  it('shows the client the priced summary, optional lines left out, with the terms and their hash', async () => {
    const deckId = await pricedDeck();
    const { token } = await w.createLink(deckId, offer());
    const { acceptance: shown } = await view(token);
    expect(shown).toMatchObject({
      state: 'open',
      version: 1,
      isUpdating: false,
      termsText: DEFAULT_ACCEPTANCE_TERMS,
      termsSha256: sha256(DEFAULT_ACCEPTANCE_TERMS),
      accepted: null,
    });
    expect(shown.summary.lines).toEqual([
      expect.objectContaining({
        productId: 'battery_backup',
        name: 'Battery Backup',
        quantity: 2,
        unitPriceCents: 599_500,
        amountCents: 1_199_000,
        optional: false,
        included: true,
      }),
      expect.objectContaining({
        productId: 'controller',
        name: 'Controller',
        quantity: 3,
        unitPriceCents: 19_900,
        amountCents: 59_700,
        optional: true,
        included: false,
      }),
    ]);
    const battery = shown.summary.lines[0];
    expect(shown.summary.totalCents).toBe(battery.amountCents + battery.shippingCents);
    expect(shown.summary.netCents).toBe(shown.summary.totalCents - battery.creditsCents);
  });
});

describe('accepting', () => {
  it('records who, when, from where, the summary with the chosen item, the PDF hash, in a verifiable chain; locks the deck and tells everyone', async () => {
    const deckId = await pricedDeck();
    const { token, id: linkId } = await w.createLink(deckId, offer());
    const body = await acceptance(token, ['controller']);
    const res = await accept(token, body);
    expect(res.statusCode, res.body).toBe(200);
    const { accepted } = res.json();
    expect(accepted).toMatchObject({ fullName: 'Jane Client', jobTitle: 'Head of Operations' });
    expect(accepted.summary.lines.every((line: { included: boolean }) => line.included)).toBe(true);
    expect(accepted.summary.totalCents).toBe(body.totalCents);
    // The server's total over both lines, and the credits of both.
    expect(accepted.summary.subtotalCents).toBe(1_199_000 + 59_700);

    const [record] = await responsesOf(deckId);
    expect(record).toMatchObject({
      kind: 'accepted',
      linkId,
      version: 1,
      fullName: 'Jane Client',
      jobTitle: 'Head of Operations',
      ipAddress: w.ip,
      userAgent: 'Test Browser/1.0',
      termsText: DEFAULT_ACCEPTANCE_TERMS,
    });
    expect(record!.summary).toEqual(accepted.summary);
    const [pdfRow] = await w
      .db()
      .select()
      .from(deckFiles)
      .where(and(eq(deckFiles.deckId, deckId), eq(deckFiles.name, 'v1/deck.pdf')));
    expect(record!.pdfSha256).toBe(pdfRow!.sha256);
    expect(record!.pdfSha256).toBe(sha256(textPdf(['Proposal deck page']).toString('latin1')));

    // Every record's hash covers it and the one before: the whole chain checks out.
    const all = await w.db().select().from(proposalResponses);
    const byPrevious = new Map(all.map((row) => [row.previousSha256, row]));
    let walked = 0;
    for (let row = byPrevious.get(null); row; row = byPrevious.get(row.recordSha256)) {
      const { recordSha256: stored, ...fields } = row;
      expect(recordSha256({ ...fields, createdAt: row.createdAt.toISOString() })).toBe(stored);
      walked += 1;
    }
    expect(walked).toBe(all.length);

    const [deck] = await w.db().select().from(decks).where(eq(decks.id, deckId));
    expect(deck!.acceptedAt?.toISOString()).toBe(record!.createdAt.toISOString());

    const told = await w
      .db()
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.clientLinkId, linkId),
          sql`${notifications.message} like '%accepted%'`,
        ),
      );
    expect(told.map((n) => n.recipientUserId).sort()).toEqual([ids.rep, ids.manager].sort());

    const mails = await w
      .db()
      .select()
      .from(outboxMails)
      .where(
        inArray(outboxMails.to, [w.emails.rep, w.emails.manager, 'jane.client@northwind.example']),
      );
    expect(mails.map((mail) => mail.to).sort()).toEqual(
      [w.emails.rep, w.emails.manager, 'jane.client@northwind.example'].sort(),
    );
    const clientMail = mails.find((mail) => mail.to === 'jane.client@northwind.example')!;
    expect(clientMail.attachments).toEqual([
      {
        filename: 'Proposal for Northwind Pharmacies - accepted.pdf',
        contentType: 'application/pdf',
        key: `decks/${deckId}/accepted-${record!.id}.pdf`,
      },
    ]);
    const object = await w.t.app.services.objects.get(clientMail.attachments[0]!.key);
    const chunks: Buffer[] = [];
    for await (const chunk of object!.body) chunks.push(Buffer.from(chunk as Buffer));
    const text = await pdfText(Buffer.concat(chunks));
    // The deck's own pages first, then the engine's certificate.
    expect(text.indexOf('Proposal deck page')).toBeLessThan(
      text.indexOf('Certificate of acceptance'),
    );
    expect(text).toContain('Jane Client');
    expect(text).toContain('Head of Operations');
    expect(text).toContain('Optional, chosen');
    expect(text).toContain(record!.pdfSha256!);
    expect(text).toContain(record!.recordSha256);
    expect(text).toContain(formatCents(record!.summary!.totalCents));
    expect(text).toContain('not a qualified electronic signature');

    // The page shows the acceptance on reload.
    const after = (await view(token)).acceptance;
    expect(after).toMatchObject({ state: 'accepted', accepted: { id: record!.id } });

    // The rep reads the answer and the certificate; strangers cannot.
    const listed = await w.get(`/api/decks/${deckId}/proposal-responses`, { cookie: cookies.rep });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().responses).toEqual([
      expect.objectContaining({
        kind: 'accepted',
        fullName: 'Jane Client',
        certificateUrl: `/api/decks/${deckId}/proposal-responses/${record!.id}/certificate.pdf`,
      }),
    ]);
    const certificate = await w.get(listed.json().responses[0].certificateUrl, {
      cookie: cookies.manager,
    });
    expect(certificate.statusCode).toBe(200);
    expect(certificate.headers['content-type']).toContain('application/pdf');
    for (const who of ['otherRep', 'pending'] as const) {
      const refused = await w.get(`/api/decks/${deckId}/proposal-responses`, {
        cookie: cookies[who],
      });
      expect(refused.statusCode).not.toBe(200);
      const refusedPdf = await w.get(listed.json().responses[0].certificateUrl, {
        cookie: cookies[who],
      });
      expect(refusedPdf.statusCode).not.toBe(200);
    }
    expect((await w.get(`/api/decks/${deckId}/proposal-responses`)).statusCode).toBe(401);

    // The deck list and details say it was accepted.
    const details = await w.get(`/api/decks/${deckId}`, { cookie: cookies.rep });
    expect(details.json().acceptedAt).toBe(record!.createdAt.toISOString());
    const recent = await w.get('/api/recent-decks', { cookie: cookies.rep });
    expect(recent.json().recentDecks.find((d: { id: string }) => d.id === deckId).acceptedAt).toBe(
      record!.createdAt.toISOString(),
    );
  });

  it('is locked: no next version, no restore, no delete (409 with who and when); duplicating works', async () => {
    const deckId = await pricedDeck();
    const second = await w.post(`/api/decks/${deckId}/versions`, pricedDraft(), {
      cookie: cookies.rep,
      headers: { prefer: 'wait=60' },
    });
    expect(second.statusCode, second.body).toBe(201);
    const { token } = await w.createLink(deckId, offer());
    expect((await accept(token, await acceptance(token))).statusCode).toBe(200);
    const locked =
      'This deck was accepted by Jane Client (Northwind Pharmacies) on November 23, 2026: duplicate it to make changes.';
    const next = await w.post(`/api/decks/${deckId}/versions`, pricedDraft(), {
      cookie: cookies.rep,
    });
    expect(next.statusCode).toBe(409);
    expect(next.json().error.message).toBe(locked);
    const restored = await w.post(
      `/api/decks/${deckId}/versions/1/restore`,
      {},
      { cookie: cookies.rep },
    );
    expect(restored.statusCode).toBe(409);
    expect(restored.json().error.message).toBe(locked);
    const deleted = await w.t.app.inject({
      method: 'DELETE',
      url: `/api/decks/${deckId}`,
      headers: { cookie: cookies.rep },
    });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error.message).toContain('accepted decks are kept');
    const [deck] = await w.db().select().from(decks).where(eq(decks.id, deckId));
    expect(deck!.currentVersion).toBe(2);
    const copy = await w.post(`/api/decks/${deckId}/duplicate`, {}, { cookie: cookies.rep });
    expect(copy.statusCode, copy.body).toBe(201);
    const [duplicate] = await w
      .db()
      .select()
      .from(decks)
      .where(eq(decks.id, copy.json().presentationId));
    expect(duplicate!.acceptedAt).toBeNull();
  });

  it('keeps the records append-only: the database refuses to change or delete one', async () => {
    const deckId = await pricedDeck();
    const { token } = await w.createLink(deckId, offer());
    expect((await accept(token, await acceptance(token))).statusCode).toBe(200);
    await expect(
      w
        .db()
        .update(proposalResponses)
        .set({ fullName: 'Someone Else' })
        .where(eq(proposalResponses.deckId, deckId)),
    ).rejects.toThrow();
    await expect(
      w.db().delete(proposalResponses).where(eq(proposalResponses.deckId, deckId)),
    ).rejects.toThrow();
    const [record] = await responsesOf(deckId);
    expect(record!.fullName).toBe('Jane Client');
  });

  it('records one acceptance of two sent at once; the other answers 409 with the first', async () => {
    const deckId = await pricedDeck();
    const { token } = await w.createLink(deckId, offer());
    const body = await acceptance(token);
    const answers = await Promise.all([
      accept(token, body),
      accept(token, { ...body, fullName: 'Joe Other' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!.json();
    expect(refused.error.message).toBe(acceptanceMessages.alreadyAccepted);
    expect(await responsesOf(deckId)).toHaveLength(1);
    expect(refused.accepted.id).toBe((await responsesOf(deckId))[0]!.id);
  });

  it('refuses, writing nothing: revoked or expired link, a deck changed since, other prices or terms, items not optional, no offer', async () => {
    const nothingWritten = async (deckId: string) => {
      expect(await responsesOf(deckId)).toEqual([]);
      const [deck] = await w.db().select().from(decks).where(eq(decks.id, deckId));
      expect(deck!.acceptedAt).toBeNull();
    };

    const deckId = await pricedDeck();
    const { token } = await w.createLink(deckId, offer());
    const body = await acceptance(token);

    const wrongTotal = await accept(token, { ...body, totalCents: body.totalCents - 100 });
    expect(wrongTotal.statusCode).toBe(409);
    expect(wrongTotal.json().error.message).toBe(acceptanceMessages.pricesChanged);
    // Ticking an item without its price in the total is a wrong total too.
    const unpriced = await accept(token, { ...body, optionalProductIds: ['controller'] });
    expect(unpriced.json().error.message).toBe(acceptanceMessages.pricesChanged);

    const notOptional = await accept(token, { ...body, optionalProductIds: ['battery_backup'] });
    expect(notOptional.statusCode).toBe(422);

    const noAgreement = await accept(token, { ...body, agree: false });
    expect(noAgreement.statusCode).toBe(400);

    await w
      .db()
      .insert(dealDeskSettings)
      .values({
        id: 'current',
        settings: {
          roleLimits: { sales_rep: 15, manager: 30 },
          products: {},
          deck: { maxTotalDiscountPercent: null, maxTotalValue: null },
          acceptanceTerms: 'New terms, set while the client was reading.',
        },
      });
    try {
      const oldTerms = await accept(token, body);
      expect(oldTerms.statusCode).toBe(409);
      expect(oldTerms.json().error.message).toBe(acceptanceMessages.termsChanged);
    } finally {
      await w.db().delete(dealDeskSettings).where(eq(dealDeskSettings.id, 'current'));
    }

    const plain = await w.createLink(deckId);
    const notOffered = await accept(plain.token, body);
    expect(notOffered.statusCode).toBe(403);
    expect(notOffered.json().error.message).toBe(acceptanceMessages.notOffered);

    const revoked = await w.createLink(deckId, offer());
    await w.post(
      `/api/decks/${deckId}/client-links/${revoked.id}/revoke`,
      {},
      { cookie: cookies.rep },
    );
    expect((await accept(revoked.token, body)).statusCode).toBe(404);

    const expiring = await w.createLink(deckId, {
      ...offer(),
      expiresAt: new Date(w.clock.now().getTime() + 3600_000).toISOString(),
    });
    const expiringBody = await acceptance(expiring.token);
    w.clock.advance(2 * 3600_000);
    expect((await accept(expiring.token, expiringBody)).statusCode).toBe(404);

    // A new version made while the client was reading: the page's version is not the one the
    // link shows now.
    const next = await w.post(`/api/decks/${deckId}/versions`, pricedDraft(), {
      cookie: cookies.rep,
      headers: { prefer: 'wait=60' },
    });
    expect(next.statusCode, next.body).toBe(201);
    expect((await view(token)).acceptance).toMatchObject({ version: 2, isUpdating: false });
    const changed = await accept(token, body);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error).toEqual({
      code: 'version_changed',
      message: acceptanceMessages.versionChanged,
    });

    await nothingWritten(deckId);
  });

  it('records a decline with its reason, tells the team, and still takes an acceptance later', async () => {
    const deckId = await pricedDeck();
    const { token, id: linkId } = await w.createLink(deckId, offer());
    const declined = await w.post(`/api/client-view/${token}/decline`, {
      reason: 'Budget is frozen until March.',
    });
    expect(declined.statusCode, declined.body).toBe(204);
    expect((await view(token)).acceptance.state).toBe('declined');
    const told = await w
      .db()
      .select()
      .from(notifications)
      .where(eq(notifications.clientLinkId, linkId));
    expect(told.map((n) => n.recipientUserId).sort()).toEqual([ids.rep, ids.manager].sort());
    expect(told[0]!.message).toContain('Budget is frozen until March.');
    w.clock.advance(60_000);

    // "Not now" again within the hour: nothing more is written, nobody is told twice.
    const again = await w.post(`/api/client-view/${token}/decline`, { reason: 'Still frozen.' });
    expect(again.statusCode, again.body).toBe(204);
    const toldAgain = await w
      .db()
      .select()
      .from(notifications)
      .where(eq(notifications.clientLinkId, linkId));
    expect(toldAgain).toHaveLength(2);

    expect((await accept(token, await acceptance(token))).statusCode).toBe(200);
    const kinds = (await responsesOf(deckId)).map((r) => [r.kind, r.reason]);
    expect(kinds).toEqual([
      ['declined', 'Budget is frozen until March.'],
      ['accepted', null],
    ]);
    // Each answer recorded is an event (issue 51); the decline not written again is not.
    const answered = await w
      .db()
      .select({ type: events.type, data: events.data })
      .from(events)
      .where(and(eq(events.deckId, deckId), like(events.type, 'proposal.%')))
      .orderBy(events.id);
    expect(answered).toEqual([
      {
        type: 'proposal.declined',
        data: expect.objectContaining({
          response: expect.objectContaining({ reason: 'Budget is frozen until March.' }),
        }),
      },
      {
        type: 'proposal.accepted',
        data: expect.objectContaining({
          response: expect.objectContaining({
            fullName: 'Jane Client',
            total: expect.objectContaining({ currency: 'USD' }),
          }),
        }),
      },
    ]);
  });

  it('asks for the passcode of a protected link before taking an answer', async () => {
    const deckId = await pricedDeck();
    const { token } = await w.createLink(deckId, { ...offer(), passcode: 'blue-harbour' });
    const res = await accept(token, {
      fullName: 'Jane',
      jobTitle: 'CFO',
      agree: true,
      optionalProductIds: [],
      totalCents: 1,
      termsSha256: 'x',
      version: 1,
    });
    expect(res.statusCode).toBe(401);
    expect(await responsesOf(deckId)).toEqual([]);
  });

  it('asks a client in Japan to accept the total with consumption tax, in yen, as the deck quotes it', async () => {
    const draft = pricedDraft();
    Object.assign(draft.basicInfo, { market: 'JP', language: 'ja' });
    draft.productSelection.selectedProducts = [
      { id: 'battery_backup', quantity: 2, customPricing: 899_300 },
    ];
    const made = await w.post('/api/generate-slides', draft, {
      cookie: cookies.rep,
      headers: { prefer: 'wait=60' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { token } = await w.createLink(made.json().presentationId, offer([]));
    const { summary } = (await view(token)).acceptance;
    const beforeTax = summary.subtotalCents + summary.shippingCents;
    expect(summary.currency).toBe('JPY');
    expect(summary.tax).toEqual({
      name: 'Consumption tax',
      percent: 10,
      inclusive: false,
      cents: Math.round(beforeTax / 10 / 100) * 100,
    });
    expect(summary.totalCents).toBe(beforeTax + summary.tax.cents);
    // The total before tax is not what the deck asks: refused, nothing recorded.
    const withoutTax = await accept(token, await acceptance(token));
    expect(withoutTax.statusCode).toBe(409);
    const accepted = await accept(token, {
      ...(await acceptance(token)),
      totalCents: summary.totalCents,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
