// `@deck-portal/domain/pricing`: the price book's shape, the pricing math, the default slide rule and
// the client's headline, with no zod in their imports, for the deck engine's worker threads.
export * from './price-book.ts';
export * from './locale.ts';
export * from './money.ts';
export * from './pricing.ts';
export * from './deck-pricing.ts';
export * from './quote-summary.ts';
export * from './default-slide-selection.ts';
export * from './client-headline.ts';
export * from '../sentence.ts';
