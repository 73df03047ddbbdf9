import { describe, expect, it } from 'vitest';
import { isShownInMarket } from './conditions.ts';
import { layout, problems } from './test-layout.ts';

describe('conditions', () => {
  it('refuses an unknown filter and an unknown condition path', () => {
    const bad = structuredClone(layout);
    bad.heading = '{{client.name | shout}}';
    bad.elements[2]!.when = { filled: 'client.secret' };
    expect(problems(bad)).toEqual([
      'heading: "shout" is not a filter this format knows',
      'elements.2.when.filled: is not a binding this format knows',
    ]);
  });

  it('shows what is limited to markets in those markets, and what excepts some everywhere else', () => {
    expect(isShownInMarket({ markets: ['US'] }, 'US')).toBe(true);
    expect(isShownInMarket({ markets: ['US'] }, 'JP')).toBe(false);
    expect(isShownInMarket({ exceptMarkets: ['US'] }, 'US')).toBe(false);
    // A market added later sees what stands in for the US-only content.
    expect(isShownInMarket({ exceptMarkets: ['US'] }, 'CH')).toBe(true);
    expect(isShownInMarket({ filled: 'contact.name' }, 'JP')).toBe(true);
    const bad = structuredClone(layout);
    (bad.elements[2] as { when?: unknown }).when = { exceptMarkets: ['usa'] };
    expect(problems(bad)).toEqual([
      'elements.2.when.exceptMarkets.0: a market is an ISO 3166 country code such as "US"',
    ]);
  });
});
