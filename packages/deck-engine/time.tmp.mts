import { buildDeck } from './src/build-deck.ts';
import { createTemplateLibrary } from './src/library/template-library.ts';
import { benchDraft } from '../../bench/bench-deck.ts';
const library = createTemplateLibrary();
const draft = benchDraft();
for (let i = 0; i < 5; i++) buildDeck(draft, library);
const times: number[] = [];
for (let i = 0; i < 40; i++) { const t = performance.now(); buildDeck(draft, library); times.push(performance.now() - t); }
times.sort((a, b) => a - b);
console.log('layout median ms', times[20]!.toFixed(2), 'p10', times[4]!.toFixed(2));
