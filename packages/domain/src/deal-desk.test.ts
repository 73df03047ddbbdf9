import { describe, expect, it } from 'vitest';
import type { ProductSelection } from './deck/deck-draft.ts';
import { SEED_PRICE_BOOK } from './deck/seed-price-book.ts';
import { findMarket, SEED_MARKETS } from './markets/markets.ts';
import { priceBookForMarket, SEED_PRICE_LISTS } from './markets/price-lists.ts';
import {
  DEFAULT_DEAL_DESK,
  checkDeal,
  decisionRefusal,
  deepestDiscount,
  deepestDiscountText,
  mayApprove,
  samePricedFigures,
  type DealDeskSettings,
} from './deal-desk.ts';

// Battery Backup lists at $5,995: 15% off is $5,095.75, 30% off $4,196.50.
const battery = (price: number, quantity = 2): ProductSelection => ({
  selectedProducts: [{ id: 'battery_backup', quantity, customPricing: price }],
  includePricing: true,
  customPricing: {},
});

const withSettings = (changes: Partial<DealDeskSettings>): DealDeskSettings => ({
  ...DEFAULT_DEAL_DESK,
  ...changes,
});

describe('checkDeal: limits by role', () => {
  it('lets a rep give up to 15% off list and sends deeper discounts to a manager', () => {
    const within = checkDeal(battery(5100), SEED_PRICE_BOOK, DEFAULT_DEAL_DESK, 'sales_rep');
    expect(within).toMatchObject({ needsApproval: false, approverRole: null, findings: [] });

    // 24.9% off: past the rep's 15%, within the manager's 30%.
    const past = checkDeal(battery(4500), SEED_PRICE_BOOK, DEFAULT_DEAL_DESK, 'sales_rep');
    expect(past.needsApproval).toBe(true);
    expect(past.approverRole).toBe('manager');
    expect(past.findings).toEqual([
      expect.objectContaining({
        productId: 'battery_backup',
        reason: 'discount',
        discountPercent: 24.9,
        limitPercent: 15,
        unitPrice: 4500,
        listPrice: 5995,
        approverRole: 'manager',
      }),
    ]);
    expect(past.findings[0]!.message).toBe(
      '24.9% off list ($5,995.00) is past the 15% a sales rep may give on Battery Backup without approval.',
    );
    expect(past.listTotalCents).toBe(2 * 599_500);
    expect(past.pricedTotalCents).toBe(2 * 450_000);
  });

  it('sends a rep’s price deeper than a manager may give to an administrator, saying so', () => {
    const controller: ProductSelection = {
      selectedProducts: [
        { id: 'controller', quantity: 1, customPricing: 119.8 },
        { id: 'battery_backup', quantity: 1, customPricing: 5095.75 },
      ],
      includePricing: true,
      customPricing: {},
    };
    const check = checkDeal(controller, SEED_PRICE_BOOK, DEFAULT_DEAL_DESK, 'sales_rep');
    expect(check).toMatchObject({ needsApproval: true, approverRole: 'admin' });
    expect(check.findings).toEqual([
      expect.objectContaining({
        productId: 'controller',
        discountPercent: 39.8,
        limitPercent: 15,
        managerLimitPercent: 30,
        approverRole: 'admin',
      }),
    ]);
    expect(check.findings[0]!.message).toBe(
      '39.8% off list ($199.00) is past the 15% a sales rep may give on Controller without approval, and past the 30% a sales manager may give. Only an administrator may approve it.',
    );
    expect(deepestDiscount(check)).toEqual({
      productName: 'Controller',
      discountPercent: 39.8,
      limitPercent: 30,
      limitRole: 'manager',
    });
    expect(deepestDiscountText(check)).toBe(
      'Deepest discount: 39.8% off list on Controller, past the 30% a sales manager may give.',
    );
    // A product's own manager limit counts: 40% lets the manager clear it.
    const generous = withSettings({
      products: { controller: { floorPrice: null, maxDiscountPercent: { manager: 40 } } },
    });
    expect(checkDeal(controller, SEED_PRICE_BOOK, generous, 'sales_rep').approverRole).toBe(
      'manager',
    );
  });

  it('names the owner’s limit as the deepest discount’s when a manager may clear it', () => {
    const check = checkDeal(battery(4500), SEED_PRICE_BOOK, DEFAULT_DEAL_DESK, 'sales_rep');
    expect(deepestDiscountText(check)).toBe(
      'Deepest discount: 24.9% off list on Battery Backup, past the 15% a sales rep may give.',
    );
    expect(
      deepestDiscountText(
        checkDeal(battery(5100), SEED_PRICE_BOOK, DEFAULT_DEAL_DESK, 'sales_rep'),
      ),
    ).toBeNull();
  });

  it('gives a manager 30% and sends deeper to an admin; an admin has no limit', () => {
    const quarterOff = battery(4500);
    expect(
      checkDeal(quarterOff, SEED_PRICE_BOOK, DEFAULT_DEAL_DESK, 'sales_rep').needsApproval,
    ).toBe(true);
    expect(checkDeal(quarterOff, SEED_PRICE_BOOK, DEFAULT_DEAL_DESK, 'manager').needsApproval).toBe(
      false,
    );
    const deep = checkDeal(battery(3597), SEED_PRICE_BOOK, DEFAULT_DEAL_DESK, 'manager');
    expect(deep).toMatchObject({ needsApproval: true, approverRole: 'admin' });
    expect(deep.findings[0]!.limitPercent).toBe(30);
    const admin = checkDeal(battery(0.01), SEED_PRICE_BOOK, DEFAULT_DEAL_DESK, 'admin');
    expect(admin).toMatchObject({ needsApproval: false, findings: [], deckFindings: [] });
  });

  it('uses a product’s own limit and floor over the role’s', () => {
    const settings = withSettings({
      products: {
        battery_backup: { floorPrice: 5500, maxDiscountPercent: { sales_rep: 5 } },
      },
    });
    // 6.7% off: within the rep's 15%, past the product's 5%.
    const overLimit = checkDeal(battery(5595), SEED_PRICE_BOOK, settings, 'sales_rep');
    expect(overLimit.findings).toEqual([
      expect.objectContaining({ reason: 'discount', discountPercent: 6.7, limitPercent: 5 }),
    ]);
    expect(checkDeal(battery(5700), SEED_PRICE_BOOK, settings, 'sales_rep').needsApproval).toBe(
      false,
    );
    // The manager has no product override: the role's 30%, but the floor holds for everyone.
    const manager = checkDeal(battery(5400), SEED_PRICE_BOOK, settings, 'manager');
    expect(manager.findings).toEqual([
      expect.objectContaining({ reason: 'floor', limitPercent: 30 }),
    ]);
    // Under the floor is past what a manager may give: a rep's price there needs an administrator.
    const repUnderFloor = checkDeal(battery(5400), SEED_PRICE_BOOK, settings, 'sales_rep');
    expect(repUnderFloor).toMatchObject({ approverRole: 'admin' });
    expect(repUnderFloor.findings[0]!.message).toBe(
      '$5,400.00 is below the floor price of $5,500.00 for Battery Backup. Only an administrator may approve it.',
    );
    expect(checkDeal(battery(5600), SEED_PRICE_BOOK, settings, 'manager').needsApproval).toBe(
      false,
    );
  });

  it('applies the deck-level rules: the total discount and the total value', () => {
    const byDiscount = withSettings({
      deck: { maxTotalDiscountPercent: 10, maxTotalValue: null },
    });
    // 12.4% off: within the rep's 15% per product, past the deck's 10%.
    const check = checkDeal(battery(5250), SEED_PRICE_BOOK, byDiscount, 'sales_rep');
    expect(check.findings).toEqual([]);
    expect(check.deckFindings).toEqual([expect.objectContaining({ reason: 'total_discount' })]);
    // The deck's discount limit holds for a manager too: only an administrator may clear it.
    expect(check).toMatchObject({ needsApproval: true, approverRole: 'admin' });

    const byValue = withSettings({
      deck: { maxTotalDiscountPercent: null, maxTotalValue: 20_000 },
    });
    const large = checkDeal(battery(5995, 4), SEED_PRICE_BOOK, byValue, 'sales_rep');
    expect(large.deckFindings).toEqual([expect.objectContaining({ reason: 'total_value' })]);
    // A large quote at list price is no discount: a manager may clear it.
    expect(large.approverRole).toBe('manager');
    expect(checkDeal(battery(5995, 2), SEED_PRICE_BOOK, byValue, 'sales_rep').needsApproval).toBe(
      false,
    );
  });

  it('asks approval for edited price texts, and nothing when prices are not shown', () => {
    const edited: ProductSelection = {
      ...battery(5995),
      customPricing: { battery_backup: { total: '$1.00' } },
    };
    expect(checkDeal(edited, SEED_PRICE_BOOK, DEFAULT_DEAL_DESK, 'sales_rep').findings).toEqual([
      expect.objectContaining({ reason: 'edited_price' }),
    ]);
    const hidden = { ...battery(1), includePricing: false };
    expect(checkDeal(hidden, SEED_PRICE_BOOK, DEFAULT_DEAL_DESK, 'sales_rep').needsApproval).toBe(
      false,
    );
  });
});

