// `npm run pptx:fidelity -- DIR [DIR…] [--ours=importer|reference] [--no-gate] [--no-office]
// [--floor=TEXT,SSIM] [--json FILE] [--results FILE] [--out DIR] [--jobs N]`: how faithfully our
// importer and engine draw each .pptx in the folders given, against LibreOffice's PDF of it. Our side imports
// as the portal does with the office renderer (what the engine does not draw as pictures of
// themselves); `--no-office` scores the importer alone. Prints a table per slide, per file and
// in total, writes its section of bench/RESULTS.md, and exits 1 when the goal is missed (with
// `--floor`, when the medians fall below it or a slide is under 0.6 unexplained).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { convertWithLibreOffice } from './convert-reference.ts';
import {
  formatConsoleReport,
  formatResultsSection,
  gateFailures,
  summarise,
  type FileResult,
} from './fidelity-summary.ts';
import { importWithOurEngine, type OurDeck } from './import-ours.ts';
import { replaceFidelitySection } from './results-section.ts';
import { scoreDeck } from './score-deck.ts';

const usage =
  'usage: npm run pptx:fidelity -- DIR [DIR…] [--ours=importer|reference] [--no-gate] [--no-office] [--floor=TEXT,SSIM] [--json FILE] [--results FILE] [--out DIR] [--jobs N]';
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
// npm runs scripts from the root; paths given on the command line are the caller's.
const callerDir = process.env.INIT_CWD ?? process.cwd();

