import { z } from 'zod';
import type { ProductSelection } from './deck/deck-draft.ts';
import { formatMoney, roundToCurrency } from './deck/money.ts';
import { findProduct, type PriceBook, type ProductId } from './deck/price-book.ts';
import { quoteSummary } from './deck/quote-summary.ts';
import { percentOffList, unitPriceFor } from './deck/pricing.ts';
import type { Role } from './users.ts';

/**
 * The deal desk (issue 19): how far below list price a rep and a manager may price without
 * approval, and who approves deeper. Admins keep these in the portal (`/admin/deal-desk`);
 * `DEFAULT_DEAL_DESK` is what a new portal starts with.
 */

/** The roles whose prices are limited: everyone who makes decks but admins. */
export const limitedRoles = ['sales_rep', 'manager'] as const;
export type LimitedRole = (typeof limitedRoles)[number];

/** Who must approve a deck whose owner went past their limits. */
export type ApproverRole = 'manager' | 'admin';

const percentSchema = z
  .number({ error: 'Enter a percentage from 0 to 100' })
  .min(0, 'Enter a percentage from 0 to 100')
  .max(100, 'Enter a percentage from 0 to 100');

const dollarsSchema = z
  .number({ error: 'Enter an amount in dollars' })
  .min(0, 'Enter an amount of at least 0')
  .max(100_000_000, 'Enter an amount of at most 100,000,000');

/** Per role, the deepest discount off list price given without approval. */
export const roleLimitsSchema = z.object({
  sales_rep: percentSchema,
  manager: percentSchema,
});

/** A product's own limits; an absent value falls back to the role's. */
export const productGuardrailSchema = z.object({
  /** No unit price below this without approval, whoever prices (null: none). */
  floorPrice: dollarsSchema.nullable().default(null),
  /** Per role, the deepest discount on this product (absent: the role's limit). */
  maxDiscountPercent: z
    .object({ sales_rep: percentSchema.nullable(), manager: percentSchema.nullable() })
    .partial()
    .default({}),
});
export type ProductGuardrail = z.infer<typeof productGuardrailSchema>;

export const dealDeskSettingsSchema = z.object({
  roleLimits: roleLimitsSchema,
  products: z.record(z.string(), productGuardrailSchema).default({}),
  /** Deck-level rules: past either, the deck needs approval whatever its lines. */
  deck: z
    .object({
      /** The whole quote's discount off list, in percent (null: no rule). */
      maxTotalDiscountPercent: percentSchema.nullable().default(null),
      /** The quote's total, in dollars (null: no rule). */
      maxTotalValue: dollarsSchema.nullable().default(null),
    })
    .default({ maxTotalDiscountPercent: null, maxTotalValue: null }),
  /** What the client agrees to when accepting a proposal on its link. */
  acceptanceTerms: z
    .string()
    .trim()
    .min(1, 'Enter the terms a client accepts')
    .max(10_000, 'The terms can be at most 10,000 characters'),
});
export type DealDeskSettings = z.infer<typeof dealDeskSettingsSchema>;

export const DEFAULT_ACCEPTANCE_TERMS =
  'By accepting, I confirm that I am authorised to accept this proposal for my organisation, ' +
  'at the prices and quantities shown. The order is confirmed by a contract or order form sent ' +
  'after acceptance; until then either party may withdraw.';

export const DEFAULT_DEAL_DESK: DealDeskSettings = {
  roleLimits: { sales_rep: 15, manager: 30 },
  products: {},
  deck: { maxTotalDiscountPercent: null, maxTotalValue: null },
  acceptanceTerms: DEFAULT_ACCEPTANCE_TERMS,
};

/** Why one product's price needs approval. */
export interface PriceFinding {
  productId: ProductId;
  productName: string;
  /** The rep's unit price and the list price (the product's MSRP), in dollars. */
  unitPrice: number;
  listPrice: number;
  /** How far below list the unit price is, in percent (one decimal). */
  discountPercent: number;
  /** The owner's limit on this product, in percent, and the floor price, if any. */
  limitPercent: number;
  floorPrice: number | null;
  reason: 'discount' | 'floor' | 'edited_price';
  /** One sentence for the rep: what is past which limit. */
  message: string;
  /** Whose limit `limitPercent` is (absent on checks stored before it was recorded). */
  limitRole?: LimitedRole;
  /** A sales manager's own limit on this product, in percent (absent as above). */
  managerLimitPercent?: number;
  /**
   * Who may clear this line: an administrator once it is past what a manager may give (deeper
   * than the manager's limit, or under the floor), else a manager (absent as above).
   */
  approverRole?: ApproverRole;
}

/** Why the deck as a whole needs approval. */
export interface DeckFinding {
  reason: 'total_discount' | 'total_value';
  message: string;
  /** Who may clear it (absent on checks stored before it was recorded). */
  approverRole?: ApproverRole;
}