describe('mayApprove', () => {
  it('lets managers and admins decide a rep’s deck, only admins a manager’s, nobody their own', () => {
    const repDeck = { ownerId: 'rep', approverRole: 'manager' as const };
    const managerDeck = { ownerId: 'manager', approverRole: 'admin' as const };
    expect(mayApprove({ id: 'manager', role: 'manager' }, repDeck)).toBe(true);
    expect(mayApprove({ id: 'admin', role: 'admin' }, repDeck)).toBe(true);
    expect(mayApprove({ id: 'other', role: 'sales_rep' }, repDeck)).toBe(false);
    expect(mayApprove({ id: 'other', role: 'manager' }, managerDeck)).toBe(false);
    expect(mayApprove({ id: 'admin', role: 'admin' }, managerDeck)).toBe(true);
    expect(mayApprove({ id: 'manager', role: 'admin' }, managerDeck)).toBe(false);
  });

  it('refuses whoever set the prices or asked, whatever their role, and says why', () => {
    const repDeck = {
      ownerId: 'rep',
      approverRole: 'manager' as const,
      pricedBy: ['rep', 'morgan'],
      requestedBy: 'morgan',
    };
    expect(decisionRefusal({ id: 'rep', role: 'sales_rep' }, repDeck)).toBe('own_deck');
    expect(decisionRefusal({ id: 'morgan', role: 'manager' }, repDeck)).toBe('own_prices');
    expect(decisionRefusal({ id: 'ada', role: 'admin' }, { ...repDeck, pricedBy: ['ada'] })).toBe(
      'own_prices',
    );
    expect(
      decisionRefusal({ id: 'max', role: 'manager' }, { ...repDeck, requestedBy: 'max' }),
    ).toBe('own_request');
    expect(decisionRefusal({ id: 'max', role: 'manager' }, repDeck)).toBeNull();
    expect(
      decisionRefusal({ id: 'max', role: 'manager' }, { ...repDeck, approverRole: 'admin' }),
    ).toBe('needs_admin');
    expect(
      decisionRefusal({ id: 'ada', role: 'admin' }, { ...repDeck, approverRole: 'admin' }),
    ).toBeNull();
  });
});

