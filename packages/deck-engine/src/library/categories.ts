import type { TemplateCategory } from '@deck-portal/domain';

/**
 * SPEC.md §3's categories in master-deck order, each with the colour its kicker and chip use.
 * The name is the library's grouping (editors and reps see it); the label is what a client
 * reads on the slides — the kicker above a slide's title and the agenda's sections.
 */
export const TEMPLATE_CATEGORIES: readonly TemplateCategory[] = [
  { id: 'intro', name: 'Introduction', label: 'Overview', color: '#1FA9C0' },
  { id: 'legal', name: 'Legal', label: 'About this proposal', color: '#6B7A8F' },
  { id: 'company', name: 'Company', label: 'Why Frostline', color: '#2F6FDE' },
  { id: 'market', name: 'Market', label: 'Your challenge', color: '#7C5CDB' },
  { id: 'products', name: 'Products', label: 'The solution', color: '#12A37B' },
  { id: 'strategy', name: 'Strategy', label: 'The plan', color: '#E08E1B' },
  { id: 'sales', name: 'Sales', label: 'Your investment', color: '#E0553A' },
  { id: 'closing', name: 'Closing', label: 'Next steps', color: '#0B2545' },
  { id: 'appendix', name: 'Appendix', label: 'Appendix', color: '#8795A6' },
];

export type CategoryId =
  | 'intro'
  | 'legal'
  | 'company'
  | 'market'
  | 'products'
  | 'strategy'
  | 'sales'
  | 'closing'
  | 'appendix';

/**
 * Categories with the label a client reads filled in. An editor who leaves it empty means the
 * name. One stored before labels existed reads as the built-in label when it is still the
 * built-in category under its built-in name (its grouping name was never meant for a client:
 * "Sales"), else as its name, which an editor chose.
 */
export function withClientLabels(categories: readonly TemplateCategory[]): TemplateCategory[] {
  return categories.map((category) => {
    if (category.label?.trim()) return category;
    const builtIn =
      category.label === undefined
        ? TEMPLATE_CATEGORIES.find((c) => c.id === category.id && c.name === category.name)
        : undefined;
    return { ...category, label: builtIn?.label ?? category.name };
  });
}

/** A category's colour as `RRGGBB`, from the library's categories (the built-in ones by default). */
export function categoryColor(
  id: string,
  categories: readonly TemplateCategory[] = TEMPLATE_CATEGORIES,
): string {
  return (categories.find((c) => c.id === id)?.color ?? '#5A6B80').slice(1);
}

/** The library's grouping name of a category (the studio's and the wizard's word). */
export function categoryName(
  id: string,
  categories: readonly TemplateCategory[] = TEMPLATE_CATEGORIES,
): string {
  return categories.find((c) => c.id === id)?.name ?? id;
}

/** What a client reads for a category on a slide: its label, else its name. */
export function categoryLabel(
  id: string,
  categories: readonly TemplateCategory[] = TEMPLATE_CATEGORIES,
): string {
  const category = categories.find((c) => c.id === id);
  if (!category) return id;
  return category.label?.trim() || withClientLabels([category])[0]!.label!;
}
