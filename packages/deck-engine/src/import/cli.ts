import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { checkFont } from '../layout/check-font.ts';
import { brandTypeface } from '../library/brand.ts';
import { renderImportedSlides } from '../import-presentation.ts';
import { drawWithOffice, importPptx } from './import-pptx.ts';

const usage = 'usage: npm run pptx -- import FILE --out DIR [--office SOFFICE] [--font FONT]';

/**
 * `npm run pptx -- import FILE --out DIR`: imports one PowerPoint file and writes what our
 * engine makes of it — `slide-N.svg` per slide, `deck.pdf`, and `report.json` (per slide: the
 * elements imported by kind, what was not imported and why, the fonts mapped, the fields found).
 * With `--office soffice`, charts, SmartArt and objects become pictures of themselves drawn by
 * LibreOffice, as the portal imports when it has the office renderer. With `--font FONT` (a
 * TrueType, OpenType or WOFF2 file), the file is read as into a library with that brand font.
 */
async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { out: { type: 'string' }, office: { type: 'string' }, font: { type: 'string' } },
  });
  const [command, file] = positionals;
  if (command !== 'import' || !file || !values.out) {
    console.error(usage);
    return 2;
  }
  let houseFont;
  if (values.font) {
    const checked = await checkFont(await readFile(values.font));
    if (!checked.ok) {
      console.error(`${values.font} ${checked.reason}`);
      return 1;
    }
    houseFont = brandTypeface({ font: { regular: 'font' } }, { font: checked.font.bytes });
  }
  const started = performance.now();
  const bytes = await readFile(file);
  const imported = await importPptx(bytes, houseFont ? { houseFont } : {});
  if (!imported.ok) {
    console.error(`${file} ${imported.reason}`);
    return 1;
  }
  if (values.office && imported.slides.some((slide) => slide.leftOut.length > 0)) {
    // As on the server, the office renderer helps where it can and never fails the import.
    await drawWithOffice(bytes, imported, { command: values.office }).catch(() => undefined);
  }
  const readMs = performance.now() - started;
  const rendered = await renderImportedSlides(imported.slides, houseFont);
  const out = values.out;
  await mkdir(out, { recursive: true });
  await Promise.all([
    writeFile(join(out, 'deck.pdf'), rendered.pdf),
    writeFile(join(out, 'deck.pptx'), rendered.pptx),
    ...rendered.svgs.map((svg, i) => writeFile(join(out, `slide-${i + 1}.svg`), svg)),
  ]);
  const report = {
    file,
    slideSize: { width: imported.width, height: imported.height },
    readMs: Math.round(readMs),
    totalMs: Math.round(performance.now() - started),
    slides: imported.slides.map((slide) => ({
      number: slide.number,
      title: slide.document.title,
      hidden: slide.hidden,
      imported: slide.report.imported,
      unsupported: slide.report.notImported,
      fonts: slide.report.fonts,
      fields: slide.fields,
    })),
  };
  await writeFile(join(out, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  const skipped = report.slides.reduce((sum, slide) => sum + slide.unsupported.length, 0);
  console.log(
    `${file}: ${report.slides.length} slides in ${report.totalMs} ms (read ${report.readMs} ms); ${skipped} things not imported as editable elements; written to ${out}`,
  );
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
