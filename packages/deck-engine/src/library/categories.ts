import type { TemplateCategory } from '@deck-portal/domain';

/** SPEC.md §3's categories in master-deck order, each with the colour its kicker and chip use. */
export const TEMPLATE_CATEGORIES: readonly TemplateCategory[] = [
  { id: 'intro', name: 'Introduction', color: '#1FA9C0' },
  { id: 'legal', name: 'Legal', color: '#6B7A8F' },
  { id: 'company', name: 'Company', color: '#2F6FDE' },
  { id: 'market', name: 'Market', color: '#7C5CDB' },
  { id: 'products', name: 'Products', color: '#12A37B' },
  { id: 'strategy', name: 'Strategy', color: '#E08E1B' },
  { id: 'sales', name: 'Sales', color: '#E0553A' },
  { id: 'closing', name: 'Closing', color: '#0B2545' },
  { id: 'appendix', name: 'Appendix', color: '#8795A6' },
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

/** A category's colour as `RRGGBB`, from the library's categories (the built-in ones by default). */
export function categoryColor(
  id: string,
  categories: readonly TemplateCategory[] = TEMPLATE_CATEGORIES,
): string {
  return (categories.find((c) => c.id === id)?.color ?? '#5A6B80').slice(1);
}

export function categoryName(
  id: string,
  categories: readonly TemplateCategory[] = TEMPLATE_CATEGORIES,
): string {
  return categories.find((c) => c.id === id)?.name ?? id;
}