/** What the deal desk says of a deck's prices, for its owner's role. */
export interface DealCheck {
  needsApproval: boolean;
  /** Who must approve (null when nothing needs approval). */
  approverRole: ApproverRole | null;
  findings: PriceFinding[];
  deckFindings: DeckFinding[];
  /** The quote's list value and its priced total before shipping, in cents. */
  listTotalCents: number;
  pricedTotalCents: number;
  /**
   * The currency its figures are in (issue 50): the deck's market's; US dollars when absent
   * (checks stored before markets).
   */
  currency?: string;
}

/**
 * The money a deck is checked in (issue 50): its market's currency, and the same products in
 * US dollars, which the deal desk's floors and value limit are kept in. A floor is converted by
 * its product's ratio of list prices (the market's to the dollars'), the value limit by the
 * quote's.
 */
export interface DealMoney {
  currency: string;
  dollarBook?: PriceBook;
}

/** How many units of the deck's currency a dollar of `dollars` is worth, from two list prices. */
function listRatio(local: number, dollars: number | undefined): number {
  return dollars !== undefined && dollars > 0 && local > 0 ? local / dollars : 1;
}

/** Dollars converted at `ratio` and rounded to what the currency can pay. */
function convertDollars(amount: number, ratio: number, currency: string): number {
  return roundToCurrency(Math.round(amount * ratio * 100), currency) / 100;
}

export const approverRoleLabel: Record<ApproverRole, string> = {
  manager: 'a sales manager',
  admin: 'an administrator',
};

/** Who must approve, as the wizard and the deck page say it. */
export const needsApprovalText: Record<ApproverRole, string> = {
  manager: 'Needs a sales manager’s approval.',
  admin: 'Needs an administrator’s approval.',
};

/** The role whose limits apply to a deck's owner: admins have none; everyone else a rep's. */
export function limitedRoleOf(role: Role): LimitedRole | null {
  if (role === 'admin') return null;
  return role === 'manager' ? 'manager' : 'sales_rep';
}

/** Who a limit is for, as a finding names them (the rep and the approver both read it). */
const limitedRoleName: Record<LimitedRole, string> = {
  sales_rep: 'a sales rep',
  manager: 'a sales manager',
};

const roundPercent = (value: number) => Math.round(value * 10) / 10;

/**
 * Checks a deck's prices against the deal desk's limits for its owner's role. Prices only
 * count when the deck shows them (`includePricing`); a product whose pricing slide shows
 * edited price texts needs approval too, since the book did not compute what the client reads.
 */
