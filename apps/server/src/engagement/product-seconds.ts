import { generalProductId, type ProductSeconds, type SlideProducts } from '@deck-portal/domain';

/** Where the time on slides about no product goes, and what it is called. */
export { generalProductId };
export const generalProductName = 'General';

/**
 * A visit's seconds per product: each slide's seconds split by its shares in the version the
 * client saw (slide n is `slideProducts[n - 1]`; a slide with no entry, or an empty one, goes to
 * General), summed per product, most seconds first. The products' seconds add up to the slides'
 * seconds: sums are kept exact and rounded to tenths of a second at the end only, the rounding
 * given out so that the rounded parts still add up to the rounded total.
 */
export function productSeconds(
  slideSeconds: readonly { slide: number; seconds: number }[],
  slideProducts: SlideProducts,
  productName: (productId: string) => string,
): ProductSeconds[] {
  const exact = new Map<string, number>();
  const add = (productId: string, seconds: number) =>
    exact.set(productId, (exact.get(productId) ?? 0) + seconds);

  for (const { slide, seconds } of slideSeconds) {
    if (!Number.isFinite(seconds) || seconds <= 0) continue;
    const shares = (slideProducts[slide - 1] ?? []).filter(
      (entry) => Number.isFinite(entry.share) && entry.share > 0,
    );
    const sharesTotal = shares.reduce((sum, entry) => sum + entry.share, 0);
    if (sharesTotal <= 0) {
      add(generalProductId, seconds);
      continue;
    }
    // Shares of a slide add up to 1; should they not, the slide's time is still given out whole.
    for (const entry of shares) add(entry.productId, (seconds * entry.share) / sharesTotal);
  }

  const tenths = roundedTenths([...exact.entries()]);
  return tenths
    .map(([productId, count]) => ({
      productId,
      name: productId === generalProductId ? generalProductName : productName(productId),
      seconds: count / 10,
    }))
    .sort((a, b) => b.seconds - a.seconds || a.name.localeCompare(b.name));
}

/**
 * Rounds each part to whole tenths so that the parts add up to the total rounded to tenths:
 * every part is rounded down, and the tenths left over go to the parts that lost the most.
 */
function roundedTenths(parts: [string, number][]): [string, number][] {
  const total = Math.round(parts.reduce((sum, [, seconds]) => sum + seconds, 0) * 10);
  const floored = parts.map(([key, seconds]) => {
    const scaled = seconds * 10;
    // A part a float's hair below a whole tenth (0.30000000000000004 × 10) is that tenth.
    const down = Math.floor(scaled + 1e-9);
    return { key, down, lost: scaled - down };
  });
  let left = total - floored.reduce((sum, part) => sum + part.down, 0);
  const byLoss = [...floored].sort((a, b) => b.lost - a.lost || a.key.localeCompare(b.key));
  for (const part of byLoss) {
    if (left <= 0) break;
    part.down += 1;
    left -= 1;
  }
  return floored.map((part) => [part.key, part.down]);
}
