import { eq, inArray, sql } from 'drizzle-orm';
import {
  checkDeal,
  samePricedFigures,
  stricterApprover,
  type ApproverRole,
  type DealCheck,
  type PriceBook,
  type ProductSelection,
  type Role,
} from '@deck-portal/domain';
import { deckVersions, users } from '../db/schema.ts';
import { currentPriceBook } from '../price-book/price-book.ts';
import type { Services } from '../services.ts';
import { loadDealDeskSettings } from './deal-desk-settings.ts';

/**
 * What deciding a request depends on beyond its row: who set the prices put to approval (they
 * may never decide them), and who must approve them under today's limits (a manager's approval
 * never clears a price deeper than a manager may give, even on a request made before a limit
 * was tightened).
 */
export type DecisionRules = {
  /** The makers of the versions carrying these prices, up to the one put to approval. */
  pricedBy: { id: string; name: string }[];
  approverRole: ApproverRole;
  /** The check of those prices under today's limits, when it still needs approval. */
  check: DealCheck | null;
};

type Asked = { deckId: string; version: number; approverRole: ApproverRole; ownerRole: Role };

/**
 * The rules of several requests at once (the approvers' list): one read of the decks' versions
 * (their product selections only, not their drafts) and one of today's limits.
 */
export async function loadDecisionRules(
  services: Pick<Services, 'db' | 'clock'>,
  requests: readonly (Asked & { id: string })[],
): Promise<Map<string, DecisionRules>> {
  const rules = new Map<string, DecisionRules>();
  if (requests.length === 0) return rules;
  const { db } = services;
  const deckIds = [...new Set(requests.map((request) => request.deckId))];
  const [versions, settings] = await Promise.all([
    db
      .select({
        deckId: deckVersions.deckId,
        number: deckVersions.number,
        createdBy: deckVersions.createdBy,
        maker: users.name,
        approvedBy: deckVersions.approvedBy,
        selection: sql<ProductSelection>`${deckVersions.draft}->'productSelection'`,
        priceBook: deckVersions.priceBook,
      })
      .from(deckVersions)
      .leftJoin(users, eq(users.id, deckVersions.createdBy))
      .where(inArray(deckVersions.deckId, deckIds)),
    loadDealDeskSettings(db),
  ]);
  let todaysBook: PriceBook | undefined;
  for (const request of requests) {
    const ofDeck = versions.filter((version) => version.deckId === request.deckId);
    const asked = ofDeck.find((version) => version.number === request.version);
    if (!asked) {
      rules.set(request.id, { pricedBy: [], approverRole: request.approverRole, check: null });
      continue;
    }
    // Versions made before decks recorded their price book are checked against today's.
    const book =
      asked.priceBook ?? (todaysBook ??= (await currentPriceBook(db, services.clock.now())).book);
    const check = checkDeal(asked.selection, book, settings, request.ownerRole);
    const pricedBy = new Map<string, string>();
    for (const version of ofDeck) {
      // A cleared version (the approval's own rendering, a title change after it) set no price.
      if (version.number > request.version || version.approvedBy !== null) continue;
      if (version.createdBy === null) continue;
      if (!samePricedFigures(version.selection, asked.selection)) continue;
      pricedBy.set(version.createdBy, version.maker ?? 'A former colleague');
    }
    rules.set(request.id, {
      pricedBy: [...pricedBy].map(([id, name]) => ({ id, name })),
      approverRole: stricterApprover(request.approverRole, check.approverRole),
      check: check.needsApproval ? check : null,
    });
  }
  return rules;
}

/** The rules of one request, or of a version about to be put to approval (`id` unused). */
export async function decisionRulesOf(
  services: Pick<Services, 'db' | 'clock'>,
  request: Asked,
): Promise<DecisionRules> {
  const rules = await loadDecisionRules(services, [{ ...request, id: 'one' }]);
  return rules.get('one')!;
}
