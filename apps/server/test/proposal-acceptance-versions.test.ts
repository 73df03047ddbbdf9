import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { acceptanceMessages, clientLinkMessages, type DeckDraftInput } from '@deck-portal/domain';
import { proposalResponses } from '../src/db/schema.ts';
import { textPdf } from './helpers/text-pdf.ts';
import { createFakeDeckRenderer } from './helpers/fake-deck-renderer.ts';
import { acceptanceBody, useClientLinkWorld } from './helpers/client-links-world.ts';

// Accepting through a link after the deck got a new version (Modify → Generate): a link that
// follows the newest version accepts the version it shows once that one's prices are cleared;
// a pinned link accepts its version; the rep's list of links says which.

const baseRenderer = createFakeDeckRenderer(3);
const deckRenderer = {
  ...baseRenderer,
  async generate(...args: Parameters<typeof baseRenderer.generate>) {
    const made = await baseRenderer.generate(...args);
    return { ...made, pdf: textPdf(['Proposal deck page']) };
  },
};
const w = useClientLinkWorld({ deckRenderer });
const { cookies } = w;

/** Battery Backup ×2 at `price` dollars: $5,995 is list; a rep may give 15 % off. */
function pricedDraft(price: number, headline: string): DeckDraftInput {
  return {
    basicInfo: {
      deckTitle: 'Cold Chain Upgrade',
      headline,
      clientName: 'Northwind Pharmacies',
      date: '2026-11-21',
      mode: 'simple',
    },
    productSelection: {
      selectedProducts: [{ id: 'battery_backup', quantity: 2, customPricing: price }],
      includePricing: true,
      customPricing: {},
    },
    templateCustomization: { selectedSlides: w.slideIds.slice(0, 3), customSlides: [] },
  };
}

async function pricedDeck() {
  const res = await w.post('/api/generate-slides', pricedDraft(5995, 'First offer'), {
    cookie: cookies.rep,
    headers: { prefer: 'wait=60' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().presentationId as string;
}

/** Modify → Generate as the rep, waiting for the version. */
async function newVersion(deckId: string, price: number, headline: string) {
  const res = await w.post(`/api/decks/${deckId}/versions`, pricedDraft(price, headline), {
    cookie: cookies.rep,
    headers: { prefer: 'wait=60' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().version as number;
}

const offer = { acceptance: { enabled: true, optionalProductIds: [] } };

async function view(token: string) {
  const res = await w.get(`/api/client-view/${token}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** What the client's page sends for what it shows now. */
async function accept(token: string) {
  const shown = (await view(token)).acceptance;
  return w.post(`/api/client-view/${token}/accept`, acceptanceBody(shown));
}

async function listedLinks(deckId: string) {
  const res = await w.get(`/api/decks/${deckId}/client-links`, { cookie: cookies.rep });
  expect(res.statusCode, res.body).toBe(200);
  return new Map(
    (res.json().links as { id: string }[]).map((link) => [link.id, link] as [string, object]),
  );
}

const responsesOf = (deckId: string) =>
  w.db().select().from(proposalResponses).where(eq(proposalResponses.deckId, deckId));

describe('accepting after a new version', () => {
  it('lets a following link accept the new version it shows, and records that version', async () => {
    const deckId = await pricedDeck();
    const { token, id } = await w.createLink(deckId, offer);
    expect(await newVersion(deckId, 5900, 'Second offer')).toBe(2);

    const shown = await view(token);
    expect(shown.title).toBe('Second offer');
    expect(shown.acceptance).toMatchObject({ state: 'open', version: 2, isUpdating: false });
    expect((await listedLinks(deckId)).get(id)).toMatchObject({
      shownVersion: 2,
      acceptance: { enabled: true, state: 'open' },
    });

    const accepted = await accept(token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [record] = await responsesOf(deckId);
    expect(record).toMatchObject({ kind: 'accepted', version: 2 });
    expect((await listedLinks(deckId)).get(id)).toMatchObject({
      acceptance: { state: 'accepted' },
    });
  });

  it('lets a pinned link accept its own version, whatever came after', async () => {
    const deckId = await pricedDeck();
    await newVersion(deckId, 5900, 'Second offer');
    const { token, id } = await w.createLink(deckId, { ...offer, pinnedVersion: 1 });
    await newVersion(deckId, 5800, 'Third offer');

    expect((await view(token)).acceptance).toMatchObject({ version: 1, isUpdating: false });
    expect((await listedLinks(deckId)).get(id)).toMatchObject({
      shownVersion: 1,
      acceptance: { state: 'open' },
    });
    const accepted = await accept(token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await responsesOf(deckId)).map((r) => r.version)).toEqual([1]);
  });

  it('refuses, clearly, while the newest version awaits approval; the page says so and the list too', async () => {
    const deckId = await pricedDeck();
    const following = await w.createLink(deckId, offer);
    const pinned = await w.createLink(deckId, {
      ...offer,
      pinnedVersion: 1,
      recipientEmail: 'sam@northwind.example',
    });
    // 40 % off list: past a rep's limit, so version 2 waits for an approver.
    await newVersion(deckId, 3597, 'Deep offer');

    const shown = await view(following.token);
    expect(shown.title).toBe('First offer');
    expect(shown.acceptance).toMatchObject({ version: 1, isUpdating: true });
    const refused = await accept(following.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'proposal_updating',
      message: acceptanceMessages.updating,
    });
    expect(await responsesOf(deckId)).toEqual([]);

    const links = await listedLinks(deckId);
    expect(links.get(following.id)).toMatchObject({
      shownVersion: 1,
      acceptance: { state: 'awaiting_approval' },
    });
    expect(links.get(pinned.id)).toMatchObject({
      shownVersion: 1,
      acceptance: { state: 'open' },
    });
  });
});

describe('mailing a link again after a new version', () => {
  it('mails the same address a new version’s link at once, but not the same version’s twice in the hour', async () => {
    const deckId = await pricedDeck();
    const mailed = { sendEmail: true, recipientEmail: 'dana@northwind.example' };
    await w.createLink(deckId, mailed);
    const again = await w.post(
      `/api/decks/${deckId}/client-links`,
      { recipientName: 'Dana', ...mailed },
      { cookie: cookies.rep },
    );
    expect(again.statusCode).toBe(429);
    expect(again.json().error.message).toBe(clientLinkMessages.recipientMailedRecently);

    await newVersion(deckId, 5900, 'Second offer');
    const fresh = await w.post(
      `/api/decks/${deckId}/client-links`,
      { recipientName: 'Dana', ...mailed },
      { cookie: cookies.rep },
    );
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect(fresh.json().emailed).toBe(true);
  });
});
