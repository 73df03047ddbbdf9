// What the warm bench runs, engine and baseline: engine-warm.ts builds this file as the server
// is built (`loadWarmEngine`) and loads the build, so the warm rows time the code a server runs.
export { buildDeck, createTemplateLibrary, generateDeck } from '@deck-portal/deck-engine';
export { baselineRender } from './baseline.ts';
