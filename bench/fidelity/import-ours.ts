import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';

/** The importer's command line, run from the repository's root. */
export const IMPORTER_CLI = 'packages/deck-engine/src/import/cli.ts';

/** What the importer's report says of one slide: the elements it did not import. */
export interface SlideImportReport {
  number: number;
  unsupported: { kind: string; why: string }[];
}

export type OurDeck =
  | { ok: true; pdf: string; slides: SlideImportReport[]; ms: number }
  | { ok: false; reason: string; ms: number };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * `report.json`'s slides, read leniently: only `number` and `unsupported[].kind`/`why` matter
 * here, and a slide without a number is numbered by its place in the list.
 */
export function readImportReport(json: string): SlideImportReport[] {
  const parsed: unknown = JSON.parse(json);
  const slides = isRecord(parsed) && Array.isArray(parsed.slides) ? parsed.slides : [];
  return slides.map((slide: unknown, i) => {
    const entry = isRecord(slide) ? slide : {};
    const unsupported = Array.isArray(entry.unsupported) ? entry.unsupported : [];
    return {
      number: typeof entry.number === 'number' ? entry.number : i + 1,
      unsupported: unsupported.filter(isRecord).map((item) => ({
        kind: String(item.kind ?? 'unknown'),
        why: String(item.why ?? ''),
      })),
    };
  });
}

/**
 * Our side of one file: `cli.ts import FILE --out DIR` writes `deck.pdf` (a page per slide,
 * in order) and `report.json`. A refusal, a crash or a timeout is a reason, not an exception:
 * the file's slides then score as missing.
 */
export async function importWithOurEngine({
  file,
  outDir,
  repoRoot,
  office,
  timeoutMs = 180_000,
}: {
  file: string;
  outDir: string;
  repoRoot: string;
  /** LibreOffice's command, for charts and objects as pictures of themselves (`--office`). */
  office?: string;
  timeoutMs?: number;
}): Promise<OurDeck> {
  const started = performance.now();
  const ms = () => performance.now() - started;
  if (!existsSync(join(repoRoot, IMPORTER_CLI))) {
    return { ok: false, reason: `${IMPORTER_CLI} does not exist (try --ours=reference)`, ms: 0 };
  }
  try {
    await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        IMPORTER_CLI,
        'import',
        file,
        '--out',
        outDir,
        ...(office ? ['--office', office] : []),
      ],
      { cwd: repoRoot, timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 16 * 1024 * 1024 },
    );
  } catch (error) {
    const failed = error as { killed?: boolean; code?: unknown; stderr?: string };
    // The importer names the file by the path it was given; the results name it by its name.
    const lastLine = failed.stderr?.trim().split('\n').at(-1)?.replaceAll(file, basename(file));
    const reason = failed.killed
      ? `the importer did not finish within ${timeoutMs / 1000} s`
      : `the importer failed (exit code ${String(failed.code)})${lastLine ? `: ${lastLine}` : ''}`;
    return { ok: false, reason, ms: ms() };
  }
  const pdf = join(outDir, 'deck.pdf');
  const report = join(outDir, 'report.json');
  if (!existsSync(pdf)) return { ok: false, reason: 'the importer wrote no deck.pdf', ms: ms() };
  const slides = existsSync(report) ? readImportReport(readFileSync(report, 'utf8')) : [];
  return { ok: true, pdf, slides, ms: ms() };
}
