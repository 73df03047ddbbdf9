import { describe, expect, it } from 'vitest';
import { productSeconds } from './product-seconds.ts';

const names: Record<string, string> = { battery: 'Battery Backup', solar: 'Solar Roof' };
const productName = (productId: string) => names[productId] ?? productId;

describe('productSeconds', () => {
  it('gives a slide about one product all its seconds and sums them per product', () => {
    const result = productSeconds(
      [
        { slide: 1, seconds: 20 },
        { slide: 2, seconds: 30 },
        { slide: 3, seconds: 12 },
      ],
      [
        [{ productId: 'battery', share: 1 }],
        [{ productId: 'battery', share: 1 }],
        [{ productId: 'solar', share: 1 }],
      ],
      productName,
    );
    expect(result).toEqual([
      { productId: 'battery', name: 'Battery Backup', seconds: 50 },
      { productId: 'solar', name: 'Solar Roof', seconds: 12 },
    ]);
  });

  it('splits a shared slide by its shares', () => {
    const result = productSeconds(
      [{ slide: 1, seconds: 40 }],
      [
        [
          { productId: 'battery', share: 0.75 },
          { productId: 'solar', share: 0.25 },
        ],
      ],
      productName,
    );
    expect(result).toEqual([
      { productId: 'battery', name: 'Battery Backup', seconds: 30 },
      { productId: 'solar', name: 'Solar Roof', seconds: 10 },
    ]);
  });

  it('gives slides with no entry, or an empty one, to General', () => {
    const result = productSeconds(
      [
        { slide: 1, seconds: 5 },
        { slide: 2, seconds: 7 },
        { slide: 3, seconds: 3 },
      ],
      [[], [{ productId: 'solar', share: 1 }]],
      productName,
    );
    expect(result).toEqual([
      { productId: 'general', name: 'General', seconds: 8 },
      { productId: 'solar', name: 'Solar Roof', seconds: 7 },
    ]);
  });

  it('counts everything as General for a version kept before products were recorded', () => {
    expect(productSeconds([{ slide: 2, seconds: 9.5 }], [], productName)).toEqual([
      { productId: 'general', name: 'General', seconds: 9.5 },
    ]);
  });

  it('keeps the products adding up to the slides, rounded to tenths at the end only', () => {
    const thirds = [
      { productId: 'battery', share: 1 / 3 },
      { productId: 'solar', share: 1 / 3 },
      { productId: 'inverter', share: 1 / 3 },
    ];
    const slides = [
      { slide: 1, seconds: 10 },
      { slide: 2, seconds: 0.35 },
      { slide: 3, seconds: 4.44 },
    ];
    const result = productSeconds(
      slides,
      [thirds, thirds, [{ productId: 'battery', share: 1 }]],
      productName,
    );
    const tenths = result.map((product) => product.seconds * 10);
    for (const count of tenths) expect(count).toBeCloseTo(Math.round(count), 9);
    // 14.79 s on the slides: 14.8 s over the products; each rounded on its own (7.9 + 3.5 + 3.5) makes 14.9.
    expect(Math.round(tenths.reduce((sum, count) => sum + count, 0))).toBe(148);
    expect(result[0]).toMatchObject({ productId: 'battery', name: 'Battery Backup' });
    // 10.35 s shared by three is 3.45 s each; the battery adds its own slide's 4.44 s.
    expect(result[0]!.seconds).toBeCloseTo(7.9, 5);
  });

  it('gives a slide its whole time when its shares do not add up to 1', () => {
    const result = productSeconds(
      [{ slide: 1, seconds: 12 }],
      [
        [
          { productId: 'battery', share: 0.5 },
          { productId: 'solar', share: 0.25 },
        ],
      ],
      productName,
    );
    expect(result).toEqual([
      { productId: 'battery', name: 'Battery Backup', seconds: 8 },
      { productId: 'solar', name: 'Solar Roof', seconds: 4 },
    ]);
  });

  it('ignores slides with no time and returns nothing for a visit with none', () => {
    expect(
      productSeconds(
        [{ slide: 1, seconds: 0 }],
        [[{ productId: 'battery', share: 1 }]],
        productName,
      ),
    ).toEqual([]);
    expect(productSeconds([], [], productName)).toEqual([]);
  });
});