describe('samePricedFigures', () => {
  const base: ProductSelection = {
    selectedProducts: [
      { id: 'battery_backup', quantity: 2, customPricing: 3597 },
      { id: 'controller', quantity: 1, customPricing: 199 },
    ],
    includePricing: true,
    customPricing: { controller: { qty: '1 unit' } },
  };

  it('holds for the same prices in another order', () => {
    const reordered = { ...base, selectedProducts: [...base.selectedProducts].reverse() };
    expect(samePricedFigures(base, reordered)).toBe(true);
    expect(samePricedFigures(base, structuredClone(base))).toBe(true);
  });

  it('fails for a changed price, quantity, product, edited text or pricing shown', () => {
    const changed = (selectedProducts: ProductSelection['selectedProducts']) => ({
      ...base,
      selectedProducts,
    });
    const [battery, controller] = base.selectedProducts as [
      ProductSelection['selectedProducts'][number],
      ProductSelection['selectedProducts'][number],
    ];
    expect(
      samePricedFigures(base, changed([{ ...battery, customPricing: 3600 }, controller])),
    ).toBe(false);
    expect(samePricedFigures(base, changed([{ ...battery, quantity: 3 }, controller]))).toBe(false);
    expect(samePricedFigures(base, changed([battery]))).toBe(false);
    expect(samePricedFigures(base, changed([battery, { ...controller, id: 'bms' }]))).toBe(false);
    expect(
      samePricedFigures(base, { ...base, customPricing: { controller: { qty: '2 units' } } }),
    ).toBe(false);
    expect(samePricedFigures(base, { ...base, customPricing: {} })).toBe(false);
    expect(samePricedFigures(base, { ...base, includePricing: false })).toBe(false);
  });
});

