import type { PlannedSlideKey, SlideProducts } from '@deck-portal/domain';

/**
 * The products of an edited version's slides (issue 51): a slide that kept its key is about what
 * it was about in the version it was edited from; a slide added in the editor, or of a version
 * with no plan, is about none (its time counts as General).
 */
export function carriedSlideProducts(
  base: { slidePlan: readonly PlannedSlideKey[] | null; slideProducts: SlideProducts },
  plan: readonly PlannedSlideKey[],
): SlideProducts {
  const byKey = new Map(
    (base.slidePlan ?? []).map((planned, i) => [planned.key, base.slideProducts[i] ?? []]),
  );
  return plan.map(({ key }) => byKey.get(key) ?? []);
}
