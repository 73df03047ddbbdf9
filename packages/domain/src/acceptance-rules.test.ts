import { describe, expect, it } from 'vitest';
import { chooseOptionalLines, totalProposal } from './acceptance-rules.ts';
import type { ProposalLine } from './deal-desk-api.ts';

const line = (productId: string, amountCents: number, optional = false): ProposalLine => ({
  productId,
  name: productId,
  kind: 'goods',
  quantity: 1,
  unitPriceCents: amountCents,
  amountCents,
  shippingCents: 10_000,
  creditsCents: 0,
  optional,
  included: true,
});

describe('the accept step’s totals', () => {
  it('add a market’s tax on the lines with shipping, as the deck’s quote does', () => {
    const tax = { name: 'Consumption tax', percent: 10, inclusive: false };
    const totals = totalProposal([line('battery', 89_930_000)], { currency: 'JPY', tax });
    // ¥899,300 + ¥100 shipping; 10 % is ¥89,940; yen have no decimals.
    expect(totals.tax).toEqual({ ...tax, cents: 8_994_000 });
    expect(totals.totalCents).toBe(89_940_000 + 8_994_000);
    expect(totals.currency).toBe('JPY');
  });

  it('state an included tax without adding it, and none where the market has none', () => {
    const tax = { name: 'VAT', percent: 20, inclusive: true };
    const included = totalProposal([line('battery', 110_000)], { currency: 'EUR', tax });
    expect(included.totalCents).toBe(120_000);
    expect(included.tax?.cents).toBe(20_000);
    const none = totalProposal([line('battery', 110_000)]);
    expect(none.tax).toBeUndefined();
    expect(none.totalCents).toBe(120_000);
  });

  it('tax only the chosen optional lines', () => {
    const tax = { name: 'VAT', percent: 5, inclusive: false };
    const summary = {
      lines: [line('battery', 100_000), line('logger', 50_000, true)],
      ...totalProposal([], { currency: 'AED', tax }),
    };
    expect(chooseOptionalLines(summary, []).tax?.cents).toBe(5_500);
    expect(chooseOptionalLines(summary, ['logger']).tax?.cents).toBe(8_500);
  });
});
