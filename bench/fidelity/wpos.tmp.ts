import { readFile } from 'node:fs/promises';
import { openPdf } from './pdf-pages.ts';
const [file, slide, pattern, dir = '/tmp/fid0'] = process.argv.slice(2);
const re = new RegExp(pattern!);
for (const side of ['reference', 'ours']) {
  const pdf = await openPdf(await readFile(side === 'reference' ? `${dir}/reference/${file}.pdf` : `${dir}/ours/${file}/deck.pdf`));
  const words = (await pdf.words(Number(slide))).filter((w) => re.test(w.text));
  console.log(side, words.map((w) => `${w.text}@${w.x.toFixed(1)},${w.y.toFixed(1)} s${w.size.toFixed(1)}`).join(' | '));
}