export function checkDeal(
  selection: ProductSelection,
  book: PriceBook,
  settings: DealDeskSettings,
  ownerRole: Role,
  money: DealMoney = { currency: 'USD' },
): DealCheck {
  const { currency, dollarBook } = money;
  const isDollars = currency === 'USD' || !dollarBook;
  const format = (amount: number) => formatMoney(amount, currency);
  const dollarMsrp = (productId: ProductId) =>
    dollarBook ? findProduct(dollarBook, productId)?.msrp : undefined;
  const limited = limitedRoleOf(ownerRole);
  // Past what a manager may give, only an administrator clears it: a manager's approval of a
  // rep's price never reaches deeper than the manager could price on their own deck.
  const lineApprover = (isPastManager: boolean): ApproverRole =>
    limited === 'manager' || isPastManager ? 'admin' : 'manager';
  const adminSuffix = (isPastManager: boolean) =>
    limited === 'sales_rep' && isPastManager ? ' Only an administrator may approve it.' : '';
  const summary = quoteSummary(selection, book);
  const findings: PriceFinding[] = [];
  let listTotalCents = 0;
  let dollarListTotalCents = 0;
  for (const selected of selection.selectedProducts) {
    const product = findProduct(book, selected.id);
    if (!product) continue;
    listTotalCents += Math.round(product.msrp * 100) * selected.quantity;
    dollarListTotalCents +=
      Math.round((dollarMsrp(product.id) ?? product.msrp) * 100) * selected.quantity;
    if (!limited || !selection.includePricing) continue;
    const unitPrice = unitPriceFor(product, selected.customPricing, selection.includePricing);
    const own = settings.products[product.id];
    const limitPercent = own?.maxDiscountPercent?.[limited] ?? settings.roleLimits[limited];
    const managerLimitPercent = own?.maxDiscountPercent?.manager ?? settings.roleLimits.manager;
    const dollarFloor = own?.floorPrice ?? null;
    const floorPrice =
      dollarFloor === null || isDollars
        ? dollarFloor
        : convertDollars(dollarFloor, listRatio(product.msrp, dollarMsrp(product.id)), currency);
    // The quote's discount lines measure from the same list price, the same way.
    const discountPercent = percentOffList(product.msrp, unitPrice);
    const base = {
      productId: product.id,
      productName: product.name,
      unitPrice,
      listPrice: product.msrp,
      discountPercent,
      limitPercent,
      floorPrice,
      limitRole: limited,
      managerLimitPercent,
    };
    const isPastManagerLimit = discountPercent > managerLimitPercent;
    if (floorPrice !== null && unitPrice < floorPrice) {
      // The floor holds for everyone who prices, a manager too.
      findings.push({
        ...base,
        reason: 'floor',
        approverRole: lineApprover(true),
        message: `${format(unitPrice)} is below the floor price of ${format(floorPrice)} for ${product.name}.${adminSuffix(true)}`,
      });
    } else if (discountPercent > limitPercent) {
      const managerToo =
        limited === 'sales_rep' && isPastManagerLimit
          ? `, and past the ${managerLimitPercent}% a sales manager may give`
          : '';
      findings.push({
        ...base,
        reason: 'discount',
        approverRole: lineApprover(isPastManagerLimit),
        message: `${discountPercent}% off list (${format(product.msrp)}) is past the ${limitPercent}% ${limitedRoleName[limited]} may give on ${product.name} without approval${managerToo}.${adminSuffix(isPastManagerLimit)}`,
      });
    } else if (summary.editedProducts.includes(product.id)) {
      findings.push({
        ...base,
        reason: 'edited_price',
        approverRole: lineApprover(false),
        message: `The pricing slide of ${product.name} shows price texts you edited: the price book did not compute them.`,
      });
    }
  }
  // Every line against its list value, a subscription's year too, as listTotalCents counts it.
  const pricedTotalCents = summary.lines.reduce((sum, line) => sum + line.amountCents, 0);
  const deckFindings: DeckFinding[] = [];
  if (limited && selection.includePricing) {
    const { maxTotalDiscountPercent, maxTotalValue } = settings.deck;
    const totalDiscount =
      listTotalCents > 0 ? roundPercent((1 - pricedTotalCents / listTotalCents) * 100) : 0;
    if (maxTotalDiscountPercent !== null && totalDiscount > maxTotalDiscountPercent) {
      // The deck's discount limit is a manager's too: a manager cannot clear what they could not give.
      deckFindings.push({
        reason: 'total_discount',
        approverRole: lineApprover(true),
        message: `The whole quote is ${totalDiscount}% below list: past the deck limit of ${maxTotalDiscountPercent}%.${adminSuffix(true)}`,
      });
    }
    const valueLimit =
      maxTotalValue === null || isDollars
        ? maxTotalValue
        : convertDollars(
            maxTotalValue,
            listRatio(listTotalCents, dollarListTotalCents || undefined),
            currency,
          );
    if (valueLimit !== null && summary.totalCents > Math.round(valueLimit * 100)) {
      deckFindings.push({
        reason: 'total_value',
        approverRole: lineApprover(false),
        message: `The quote's total of ${format(summary.totalCents / 100)} is over ${format(valueLimit)}: quotes that large need approval.`,
      });
    }
  }
  const needsApproval = findings.length > 0 || deckFindings.length > 0;
  const isForAdmin = [...findings, ...deckFindings].some(
    (finding) => finding.approverRole === 'admin',
  );
  return {
    needsApproval,
    approverRole: needsApproval ? (isForAdmin ? 'admin' : 'manager') : null,
    findings,
    deckFindings,
    listTotalCents,
    pricedTotalCents,
    ...(currency === 'USD' ? {} : { currency }),
  };
}

/** The stricter of two approver roles: an administrator may decide what a manager may. */
export function stricterApprover(a: ApproverRole, b: ApproverRole | null): ApproverRole {
  return a === 'admin' || b === 'admin' ? 'admin' : 'manager';
}

/** The deepest discount a check found, and the highest limit it passes. */
export interface DeepestDiscount {
  productName: string;
  discountPercent: number;
  limitPercent: number;
  limitRole: LimitedRole;
}

/**
 * The deepest discount off list among a check's lines, with the highest limit it is past: a
 * manager's when it is past theirs too (only an administrator may clear it), else the owner's.
 * Null when no line is discounted past a limit.
 */
export function deepestDiscount(check: DealCheck): DeepestDiscount | null {
  const discounted = check.findings.filter((finding) => finding.discountPercent > 0);
  const deepest = discounted.reduce<PriceFinding | null>(
    (best, finding) => (!best || finding.discountPercent > best.discountPercent ? finding : best),
    null,
  );
  if (!deepest) return null;
  const managerLimit = deepest.managerLimitPercent;
  const isPastManager =
    deepest.limitRole === 'sales_rep' &&
    managerLimit !== undefined &&
    deepest.discountPercent > managerLimit;
  return {
    productName: deepest.productName,
    discountPercent: deepest.discountPercent,
    limitPercent: isPastManager ? managerLimit : deepest.limitPercent,
    limitRole: isPastManager ? 'manager' : (deepest.limitRole ?? 'sales_rep'),
  };
}

