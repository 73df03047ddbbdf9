// `@deck-portal/domain/pricing`: the catalogue, the pricing math and the default slide rule,
// with no zod in their imports, for the deck engine's worker threads.
export * from './product-catalogue.ts';
export * from './money.ts';
export * from './pricing.ts';
export * from './deck-pricing.ts';
export * from './default-slide-selection.ts';
