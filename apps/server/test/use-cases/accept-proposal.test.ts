import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  acceptanceMessages,
  acceptProposalRequestSchema,
  createClientLinkRequestSchema,
} from '@deck-portal/domain';
import { createClientLink } from '../../src/client-links/create-client-link.ts';
import { openClientLink } from '../../src/client-links/resolve-client-link.ts';
import { deckFiles, decks, notifications, proposalResponses } from '../../src/db/schema.ts';
import { generateNextVersion } from '../../src/decks/generate-version.ts';
import { acceptProposal } from '../../src/proposals/accept-proposal.ts';
import { getClientAcceptance } from '../../src/proposals/client-acceptance.ts';
import { listProposalResponses } from '../../src/proposals/list-proposal-responses.ts';
import { locateAcceptanceCertificate } from '../../src/proposals/locate-acceptance-certificate.ts';
import { acceptedPdfName } from '../../src/proposals/proposal-records.ts';
import { acceptanceBody } from '../helpers/client-links-world.ts';
import { batteryDraft, useUseCaseWorld } from './use-case-world.ts';

// A client accepting a proposal on its link, below HTTP: the record, the certificate, the deck
// locked. HTTP's side (the accept route's bodies, the certificate's download, the client's
// page) is proposal-acceptance*.test.ts's.

const w = useUseCaseWorld();

const client = { ip: '203.0.113.7', userAgent: 'Test Browser/1.0' };

/** A deck at list price, made, with a link offering acceptance: the link's token. */
async function offeredDeck(title: string) {
  const deckId = await w.madeDeck(w.rep, batteryDraft(w.slideIds, { title }));
  const made = await createClientLink(w.services, {
    user: w.rep,
    deckId,
    input: createClientLinkRequestSchema.parse({
      recipientName: 'Jane Client',
      recipientEmail: 'jane@northwind.example',
      sendEmail: false,
      acceptance: { enabled: true },
    }),
  });
  const token = made.url.split('/').pop()!;
  return { deckId, token };
}

/** What the client's page sends for the proposal the link shows now. */
async function acceptanceOf(token: string, overrides: object = {}) {
  const open = await openClientLink(w.services, { token, proof: undefined, ip: client.ip });
  const shown = (await getClientAcceptance(w.services, open))!;
  const input = acceptProposalRequestSchema.parse({ ...acceptanceBody(shown), ...overrides });
  return { open, input };
}

describe('accepting a proposal', () => {
  it('records what the client accepted, certifies it, locks the deck and tells the rep', async () => {
    const { deckId, token } = await offeredDeck('Accepted deck');
    const { open, input } = await acceptanceOf(token);
    // Two batteries at $5,995.
    expect(input.totalCents).toBeGreaterThanOrEqual(2 * 599_500);

    const accepted = await acceptProposal(w.services, { open, input, ...client });
    expect(accepted).toMatchObject({ fullName: 'Jane Client', jobTitle: 'Head of Operations' });
    expect(accepted.summary.totalCents).toBe(input.totalCents);

    const [record, ...others] = await w.services.db
      .select()
      .from(proposalResponses)
      .where(eq(proposalResponses.deckId, deckId));
    expect(others).toEqual([]);
    expect(record).toMatchObject({
      id: accepted.id,
      kind: 'accepted',
      version: 1,
      linkId: open.link.id,
      fullName: 'Jane Client',
      ipAddress: client.ip,
      userAgent: client.userAgent,
      termsText: expect.any(String),
    });
    expect(record!.recordSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(record!.pdfSha256).toMatch(/^[0-9a-f]{64}$/);

    const [deck] = await w.services.db.select().from(decks).where(eq(decks.id, deckId));
    expect(deck!.acceptedAt?.toISOString()).toBe(accepted.acceptedAt);
    const certificate = await w.services.db
      .select({ name: deckFiles.name, contentType: deckFiles.contentType })
      .from(deckFiles)
      .where(and(eq(deckFiles.deckId, deckId), eq(deckFiles.name, acceptedPdfName(accepted.id))));
    expect(certificate).toEqual([
      { name: acceptedPdfName(accepted.id), contentType: 'application/pdf' },
    ]);
    const told = await w.services.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(eq(notifications.recipientUserId, w.rep.id));
    expect(told).toHaveLength(1);

    // The rep reads the answer and its certificate on the deck.
    expect(await listProposalResponses(w.services, { user: w.rep, deckId })).toEqual([
      expect.objectContaining({
        id: accepted.id,
        kind: 'accepted',
        version: 1,
        fullName: 'Jane Client',
        certificateUrl: expect.stringContaining(accepted.id),
      }),
    ]);
    expect(
      await locateAcceptanceCertificate(w.services, {
        user: w.rep,
        deckId,
        responseId: accepted.id,
      }),
    ).toMatchObject({ deckId, name: acceptedPdfName(accepted.id) });

    // Accepted, the deck takes no new version: changes go to a duplicate.
    await expect(
      generateNextVersion(w.services, {
        user: w.rep,
        deckId,
        draft: batteryDraft(w.slideIds, { title: 'Accepted deck', quantity: 3 }),
      }),
    ).rejects.toMatchObject({ code: 'deck_accepted', statusCode: 409 });
  });

  it('accepts once: a second acceptance is answered with the first record', async () => {
    const { deckId, token } = await offeredDeck('Accepted once');
    const { open, input } = await acceptanceOf(token);
    const first = await acceptProposal(w.services, { open, input, ...client });
    const again = await acceptanceOf(token);
    await expect(
      acceptProposal(w.services, { ...again, ...client, input: { ...again.input, fullName: 'X' } }),
    ).rejects.toMatchObject({ code: 'already_accepted', accepted: { id: first.id } });
    const records = await w.services.db
      .select({ id: proposalResponses.id })
      .from(proposalResponses)
      .where(eq(proposalResponses.deckId, deckId));
    expect(records).toEqual([{ id: first.id }]);
  });

  it('refuses a total or terms the server does not compute, and a version no longer shown; records nothing', async () => {
    const { deckId, token } = await offeredDeck('Refused deck');
    const { open, input } = await acceptanceOf(token);
    await expect(
      acceptProposal(w.services, { open, input: { ...input, totalCents: 1 }, ...client }),
    ).rejects.toMatchObject({ code: 'prices_changed', message: acceptanceMessages.pricesChanged });
    await expect(
      acceptProposal(w.services, {
        open,
        input: { ...input, termsSha256: 'f'.repeat(64) },
        ...client,
      }),
    ).rejects.toMatchObject({ code: 'terms_changed' });
    await expect(
      acceptProposal(w.services, { open, input: { ...input, version: 2 }, ...client }),
    ).rejects.toMatchObject({ code: 'version_changed', statusCode: 409 });

    const rows = await w.services.db
      .select({ id: proposalResponses.id })
      .from(proposalResponses)
      .where(eq(proposalResponses.deckId, deckId));
    expect(rows).toEqual([]);
    const [deck] = await w.services.db.select().from(decks).where(eq(decks.id, deckId));
    expect(deck!.acceptedAt).toBeNull();
  });
});
