// The one entry point of @deck-portal/domain: pure schemas, constants and rules shared by
// the web app, the server and the deck engine.
export * from './errors.ts';
