import { describe, expect, it } from 'vitest';
import { templateElementSchema } from './elements.ts';

describe('colours', () => {
  it('refuses colours that are neither #RRGGBB, a brand colour nor category', () => {
    for (const fill of ['red', '#12345', 'brand.pink', 'rgb(0,0,0)']) {
      const parsed = templateElementSchema.safeParse({
        kind: 'rect',
        x: 0,
        y: 0,
        w: 1,
        h: 1,
        fill,
      });
      expect(parsed.success, fill).toBe(false);
    }
  });
});
