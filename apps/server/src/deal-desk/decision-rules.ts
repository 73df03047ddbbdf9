import { eq, inArray, sql } from 'drizzle-orm';
import {
  checkDeal,
  stricterApprover,
  type ApproverRole,
  type DealCheck,
  type PriceBook,
  type ProductSelection,
  type Role,
  whoSetThePrices,
} from '@deck-portal/domain';
import { deckVersions, users } from '../db/schema.ts';
import { currentPriceBook } from '../price-book/price-book.ts';
import { statementsAtOnce } from '../db/statements-at-once.ts';
import type { Services } from '../services.ts';
import { loadDealDeskSettings } from './deal-desk-settings.ts';
import { bookInMarket } from '../markets/pricing-context.ts';

/**
 * What deciding a request depends on beyond its row: who set the prices put to approval (they
 * may never decide them), and who must approve them under today's limits (a manager's approval
 * never clears a price deeper than a manager may give, even on a request made before a limit
 * was tightened).
 */
export type DecisionRules = {
  /** Who last changed the prices put to approval (those past a limit, or all when the total is). */
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
  // Perhaps in a transaction (a new version voids the requests it changes): one statement after
  // another on PostgreSQL, whose client takes one at a time.
  const [versions, settings] = await statementsAtOnce(db, [
    () =>
      db
        .select({
          deckId: deckVersions.deckId,
          number: deckVersions.number,
          createdBy: deckVersions.createdBy,
          maker: users.name,
          approvedBy: deckVersions.approvedBy,
          selection: sql<ProductSelection>`${deckVersions.draft}->'productSelection'`,
          priceBook: deckVersions.priceBook,
          pricing: deckVersions.pricingContext,
        })
        .from(deckVersions)
        .leftJoin(users, eq(users.id, deckVersions.createdBy))
        .where(inArray(deckVersions.deckId, deckIds))
        .execute(),
    () => loadDealDeskSettings(db),
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
    // In the version's currency, as it was priced (US dollars before markets).
    const check = asked.pricing
      ? checkDeal(asked.selection, bookInMarket(book, asked.pricing), settings, request.ownerRole, {
          currency: asked.pricing.market.currency,
          dollarBook: book,
        })
      : checkDeal(asked.selection, book, settings, request.ownerRole);
    // The lines past a limit, when only lines are; every line when the deck's total is.
    const lines =
      check.findings.length > 0 && check.deckFindings.length === 0
        ? new Set<string>(check.findings.map((finding) => finding.productId))
        : undefined;
    const upToAsked = ofDeck
      .filter((version) => version.number <= request.version)
      .sort((a, b) => a.number - b.number)
      .map((version) => ({
        selection: version.selection,
        maker: version.createdBy,
        cleared: version.approvedBy !== null,
      }));
    const makers = new Map(ofDeck.map((version) => [version.createdBy, version.maker]));
    const pricedBy = whoSetThePrices(upToAsked, lines).map((id) => ({
      id,
      name: makers.get(id) ?? 'A former colleague',
    }));
    rules.set(request.id, {
      pricedBy,
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
