import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readSync, closeSync, fstatSync, rmSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface ReferenceConversion {
  /** The reference PDF of each file LibreOffice converted. */
  pdfs: Map<string, string>;
  /** Why a file has no reference PDF. */
  failures: Map<string, string>;
  ms: number;
}

// Hidden slides too: the importer draws every slide, so page i is slide i on both sides.
const PDF_FILTER =
  'pdf:impress_pdf_Export:{"ExportHiddenSlides":{"type":"boolean","value":"true"}}';

/** A PDF cut short (soffice killed while writing it) does not end with its `%%EOF` marker. */
function isCompletePdf(path: string) {
  if (!existsSync(path)) return false;
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const tail = Buffer.alloc(Math.min(1024, size));
    readSync(fd, tail, 0, tail.length, size - tail.length);
    return tail.toString('latin1').includes('%%EOF');
  } finally {
    closeSync(fd);
  }
}

interface SofficeRun {
  code: number | null;
  isTimedOut: boolean;
  stderr: string;
}

function runSoffice(command: string, args: string[], timeoutMs: number): Promise<SofficeRun> {
  return new Promise((resolve, reject) => {
    // Its own process group: `soffice` is a launcher, and the converter it starts must go too.
    const child = spawn(command, args, {
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    let isTimedOut = false;
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    let isClosed = false;
    const killGroup = () => {
      if (!child.pid || isClosed) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group has already gone.
      }
    };
    // Out of the terminal's process group, it would outlive an interrupted run.
    process.once('exit', killGroup);
    const timer = setTimeout(() => {
      isTimedOut = true;
      killGroup();
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      process.off('exit', killGroup);
      reject(
        new Error(
          `could not start LibreOffice (${error.message}); install libreoffice-impress or set SOFFICE`,
        ),
      );
    });
    child.on('close', (code) => {
      isClosed = true;
      clearTimeout(timer);
      process.off('exit', killGroup);
      resolve({ code, isTimedOut, stderr });
    });
  });
}

/**
 * The reference: LibreOffice's PDF of each file. One soffice call converts them all (starting
 * it costs more than a small file); if that call hangs past its time, it is killed and each
 * file still without a whole PDF is tried alone, so one bad file is reported, not waited on.
 * Each run has its own LibreOffice profile, so runs side by side do not collide.
 */
export async function convertWithLibreOffice({
  files,
  outDir,
  profileDir,
  perFileTimeoutMs = 60_000,
  command = process.env.SOFFICE ?? 'soffice',
}: {
  files: readonly string[];
  outDir: string;
  profileDir: string;
  perFileTimeoutMs?: number;
  /** LibreOffice's launcher (`SOFFICE` when set); the tests give a stand-in. */
  command?: string;
}): Promise<ReferenceConversion> {
  const started = performance.now();
  mkdirSync(outDir, { recursive: true });
  const pdfOf = (file: string) => join(outDir, `${basename(file, extname(file))}.pdf`);
  const args = (batch: readonly string[]) => [
    `-env:UserInstallation=${pathToFileURL(profileDir).href}`,
    '--headless',
    '--norestore',
    '--convert-to',
    PDF_FILTER,
    '--outdir',
    outDir,
    ...batch,
  ];

  const pdfs = new Map<string, string>();
  const failures = new Map<string, string>();
  const collect = (batch: readonly string[]) => batch.filter((file) => !isCompletePdf(pdfOf(file)));

  if (files.length > 0) {
    // Starting LibreOffice with a fresh profile takes a few seconds of the first allowance.
    await runSoffice(command, args(files), perFileTimeoutMs * (files.length + 1));
    for (const file of collect(files)) {
      rmSync(pdfOf(file), { force: true });
      const alone = await runSoffice(command, args([file]), perFileTimeoutMs);
      if (isCompletePdf(pdfOf(file))) continue;
      rmSync(pdfOf(file), { force: true });
      const lastLine = alone.stderr.trim().split('\n').at(-1) ?? '';
      failures.set(
        file,
        alone.isTimedOut
          ? `LibreOffice did not finish within ${perFileTimeoutMs / 1000} s`
          : `LibreOffice wrote no PDF (exit code ${alone.code}${lastLine ? `: ${lastLine}` : ''})`,
      );
    }
  }
  for (const file of files) if (!failures.has(file)) pdfs.set(file, pdfOf(file));
  return { pdfs, failures, ms: performance.now() - started };
}
