// The one entry point of @deck-portal/domain: pure schemas, constants and rules shared by
// the web app, the server and the deck engine.
export * from './errors.ts';
export * from './text.ts';
export * from './sentence.ts';
export * from './ids.ts';
export * from './users.ts';
export * from './profile.ts';
export * from './deck/product-catalogue.ts';
export * from './deck/money.ts';
export * from './deck/pricing.ts';
export * from './deck/placeholder-types.ts';
export * from './deck/deck-schemas.ts';
export * from './deck/deck-draft.ts';
export * from './deck/number-entry.ts';
export * from './deck/client-headline.ts';
export * from './deck/presenter.ts';
export * from './deck/draft-changes.ts';
export * from './deck/deck-pricing.ts';
export * from './deck/quote-summary.ts';
export * from './deck/default-slide-selection.ts';
export * from './deck/template-library.ts';
export * from './auth.ts';
export * from './admin.ts';
export * from './deck-api.ts';
export * from './client-links.ts';
export * from './portal-config.ts';
export * from './template-format.ts';
