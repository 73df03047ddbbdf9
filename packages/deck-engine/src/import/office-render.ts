import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';

/**
 * The office renderer at import time (issue 17): LibreOffice, when the server has it, draws the
 * uploaded file as it looked in the original, for the editor to compare with our drawing and to
 * show a chart or SmartArt as a picture of itself. It is never on a deck's path.
 */
export interface OfficeRenderer {
  /** The `soffice` program. */
  command: string;
  timeoutMs?: number;
}

/**
 * The file with every relationship to something outside it removed: LibreOffice would fetch a
 * linked picture or object (a URL, a path on the server), which the importer never does.
 */
function withoutExternalLinks(pptx: Uint8Array): Uint8Array {
  const parts = unzipSync(pptx);
  for (const [name, bytes] of Object.entries(parts)) {
    if (!name.endsWith('.rels')) continue;
    const xml = strFromU8(bytes);
    const kept = xml.replace(/<Relationship\b[^>]*TargetMode\s*=\s*["']External["'][^>]*\/>/gi, '');
    if (kept !== xml) parts[name] = strToU8(kept);
  }
  return zipSync(parts);
}

/** Runs LibreOffice, killing it and every process it started when it takes too long. */
function convert(command: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    // Its own process group: `soffice` is a script that starts the real program.
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`soffice ended with ${code ?? 'a signal'}`));
    });
  });
}

/** The file as LibreOffice prints it to PDF; undefined when it cannot (not installed, failed). */
export async function officePdf(
  pptx: Uint8Array,
  { command, timeoutMs = 120_000 }: OfficeRenderer,
): Promise<Uint8Array | undefined> {
  const dir = await mkdtemp(join(tmpdir(), 'deck-portal-office-'));
  try {
    const source = join(dir, 'upload.pptx');
    await writeFile(source, withoutExternalLinks(pptx));
    await convert(
      command,
      [
        '--headless',
        '--norestore',
        // A profile of its own: runs side by side never share LibreOffice's lock.
        `-env:UserInstallation=${pathToFileURL(join(dir, 'profile')).href}`,
        '--convert-to',
        'pdf',
        '--outdir',
        dir,
        source,
      ],
      timeoutMs,
    );
    return new Uint8Array(await readFile(join(dir, 'upload.pdf')));
  } catch {
    return undefined;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Each page of a PDF drawn as a PNG `width` pixels wide (pdf.js on a native canvas). */
export async function pdfPagesAsPng(pdfBytes: Uint8Array, width: number): Promise<Buffer[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const { createCanvas } = await import('@napi-rs/canvas');
  const pdf = await pdfjs.getDocument({ data: pdfBytes, verbosity: 0 }).promise;
  try {
    const pages: Buffer[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
      const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
      const context = canvas.getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      // pdf.js types name the browser's canvas; the native one draws the same calls.
      const params = { canvas, canvasContext: context, viewport };
      await page.render(params as unknown as Parameters<typeof page.render>[0]).promise;
      pages.push(await canvas.encode('png'));
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}