/** 'Deepest discount: 39.8% off list on Controller, past the 30% a sales manager may give.' */
export function deepestDiscountText(check: DealCheck): string | null {
  const deepest = deepestDiscount(check);
  if (!deepest) return null;
  const past =
    deepest.discountPercent > deepest.limitPercent
      ? `, past the ${deepest.limitPercent}% ${limitedRoleName[deepest.limitRole]} may give`
      : '';
  return `Deepest discount: ${deepest.discountPercent}% off list on ${deepest.productName}${past}.`;
}

/**
 * Why `approver` may not decide a request, or null when they may. Nobody decides the prices
 * they set: not the deck's owner, not whoever made a version with these prices, not whoever
 * asked; a manager decides only what a manager may clear.
 */
export type DecisionRefusal = 'own_deck' | 'own_prices' | 'own_request' | 'needs_admin';

export function decisionRefusal(
  approver: { id: string; role: Role },
  request: {
    ownerId: string;
    approverRole: ApproverRole;
    /** Who made a version with these prices (the one put to approval and those before it). */
    pricedBy?: readonly string[];
    requestedBy?: string | null;
  },
): DecisionRefusal | null {
  if (approver.id === request.ownerId) return 'own_deck';
  if (request.pricedBy?.includes(approver.id)) return 'own_prices';
  if (request.requestedBy === approver.id) return 'own_request';
  if (approver.role === 'admin') return null;
  return approver.role === 'manager' && request.approverRole === 'manager' ? null : 'needs_admin';
}

/** Whether `approver` may decide a request (decisionRefusal says why not). */
export function mayApprove(
  approver: { id: string; role: Role },
  request: Parameters<typeof decisionRefusal>[1],
): boolean {
  return decisionRefusal(approver, request) === null;
}

/** The text both the PDF and the web view carry on every slide of a deck awaiting approval. */
export const APPROVAL_WATERMARK = 'Draft — pending approval';

/**
 * Whether two product selections put the same prices before a client: the same products at
 * the same unit prices and quantities, the same edited price texts, and pricing shown or not
 * alike. An approval holds for every version whose priced figures are those it cleared; a
 * change of anything else (a title, a slide) keeps it, a change of these voids it.
 */
export function samePricedFigures(a: ProductSelection, b: ProductSelection): boolean {
  if (a.includePricing !== b.includePricing) return false;
  if (a.selectedProducts.length !== b.selectedProducts.length) return false;
  const others = new Map(b.selectedProducts.map((selected) => [selected.id, selected]));
  return a.selectedProducts.every((selected) => {
    const other = others.get(selected.id);
    return (
      other !== undefined &&
      other.quantity === selected.quantity &&
      other.customPricing === selected.customPricing &&
      sameTexts(a.customPricing[selected.id], b.customPricing[selected.id])
    );
  });
}

/**
 * Who set the prices a version puts before a client, line by line: the maker of the version
 * that last changed that line's unit price or price texts. Versions come oldest first, up to
 * and with the one in question; a cleared version (made by an approval) changes nothing. Only
 * the lines in `lines` count when given (those past a limit), else every line. So a manager's
 * deep price stays theirs when the rep later changes another line or a title.
 */
export function whoSetThePrices<Maker>(
  versions: readonly { selection: ProductSelection; maker: Maker | null; cleared: boolean }[],
  lines?: ReadonlySet<string>,
): Maker[] {
  const setters = new Map<string, Maker | null>();
  let previous: ProductSelection | undefined;
  for (const { selection, maker, cleared } of versions) {
    for (const line of selection.selectedProducts) {
      const before = previous?.selectedProducts.find((product) => product.id === line.id);
      const changed =
        !before ||
        before.customPricing !== line.customPricing ||
        !sameTexts(previous?.customPricing[line.id], selection.customPricing[line.id]);
      if (changed && !cleared) setters.set(line.id, maker);
    }
    previous = selection;
  }
  const makers = new Set<Maker>();
  for (const line of previous?.selectedProducts ?? []) {
    const maker = setters.get(line.id);
    if ((!lines || lines.has(line.id)) && maker !== undefined && maker !== null) makers.add(maker);
  }
  return [...makers];
}

/** Two products' edited pricing texts, an absent or empty edit counting as none. */
function sameTexts(a: Record<string, unknown> | undefined, b: Record<string, unknown> | undefined) {
  const entries = (texts: Record<string, unknown> | undefined) =>
    Object.entries(texts ?? {}).filter(([, text]) => text !== undefined);
  const left = entries(a);
  const right = new Map(entries(b));
  return left.length === right.size && left.every(([key, text]) => right.get(key) === text);
}
