// The editable link's rows of bench/RESULTS.md (issue 49): opening the online editor, each change
// previewed, saving a version, an edited PowerPoint file brought back. `npm run bench` writes
// them with the rest; `node --import tsx bench/deck-editor-section.ts` runs only this bench and
// rewrites only its section.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const here = fileURLToPath(new URL('.', import.meta.url));
const START = '<!-- deck-editor:start -->';
const END = '<!-- deck-editor:end -->';

type Stages = Record<string, { median: number; seen: number }>;
type Summary = { n: number; median: number; p95: number; max: number };
/** What apps/server/bench/deck-editor.ts prints. */
export type DeckEditorFigures = {
  load: { start: number; end: number };
  renderThreads: number;
  slides: number;
  librarySlides: number;
  pricingSlides: number;
  firstOpenInProcess: number;
  open: Summary;
  reopen: Summary;
  openImport: Summary;
  preview: Summary;
  libraryPreview: Summary | null;
  libraryPreviewRefused: string | null;
  save: Summary;
  modify: Summary;
  /** Each generation stage's median time first seen, from the request that queued it. */
  saveStages: Stages;
  modifyStages: Stages;
  upload: Summary;
  uploadRead: Summary;
  uploadImport: Summary;
};

const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');
const ms = (value: number) => `${value.toLocaleString('en-US')} ms`;
const ratio = (a: number, b: number) => (a / b).toFixed(2);
const stages = (seen: Stages, runs: number) =>
  Object.entries(seen)
    .map(
      ([stage, { median, seen: n }]) =>
        `${stage} ${ms(median)}${n < runs ? ` (seen in ${n} of ${runs})` : ''}`,
    )
    .join(', ');
const row = (label: string, s: Summary) =>
  `| ${label} (${s.n}) | ${ms(s.median)} | ${ms(s.p95)} | ${ms(s.max)} |`;

/** The section for `figures`, markers included. */
export function formatDeckEditorSection(f: DeckEditorFigures): string {
  const previewBaseline = f.libraryPreview
    ? `${ms(f.libraryPreview.median)} | ${ratio(f.preview.median, f.libraryPreview.median)}`
    : `refused (${f.libraryPreviewRefused ?? 'no sample'}) | `;
  const body = `## The editable link: the online editor and an edited PowerPoint brought back

\`apps/server/bench/deck-editor.ts\`: the real server in one process, built as \`npm start\` builds it (the embedded database in a data directory, local files, the engine's worker pool of ${f.renderThreads} thread${f.renderThreads === 1 ? '' : 's'}, jobs in process), called with \`inject\`; a rep's priced deck of ${f.slides} slides (${f.librarySlides} of the seeded library's slides and ${f.pricingSlides} pricing slides). Each path ran once first on another deck, not counted (the process's first opening took ${ms(f.firstOpenInProcess)}). A caller waiting for a job asks again every 20 ms. The library importer of the baselines reads files with the engine only (\`OFFICE_RENDERER=off\`), as an edited file is read. 1-minute load average ${f.load.start} at the start, ${f.load.end} at the end.

| measure (samples) | median | p95 | max |
|---|---|---|---|
${row('opening the editor: `GET /api/decks/:id/editor` reading the version’s file back (the deck’s first opening, again after the draft was discarded, and after each Modify → Generate)', f.open)}
${row('reopening the editor, the draft kept', f.reopen)}
${row('baseline: the library importer reading the same file (`POST /api/library/imports` until read)', f.openImport)}
${row('each change previewed: `POST …/editor/preview` of one slide with one word changed', f.preview)}
${f.libraryPreview ? `${row('baseline: the content editor’s preview of the same slide (`POST /api/library/preview`)', f.libraryPreview)}\n` : ''}${row('save → the new version ready: `PUT …/editor`, `POST …/editor/versions`, until `GET …/generation` has it', f.save)}
${row('baseline: Modify → Generate of the same deck (`POST /api/decks/:id/versions`, title changed)', f.modify)}
${row('an edited PowerPoint becomes a version: `POST …/edited-files` (the deck’s own file, one word changed), read, `POST …/versions {figures: quote}` until made', f.upload)}
${row('of which the file read and compared (upload to ready)', f.uploadRead)}
${row('baseline: the library importer reading the same file', f.uploadImport)}

| figure | this bench | baseline | ratio | target (issue 49) |
|---|---|---|---|---|
| opening, median | ${ms(f.open.median)} | library import ${ms(f.openImport.median)} | ${ratio(f.open.median, f.openImport.median)} | ≤ 1.5 s (${verdict(f.open.median <= 1_500)}; slowest ${ms(f.open.max)}) |
| each change previewed, median | ${ms(f.preview.median)} | ${previewBaseline} | ≤ 100 ms (${verdict(f.preview.median <= 100)}; p95 ${ms(f.preview.p95)}) |
| save → version ready, p50 | ${ms(f.save.median)} | Modify → Generate ${ms(f.modify.median)} | ${ratio(f.save.median, f.modify.median)} | ≤ 2 s (${verdict(f.save.median <= 2_000)}) |
| edited PowerPoint → version, median | ${ms(f.upload.median)} | | | ≤ 5 s (${verdict(f.upload.median <= 5_000)}; slowest ${ms(f.upload.max)}) |
| of which the file read, median | ${ms(f.uploadRead.median)} | library import ${ms(f.uploadImport.median)} | ${ratio(f.uploadRead.median, f.uploadImport.median)} | |

Where a save's time goes: each stage of the version's generation as the caller polling every 20 ms first saw it, median from the first request (a short stage is not always seen); saved online: ${stages(f.saveStages, f.save.n)}, completed ${ms(f.save.median)}; Modify → Generate: ${stages(f.modifyStages, f.modify.n)}, completed ${ms(f.modify.median)}.`;
  return `${START}\n${body}\n${END}`;
}

/** Runs the bench in a process of its own and answers its section. */
export async function deckEditorSection(): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', `${here}../apps/server/bench/deck-editor.ts`],
    { cwd: here, maxBuffer: 16 * 1024 * 1024 },
  );
  const figures = JSON.parse(stdout.trim().split('\n').at(-1)!) as DeckEditorFigures;
  console.log('deck editor', figures);
  return formatDeckEditorSection(figures);
}

/** The document with this section replaced by `section`, or put before the server's hardening. */
export function replaceDeckEditorSection(document: string, section: string): string {
  const start = document.indexOf(START);
  const end = document.indexOf(END, start);
  if (start !== -1 && end !== -1) {
    return document.slice(0, start) + section + document.slice(end + END.length);
  }
  // Where bench/run.ts writes it: after the main report, before the hardening and fidelity rows.
  for (const marker of ['<!-- server-hardening:start -->', '<!-- pptx-fidelity:start -->']) {
    const at = document.indexOf(marker);
    if (at !== -1) return `${document.slice(0, at)}${section}\n\n${document.slice(at)}`;
  }
  return `${document.trimEnd()}\n\n${section}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  const section = await deckEditorSection();
  const file = `${here}RESULTS.md`;
  const document = existsSync(file) ? readFileSync(file, 'utf8') : '';
  writeFileSync(file, replaceDeckEditorSection(document, section));
  console.log(section);
}
