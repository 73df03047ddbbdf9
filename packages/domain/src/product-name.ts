// `@deck-portal/domain/product-name`: with no zod in its imports, for the client's page too.

/** What the portal calls itself when its installation names it nothing else (PRODUCT_NAME). */
export const defaultProductName = 'Deck Portal';
