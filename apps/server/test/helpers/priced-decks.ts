import { expect } from 'vitest';
import type { DeckDraftInput, Role } from '@deck-portal/domain';
import type { App } from '../../src/app.ts';
import { newAccount, requestAs, sessionCookieOf, setAccount, signIn, signUp } from './accounts.ts';

// What the deal desk's tests share: approved members of each role, and decks priced line by line.

export type Member = { cookie: string; id: string; email: string; name: string };

/** A signed-in account, approved with the role. */
export async function approvedMember(app: App, name: string, role: Role): Promise<Member> {
  const account = newAccount(name);
  const { user } = await signUp(app, account);
  await setAccount(app, account.email, { status: 'approved', role });
  const cookie = sessionCookieOf(await signIn(app, account))!;
  return { cookie, id: user.id, email: account.email, name };
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
