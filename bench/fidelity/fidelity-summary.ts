import { DIVERGENCES, type Divergence } from './divergences.ts';
import type { SlideScore } from './score-deck.ts';

/** The goal: both medians at least this. */
export const GOAL = 0.9;
/** A slide under this on either score, with nothing reported as not imported, needs a look. */
export const LOW_SCORE = 0.6;

export interface FileResult {
  file: string;
  slides: SlideScore[];
  /** What went wrong with the whole file: no reference, no PDF of ours, a page count apart. */
  problems: string[];
  /** Why a file that is fine was not scored (it has no slides to import). */
  note?: string;
}

export interface FileSummary {
  file: string;
  slideCount: number;
  textPlacement: number | null;
  ssim: number | null;
  wordsEqualShare: number | null;
  problems: string[];
}

export interface FidelitySummary {
  files: FileSummary[];
  slideCount: number;
  textPlacement: number | null;
  ssim: number | null;
  wordsEqualShare: number | null;
  /** Files that could not be compared whole: a run with any fails. */
  failedFiles: string[];
  /**
   * Slides under `LOW_SCORE` on either score whose report names nothing not imported (but
   * typefaces drawn in stand-ins) and that are not a listed divergence of the reference: a run
   * with any fails the gate.
   */
  unexplainedLow: { file: string; slide: number }[];
  /** The listed divergences met in this run, with their scores; exempt from the floor. */
  divergent: (Divergence & { textPlacement: number | null; ssim: number; isLow: boolean })[];
  /** Both medians at the goal. */
  isGoalMet: boolean;
  /** Every slide at the goal too: none low with nothing reported, the words of each equal. */
  isEverySlideAtGoal: boolean;
}

