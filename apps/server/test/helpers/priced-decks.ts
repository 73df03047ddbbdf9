import { expect } from 'vitest';
import type { DeckDraftInput, Role } from '@deck-portal/domain';
import type { App } from '../../src/app.ts';
import { approvedAccount, createAdmin, requestAs } from './accounts.ts';

// What the deal desk's tests share: approved members of each role, and decks priced line by line.

export type Member = { cookie: string; id: string; email: string; name: string };

/** A signed-in account, approved with the role. */
export async function approvedMember(app: App, name: string, role: Role): Promise<Member> {
  const { account, user, cookie } = await approvedAccount(app, name, role);
  return { cookie, id: user.id, email: account.email, name };
}

/** The first account on a fresh database, the administrator, as a member. */
export async function adminMember(app: App): Promise<Member> {
  const { cookie, user, account } = await createAdmin(app);
  return { cookie, id: user.id, email: account.email, name: account.name };
}

/** The ids of the library's slides, as `who` is offered them. */
export async function librarySlideIds(app: App, who: Member): Promise<string[]> {
  const library = await requestAs(app, who.cookie, 'GET', '/api/template-slides');
  return (library.json().slides as { id: string }[]).map((slide) => slide.id);
}

export type Line = { id: string; price: number; quantity?: number };

export const battery = (price: number): Line[] => [{ id: 'battery_backup', price }];

/** A deck for Northwind Pharmacies at the rep's prices, on the library's first two slides. */
export function pricedDraft(slideIds: string[], title: string, lines: Line[]): DeckDraftInput {
  return {
    basicInfo: { deckTitle: title, clientName: 'Northwind Pharmacies', date: '2026-11-21' },
    productSelection: {
      selectedProducts: lines.map((line) => ({
        id: line.id,
        quantity: line.quantity ?? 1,
        customPricing: line.price,
      })),
      includePricing: true,
      customPricing: {},
    },
    templateCustomization: { selectedSlides: slideIds.slice(0, 2), customSlides: [] },
  };
}

/** Generates the deck as its owner; answers its id. */
export async function newPricedDeck(
  app: App,
  owner: Member,
  draft: DeckDraftInput,
): Promise<string> {
  const res = await requestAs(app, owner.cookie, 'POST', '/api/generate-slides', { ...draft });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().presentationId as string;
}

/**
 * The deal desk's requests as a member (the app read when called): a deck's prices put to
 * approval, and an approver's decision on a request.
 */
export function dealDeskRequests(app: () => App) {
  return {
    askApproval: (who: Member, deckId: string, note = '') =>
      requestAs(app(), who.cookie, 'POST', `/api/decks/${deckId}/approval-requests`, { note }),
    decide: (who: Member, requestId: string, decision: 'approve' | 'reject', comment = '') =>
      requestAs(app(), who.cookie, 'POST', `/api/approvals/${requestId}/decision`, {
        decision,
        comment,
      }),
  };
}