/** Runs at most `limit` tasks at once; LibreOffice's one call takes a slot like an import. */
function createLimiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((wake) => waiting.push(wake));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      ours: { type: 'string', default: 'importer' },
      'no-gate': { type: 'boolean', default: false },
      'no-office': { type: 'boolean', default: false },
      floor: { type: 'string' },
      json: { type: 'string' },
      results: { type: 'string' },
      out: { type: 'string' },
      jobs: { type: 'string', default: '2' },
    },
  });
  const dirArgs = positionals;
  const jobs = Number(values.jobs);
  const floor = values.floor?.split(',').map(Number);
  const isFloorValid =
    floor === undefined || (floor.length === 2 && floor.every((v) => v >= 0 && v <= 1));
  if (
    dirArgs.length === 0 ||
    !['importer', 'reference'].includes(values.ours) ||
    !(jobs >= 1) ||
    !isFloorValid
  ) {
    console.error(usage);
    return 2;
  }
  const isSanityRun = values.ours === 'reference';
  const dirs = dirArgs.map((dirArg) => resolve(callerDir, dirArg));
  const files = dirs.flatMap((dir) =>
    readdirSync(dir)
      .filter((name) => name.toLowerCase().endsWith('.pptx') && !name.startsWith('~$'))
      .sort()
      .map((name) => join(dir, name)),
  );
  if (files.length === 0) {
    console.error(`no .pptx files in ${dirs.join(', ')}`);
    return 2;
  }
  // Files are known by their names (in the report, the reference's PDFs, the divergences).
  const names = files.map((file) => basename(file));
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice) {
    console.error(`${twice} is in two of the folders: rename one`);
    return 2;
  }

  const workDir = values.out
    ? resolve(callerDir, values.out)
    : mkdtempSync(join(tmpdir(), 'pptx-fidelity-'));
  mkdirSync(workDir, { recursive: true });
  const profileDir = mkdtempSync(join(tmpdir(), 'pptx-fidelity-profile-'));
  const started = performance.now();
  try {
    const limit = createLimiter(jobs);
    console.error(
      `${files.length} files; LibreOffice and ${isSanityRun ? 'nothing else (--ours=reference: the reference on both sides)' : 'our importer'}, ${jobs} at a time…`,
    );
    const referenceRun = limit(() =>
      convertWithLibreOffice({ files, outDir: join(workDir, 'reference'), profileDir }),
    );
    const oursStarted = performance.now();
    let oursMs = 0;
    const ourRuns: Promise<OurDeck>[] = isSanityRun
      ? []
      : files.map(async (file) => {
          const deck = await limit(() =>
            importWithOurEngine({
              file,
              outDir: join(workDir, 'ours', basename(file, '.pptx')),
              repoRoot,
              ...(values['no-office'] ? {} : { office: process.env.SOFFICE ?? 'soffice' }),
            }),
          );
          oursMs = Math.max(oursMs, performance.now() - oursStarted);
          return deck;
        });
    // Each file is scored as soon as both its PDFs are there, one at a time in this process,
    // while the remaining imports run.
    const scoreOne = createLimiter(1);
    let scoringMs = 0;
    const results: FileResult[] = await Promise.all(
      files.map(async (file, i): Promise<FileResult> => {
        const name = basename(file);
        const reference = await referenceRun;
        const referencePdf = reference.pdfs.get(file);
        const ourDeck: OurDeck = isSanityRun
          ? { ok: true, pdf: referencePdf ?? '', slides: [], ms: 0 }
          : await ourRuns[i]!;
        if (!referencePdf) {
          const why = reference.failures.get(file) ?? 'no reference PDF';
          return { file: name, slides: [], problems: [`no reference: ${why}`] };
        }
        // A file of masters and layouts alone has nothing to import (LibreOffice still prints
        // an empty page for it): it is noted, not scored.
        if (!ourDeck.ok && ourDeck.reason.endsWith('has no slides')) {
          return { file: name, slides: [], problems: [], note: 'no slides to import: not scored' };
        }
        return scoreOne(async () => {
          const scoringStarted = performance.now();
          const scored = await scoreDeck({
            reference: readFileSync(referencePdf),
            ours: ourDeck.ok ? readFileSync(ourDeck.pdf) : null,
            report: ourDeck.ok ? ourDeck.slides : [],
          });
          scoringMs += performance.now() - scoringStarted;
          const problems = ourDeck.ok ? [] : [ourDeck.reason];
          if (ourDeck.ok && scored.ourPageCount !== scored.referencePageCount) {
            problems.push(
              `${scored.ourPageCount} pages of ours, ${scored.referencePageCount} in the reference`,
            );
          }
          console.error(`scored ${name} (${scored.slides.length} slides)`);
          return { file: name, slides: scored.slides, problems };
        });
      }),
    );
    const referenceMs = (await referenceRun).ms;

    const summary = summarise(results);
    const timings = [
      `LibreOffice converted ${files.length} files in ${seconds(referenceMs)} (one call)`,
      isSanityRun
        ? 'our side was the reference itself (--ours=reference)'
        : `our importer took ${seconds(oursMs)} (${jobs} at a time, beside LibreOffice)`,
      `scoring took ${seconds(scoringMs)} (beside the imports), the whole run ${seconds(performance.now() - started)}`,
    ].join('; ');
    console.log(formatConsoleReport(results, summary));
    console.log(`\n${timings}`);

    if (values.json) {
      const jsonPath = resolve(callerDir, values.json);
      writeFileSync(
        jsonPath,
        `${JSON.stringify({ date: new Date().toISOString(), dirs, ours: values.ours, summary, files: results }, null, 2)}\n`,
      );
      console.log(`per-slide results written to ${jsonPath}`);
    }
    // A sanity run measures the pipeline, not the importer: it leaves RESULTS.md alone unless told.
    if (!isSanityRun || values.results) {
      const resultsPath = values.results
        ? resolve(callerDir, values.results)
        : join(repoRoot, 'bench/RESULTS.md');
      let document = '';
      try {
        document = readFileSync(resultsPath, 'utf8');
      } catch {
        // A new file gets the section alone.
      }
      const section = formatResultsSection(summary, {
        date: new Date().toISOString().slice(0, 10),
        corpus: dirArgs.join(' '),
        timings: `${timings}.`,
        withOffice: !isSanityRun && !values['no-office'],
      });
      writeFileSync(resultsPath, replaceFidelitySection(document, section));
      console.log(`summary written to ${resultsPath}`);
    }
    if (values.out) console.log(`PDFs kept in ${workDir}`);
    const failures = gateFailures(summary, floor as [number, number] | undefined);
    for (const failure of failures) console.error(failure);
    // A run without a floor may be told not to gate (a look at the figures); a file not
    // compared whole always fails.
    if (summary.failedFiles.length > 0) return 1;
    if (failures.length > 0 && (floor || !values['no-gate'])) return 1;
    return 0;
  } finally {
    rmSync(profileDir, { recursive: true, force: true });
    if (!values.out) rmSync(workDir, { recursive: true, force: true });
  }
}

// Exit through 'exit' handlers on Ctrl-C, so LibreOffice (in its own process group) goes too.
process.once('SIGINT', () => process.exit(130));
try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  // Imports may still be running: exit now, through the 'exit' handlers.
  process.exit(2);
}