export function median(values: readonly (number | null)[]): number | null {
  const sorted = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const share = (slides: readonly SlideScore[]) =>
  slides.length ? slides.filter((s) => s.isWordsEqual).length / slides.length : null;

const isLow = (s: SlideScore) =>
  (s.textPlacement !== null && s.textPlacement < LOW_SCORE) || s.ssim < LOW_SCORE;

/**
 * A slide whose report names something not imported (a chart of a kind not drawn, an effect):
 * a low score is explained by it. A typeface drawn in a stand-in of another shape is not such a
 * thing: the reference sets it in a stand-in of its own, and a slide low for that is a listed
 * divergence or a failure.
 */
const isExplained = (s: SlideScore) => s.unsupported.some((kind) => !kind.startsWith('font'));

export function summarise(
  results: readonly FileResult[],
  divergences: readonly Divergence[] = DIVERGENCES,
): FidelitySummary {
  const all = results.flatMap((result) => result.slides);
  const textPlacement = median(all.map((s) => s.textPlacement));
  const ssim = median(all.map((s) => s.ssim));
  const divergenceOf = (file: string, slide: number) =>
    divergences.find((d) => d.file === file && d.slide === slide);
  const unexplainedLow = results.flatMap((result) =>
    result.slides
      .filter((s) => !isExplained(s) && isLow(s) && !divergenceOf(result.file, s.slide))
      .map((s) => ({ file: result.file, slide: s.slide })),
  );
  const divergent = results.flatMap((result) =>
    result.slides.flatMap((s) => {
      const divergence = divergenceOf(result.file, s.slide);
      return divergence
        ? [{ ...divergence, textPlacement: s.textPlacement, ssim: s.ssim, isLow: isLow(s) }]
        : [];
    }),
  );
  return {
    files: results.map((result) => ({
      file: result.file,
      slideCount: result.slides.length,
      textPlacement: median(result.slides.map((s) => s.textPlacement)),
      ssim: median(result.slides.map((s) => s.ssim)),
      wordsEqualShare: share(result.slides),
      problems: result.note ? [...result.problems, result.note] : result.problems,
    })),
    failedFiles: results.filter((result) => result.problems.length > 0).map((r) => r.file),
    slideCount: all.length,
    textPlacement,
    ssim,
    wordsEqualShare: share(all),
    unexplainedLow,
    divergent,
    isGoalMet: textPlacement !== null && ssim !== null && textPlacement >= GOAL && ssim >= GOAL,
    isEverySlideAtGoal: unexplainedLow.length === 0 && all.every((s) => s.isWordsEqual),
  };
}

const score = (value: number | null) => (value === null ? '–' : value.toFixed(3));
const percent = (value: number | null) => (value === null ? '–' : `${Math.round(value * 100)} %`);

function textTable(header: string[], rows: string[][]) {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function totalLines(summary: FidelitySummary) {
  return [
    `median text placement ${score(summary.textPlacement)} (goal ≥ ${GOAL})`,
    `median SSIM ${score(summary.ssim)} (goal ≥ ${GOAL})`,
    `slides under ${LOW_SCORE} on either score with nothing reported as not imported (but typefaces in stand-ins): ${summary.unexplainedLow.length} (and ${summary.divergent.filter((d) => d.isLow).length} where the reference diverges, listed below)`,
    `slides whose words are equal: ${percent(summary.wordsEqualShare)}`,
    `files not compared whole (see their note): ${summary.failedFiles.length}`,
    `goal for the medians ${summary.isGoalMet ? 'met' : 'missed'}; for every slide ${summary.isEverySlideAtGoal ? 'met' : 'missed'}`,
  ];
}

/** What the run prints: every slide, every file's medians, and the totals. */
export function formatConsoleReport(
  results: readonly FileResult[],
  summary: FidelitySummary,
): string {
  const slideRows = results.flatMap((result) =>
    result.slides.map((s) => [
      result.file,
      String(s.slide),
      score(s.textPlacement),
      score(s.ssim),
      s.isWordsEqual ? 'yes' : 'no',
      s.isMissing ? 'missing on our side' : s.unsupported.join(', '),
    ]),
  );
  const fileRows = summary.files.map((f) => [
    f.file,
    String(f.slideCount),
    score(f.textPlacement),
    score(f.ssim),
    percent(f.wordsEqualShare),
    f.problems.join('; '),
  ]);
  return [
    textTable(['file', 'slide', 'text', 'SSIM', 'words equal', 'not imported'], slideRows),
    '',
    textTable(
      ['file', 'slides', 'text (median)', 'SSIM (median)', 'words equal', 'note'],
      fileRows,
    ),
    '',
    `${summary.slideCount} slides in ${summary.files.length} files`,
    ...totalLines(summary),
    ...divergenceLines(summary),
    ...(summary.unexplainedLow.length > 0
      ? [`under ${LOW_SCORE} with nothing reported as not imported: ${lowList(summary)}`]
      : []),
  ].join('\n');
}

const lowList = (summary: FidelitySummary) =>
  summary.unexplainedLow.map((s) => `${s.file} ${s.slide}`).join(', ');

/** Each listed divergence met, its scores and reason; one no longer low says its entry may go. */
function divergenceLines(summary: FidelitySummary): string[] {
  if (summary.divergent.length === 0) return [];
  return [
    `Where the reference diverges (bench/fidelity/divergences.ts; exempt from the ${LOW_SCORE} floor):`,
    ...summary.divergent.map(
      (d) =>
        `  ${d.file} ${d.slide} (text ${score(d.textPlacement)}, SSIM ${score(d.ssim)}): ${d.reason}${d.isLow ? '' : ` — no longer under ${LOW_SCORE}: its entry may go`}`,
    ),
  ];
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The section of bench/RESULTS.md: how it was measured, each file's medians, the totals. */
export function formatResultsSection(
  summary: FidelitySummary,
  {
    date,
    corpus,
    timings,
    withOffice = false,
  }: { date: string; corpus: string; timings: string; withOffice?: boolean },
): string {
  const imported = withOffice
    ? 'imported as the portal imports it with LibreOffice on the server (charts as charts, SmartArt as the shapes of its drawing; a chart of a kind not drawn, SmartArt saved without its drawing or an embedded object becomes a picture of itself, and the report says so) and drawn by our engine (`deck.pdf`)'
    : 'imported by our engine alone (`deck.pdf`, `--no-office`: what would be a picture is left out)';
  const rows = summary.files.map(
    (f) =>
      `| ${cell(f.file)} | ${f.slideCount} | ${score(f.textPlacement)} | ${score(f.ssim)} | ${percent(f.wordsEqualShare)} | ${cell(f.problems.join('; '))} |`,
  );
  const low = lowList(summary);
  const divergent = divergenceLines(summary);
  return `## PowerPoint import fidelity

Generated by \`npm run pptx:fidelity -- ${corpus}\` (bench/fidelity/run.ts) on ${date}. Each file is ${imported} and converted by LibreOffice (the reference); page i against page i. **Text placement**: the share of the reference's words that ours has, same word, left end and baseline within 2 % of the slide's width (a 4:3 reference placed on our 16:9 slide as the importer places it); – where the reference has no words. **SSIM**: both pages drawn at 640 × 360 in grayscale (ssim.js), over the area the reference covers. **Words equal**: the same words in reading order (a word of ours standing within 0.4 of its size from the same word of the reference is read where the reference has it, so two boxes whose baselines nearly meet are not out of order for a point either way; a bullet's mark is not a word; a word broken after its hyphen is one word, and so is a word with a smaller raised or lowered ending, such as 25th). ${timings}

| file | slides | text placement (median) | SSIM (median) | words equal | note |
|---|---|---|---|---|---|
${rows.join('\n')}

${totalLines(summary)
  .map((line) => `- ${line}`)
  .join('\n')}${
    divergent.length
      ? `\n\n${divergent[0]}\n\n${divergent
          .slice(1)
          .map((line) => `- ${line.trim()}`)
          .join('\n')}`
      : ''
  }${low ? `\n\nUnder ${LOW_SCORE} with nothing reported as not imported (file, slide), a failure of the gate: ${low}.` : ''}
`;
}

/**
 * Why a run fails, empty when it passes. With a floor (CI's regression guard below the goal),
 * the medians must hold it and no slide may be under `LOW_SCORE` unexplained (nothing reported
 * as not imported, not a listed divergence); without one, the whole goal must be met.
 */
export function gateFailures(
  summary: FidelitySummary,
  floor?: readonly [text: number, ssim: number],
): string[] {
  const failures: string[] = [];
  if (summary.failedFiles.length > 0) {
    failures.push(
      `not compared whole: ${summary.failedFiles.join(', ')} (a missing PDF or a page count apart)`,
    );
  }
  if (floor) {
    const [text, ssim] = floor;
    if ((summary.textPlacement ?? 0) < text || (summary.ssim ?? 0) < ssim) {
      failures.push(
        `below the floor: median text placement must stay ≥ ${text} and median SSIM ≥ ${ssim}`,
      );
    }
    if (summary.unexplainedLow.length > 0) {
      failures.push(
        `under ${LOW_SCORE} with nothing reported as not imported and no divergence of the reference listed: ${lowList(summary)}`,
      );
    }
  } else if (!(summary.isGoalMet && summary.isEverySlideAtGoal)) {
    failures.push(
      `goal missed: median text placement and median SSIM must both be ≥ ${GOAL}, no slide under ${LOW_SCORE} with nothing reported, and the words of every slide equal`,
    );
  }
  return failures;
}