describe('checkDeal in the deck’s currency (issue 50)', () => {
  const yenBook = priceBookForMarket(SEED_PRICE_BOOK, findMarket(SEED_MARKETS, 'JP')!, [
    ...SEED_PRICE_LISTS,
  ]).book;
  const inYen = { currency: 'JPY', dollarBook: SEED_PRICE_BOOK };

  it('measures discounts from the yen list price and writes yen', () => {
    // Battery Backup lists at ¥899,300 (US$5,995 × 150, to the hundred): ¥719,440 is 20% off.
    const check = checkDeal(battery(719_440), yenBook, DEFAULT_DEAL_DESK, 'sales_rep', inYen);
    expect(check).toMatchObject({ needsApproval: true, currency: 'JPY' });
    expect(check.findings[0]).toMatchObject({ discountPercent: 20, listPrice: 899_300 });
    expect(check.findings[0]!.message).toContain('(¥899,300)');
    expect(check.listTotalCents).toBe(899_300 * 2 * 100);
    expect(
      checkDeal(battery(800_000), yenBook, DEFAULT_DEAL_DESK, 'sales_rep', inYen).needsApproval,
    ).toBe(false);
  });

  it('converts a dollar floor and value limit by the list prices’ ratio', () => {
    const settings = withSettings({
      products: { battery_backup: { floorPrice: 5500, maxDiscountPercent: {} } },
      deck: { maxTotalDiscountPercent: null, maxTotalValue: 20_000 },
    });
    // $5,500 at ¥899,300 / $5,995 is ¥825,046 (whole yen).
    const under = checkDeal(battery(820_000, 1), yenBook, settings, 'manager', inYen);
    expect(under.findings[0]!.message).toBe(
      '¥820,000 is below the floor price of ¥825,046 for Battery Backup.',
    );
    expect(checkDeal(battery(830_000, 1), yenBook, settings, 'manager', inYen).findings).toEqual(
      [],
    );
    // $20,000 is ¥3,000,167: four at list are over it, two are not.
    const large = checkDeal(battery(899_300, 4), yenBook, settings, 'manager', inYen);
    expect(large.deckFindings[0]!.message).toContain('over ¥3,000,167');
    expect(
      checkDeal(battery(899_300, 2), yenBook, settings, 'manager', inYen).deckFindings,
    ).toEqual([]);
  });
});
