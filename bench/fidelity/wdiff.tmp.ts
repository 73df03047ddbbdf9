import { readFileSync } from 'node:fs';
import { openPdf } from './pdf-pages.ts';
import { inReadingOrder } from './compare-words.ts';
const [dir, name, ...pages] = process.argv.slice(2);
const ref = await openPdf(readFileSync(`${dir}/reference/${name}.pdf`));
const ours = await openPdf(readFileSync(`${dir}/ours/${name}/deck.pdf`));
for (const p of pages) {
  const a = inReadingOrder(await ref.words(Number(p)));
  const b = inReadingOrder(await ours.words(Number(p)));
  let i = 0;
  while (i < Math.min(a.length, b.length) && a[i] === b[i]) i++;
  console.log(`${name} ${p}: ref ${a.length} ours ${b.length}; first diff at ${i}: ref [${a.slice(i, i + 6).join(' | ')}] ours [${b.slice(i, i + 6).join(' | ')}]`);
}
