import {
  findBindings,
  type SlideProductShare,
  type TemplateSlideDocument,
} from '@deck-portal/domain';

/**
 * The products a template slide tells a client about, as its document says (issue 51): its
 * `products` tag, else the products it is offered for (`forProducts`), else the products its
 * texts, pictures and tables name (`{{product.battery_backup.name}}`), else none.
 */
export function documentProducts(
  document: Pick<
    TemplateSlideDocument,
    'products' | 'forProducts' | 'heading' | 'subheading' | 'elements'
  >,
): string[] {
  if (document.products && document.products.length > 0) return unique(document.products);
  if (document.forProducts && document.forProducts.length > 0) return unique(document.forProducts);
  // Every text of the slide at once, its repeats' and tables' included: bindings survive JSON.
  const texts = JSON.stringify([document.heading, document.subheading, document.elements]);
  return unique(
    findBindings(texts).flatMap(({ path }) => {
      const [root, productId, field] = path.split('.');
      return root === 'product' && productId && field ? [productId] : [];
    }),
  );
}

/**
 * What a drawn slide of a deck is about, for the deck's attribution of time to products: a slide
 * drawn once per priced product, that product; the slide drawn once with pricing (the quote
 * summary), the quote's products, one equal share per line; a template slide, its products
 * (`documentProducts`) — only those the deck offers when it offers some of them (an appendix
 * naming every product is about the two the deck sells); a rep's own slide, none.
 */
export type SlideAbout =
  | { kind: 'pricedProduct'; productId: string }
  | { kind: 'quote'; lineProducts: readonly string[] }
  | { kind: 'template'; products: readonly string[] }
  | { kind: 'none' };

/** The shares of a drawn slide's time each product gets (none for a slide about none). */
export function slideProductShares(
  about: SlideAbout,
  deckProducts: readonly string[],
): SlideProductShare[] {
  switch (about.kind) {
    case 'pricedProduct':
      return [{ productId: about.productId, share: 1 }];
    case 'quote':
      return equalShares(about.lineProducts);
    case 'template': {
      const offered = about.products.filter((productId) => deckProducts.includes(productId));
      return equalShares(offered.length > 0 ? offered : about.products);
    }
    case 'none':
      return [];
  }
}

/** One equal share per entry; a product named twice (two quote lines) gets two. */
function equalShares(productIds: readonly string[]): SlideProductShare[] {
  if (productIds.length === 0) return [];
  const counts = new Map<string, number>();
  for (const productId of productIds) counts.set(productId, (counts.get(productId) ?? 0) + 1);
  return [...counts].map(([productId, count]) => ({
    productId,
    share: count / productIds.length,
  }));
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
