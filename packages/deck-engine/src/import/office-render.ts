import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readlinkSync, realpathSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { getPriority, setPriority, tmpdir } from 'node:os';
import { delimiter, isAbsolute, join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { backgroundNiceness } from '../worker/background-niceness.ts';
import { keepPackageRelationshipsOnly } from './package-relationships.ts';

/**
 * The office renderer at import time (issue 17): LibreOffice, when the server has it, draws the
 * uploaded file as it looked in the original, for the editor to compare with our drawing and to
 * show a chart or SmartArt as a picture of itself. It is never on a deck's path.
 */
export interface OfficeRenderer {
  /** The `soffice` program. */
  command: string;
  timeoutMs?: number;
  /**
   * The nice value (0-19) LibreOffice runs at, at least: it is background work, and the requests
   * and the database come first. Default `backgroundNiceness` (19); 0 leaves it at that of the
   * thread starting it (a render thread's, itself lowered: deck-renderer.ts).
   */
  niceness?: number;
}

/** For the tests of each defence alone, the other turned off. The product never sets these. */
export interface OfficeDefences {
  /** Rewrite the file's relationships to parts of the package only (default true). */
  sanitise?: boolean;
  /** Run LibreOffice confined when the platform allows (default true). */
  confine?: boolean;
  /** Set LibreOffice's profile to load no link from the document (default true). */
  blockLinks?: boolean;
}

/** A program and its arguments. */
export interface Run {
  command: string;
  args: string[];
  /** The name the program is started under, where it is not `command`'s own. */
  argv0?: string;
}

/**
 * How LibreOffice is confined on this machine: in a bubblewrap sandbox (no network, sees only
 * /usr, its font and own configuration, and the folder of the file it converts), with no
 * network only (`unshare`), or not at all (then the file's links are still removed first).
 */
export type OfficeConfinement = 'bubblewrap' | 'network-only' | 'none';

/** The places under /etc LibreOffice and its fonts need; the rest (and its secrets) stay unseen. */
const etcPaths = ['/etc/fonts', '/etc/libreoffice', '/etc/ld.so.cache', '/etc/alternatives'];

/** The first-level folders a merged-/usr system links into /usr, or that an older one has. */
const rootLinks = ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];

/** `command` as the program it runs: found on the PATH, symbolic links followed. */
function programPath(command: string): string | undefined {
  const candidates = command.includes(sep)
    ? [command]
    : (process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, command));
  for (const candidate of candidates) {
    if (!isAbsolute(candidate)) continue;
    try {
      return realpathSync(candidate);
    } catch {
      // not there
    }
  }
  return undefined;
}

/**
 * The folders of /opt LibreOffice runs from when its own packages installed it there
 * (`/opt/libreoffice7.6`), and that of `command` when it lives under /opt. Never /opt as a
 * whole: an application installed there (this one, its data folder beside it) stays unseen.
 */
export function officeFoldersInOpt(command: string): string[] {
  const folders = new Set<string>();
  try {
    for (const name of readdirSync('/opt')) {
      if (/^libreoffice/i.test(name)) folders.add(join('/opt', name));
    }
  } catch {
    // no /opt
  }
  const program = programPath(command);
  const [, top, name] = program?.split('/') ?? [];
  if (top === 'opt' && name) folders.add(join('/opt', name));
  return [...folders];
}

/** The command line that runs `command` in a bubblewrap sandbox that sees `dir` (exported for tests). */
export function bubblewrap(dir: string, command: string, args: string[]): Run {
  const root = rootLinks.flatMap((path) => {
    if (!existsSync(path)) return [];
    try {
      const link = readlinkSync(path);
      return ['--symlink', link, path];
    } catch {
      return ['--ro-bind', path, path];
    }
  });
  return {
    command: 'bwrap',
    args: [
      // No network, no other process, no way back to the host's namespaces.
      '--unshare-all',
      '--die-with-parent',
      '--cap-drop',
      'ALL',
      '--ro-bind',
      '/usr',
      '/usr',
      ...root,
      ...etcPaths.flatMap((path) => ['--ro-bind-try', path, path]),
      // Where LibreOffice's own packages install it, when it is not the distribution's.
      ...officeFoldersInOpt(command).flatMap((path) => ['--ro-bind', path, path]),
      // Font caches, read only: without them fontconfig would scan every font at each run.
      '--ro-bind-try',
      '/var/cache/fontconfig',
      '/var/cache/fontconfig',
      '--proc',
      '/proc',
      '--dev',
      '/dev',
      // An empty /tmp, and in it only the folder of this conversion.
      '--tmpfs',
      '/tmp',
      '--bind',
      dir,
      dir,
      '--chdir',
      dir,
      '--',
      command,
      ...args,
    ],
  };
}

let confinement: Promise<OfficeConfinement> | undefined;

/** Whether a program runs to success (`true` as the command), within a few seconds. */
function runs(command: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'ignore', timeout: 10_000 });
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
  });
}

/**
 * How LibreOffice is confined here, found once per process by trying each way with `true`.
 * Bubblewrap needs `bwrap` and user namespaces (or root); `unshare --net` needs root or
 * user namespaces too.
 */
export function officeConfinement(): Promise<OfficeConfinement> {
  confinement ??= (async () => {
    if (process.platform !== 'linux') return 'none';
    const dir = await mkdtemp(join(tmpdir(), 'deck-portal-office-')).catch(() => undefined);
    if (dir) {
      const probe = bubblewrap(dir, 'true', []);
      const isConfined = await runs(probe.command, probe.args);
      await rm(dir, { recursive: true, force: true }).catch(() => undefined);
      if (isConfined) return 'bubblewrap';
    }
    if (await runs('unshare', ['--net', '--', 'true'])) return 'network-only';
    if (await runs('unshare', ['--net', '--map-root-user', '--', 'true'])) return 'network-only';
    return 'none';
  })();
  return confinement;
}

/** The command line for a conversion, confined as far as this machine allows. */
function confined(kind: OfficeConfinement, dir: string, command: string, args: string[]): Run {
  if (kind === 'bubblewrap') return bubblewrap(dir, command, args);
  if (kind === 'network-only') {
    // As root `--net` alone works; otherwise only in a user namespace of its own.
    const asRoot = process.getuid?.() === 0;
    return {
      command: 'unshare',
      args: ['--net', ...(asRoot ? [] : ['--map-root-user']), '--', command, ...args],
    };
  }
  return { command, args };
}

/**
 * LibreOffice's own settings for a run: links from the document (linked pictures, media) are
 * never loaded, since the converted file is in no trusted location; macros never run.
 */
const profileSettings = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>3</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop></item>
</oor:items>
`;

/**
 * What LibreOffice is given of the server's environment: a path, the language, a home and a
 * temporary folder in the conversion's folder. Nothing else (database address, mail and storage
 * secrets) reaches it.
 */
function officeEnvironment(dir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: dir,
    TMPDIR: dir,
  };
  for (const name of ['LANG', 'LC_ALL', 'LC_CTYPE']) {
    if (process.env[name]) env[name] = process.env[name];
  }
  return env;
}

let niceProgram: string | undefined | null;

/**
 * `run` started at nice value `niceness` or lower in priority: through `nice`, so that every
 * process LibreOffice starts is lowered from its first instant (exported for tests). A thread
 * already as low (a render thread) needs nothing: its children inherit its nice value.
 */
export function lowered(run: Run, niceness: number): Run {
  const by = niceness - currentNiceness();
  if (by <= 0) return run;
  niceProgram ??= programPath('nice') ?? null;
  if (!niceProgram) return run;
  // Started as `nice`, whatever its path leads to: a multi-call program (BusyBox, whose `nice`
  // links to `busybox`) picks what it does by that name.
  return {
    command: niceProgram,
    args: ['-n', String(by), run.command, ...run.args],
    argv0: 'nice',
  };
}

/** This thread's nice value (per thread on Linux), 0 where it cannot be read. */
function currentNiceness() {
  try {
    return getPriority();
  } catch {
    return 0;
  }
}

/** Runs LibreOffice, killing it and every process it started when it takes too long. */
function convert(
  run: Run,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
  niceness: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    // Its own process group: `soffice` is a script that starts the real program.
    const started = lowered(run, niceness);
    const child = spawn(started.command, started.args, {
      detached: true,
      stdio: 'ignore',
      env,
      ...(started.argv0 ? { argv0: started.argv0 } : {}),
    });
    if (started === run && child.pid !== undefined && niceness > currentNiceness()) {
      // No `nice` program here: lowered as soon as it runs instead.
      try {
        setPriority(child.pid, niceness);
      } catch {
        // not permitted: it runs at this thread's priority
      }
    }
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

/**
 * LibreOffice's PDF export with its pictures brought down to 150 pixels an inch: the pages are
 * drawn 1,280 px wide (96 an inch), and every pixel more is one pdf.js decodes on the render
 * thread. At its default of 300, the memory bench's 1,800 px photo kept 1,734 px in a 2.5 MB
 * PDF; at 150 it has 867 px in 0.37 MB. (Filter options in JSON are LibreOffice 7.4's and later.)
 */
const pdfExport = `pdf:impress_pdf_Export:${JSON.stringify({
  ReduceImageResolution: { type: 'boolean', value: 'true' },
  MaxImageResolution: { type: 'long', value: '150' },
})}`;

/**
 * The file as LibreOffice prints it to PDF; undefined when it cannot (not installed, failed).
 * The file is untrusted, so LibreOffice never reaches past it, three ways over: its
 * relationships are rewritten to parts of the package only (a linked picture would be fetched
 * from its address or read from a path on the server), LibreOffice's profile loads no link from
 * a document, and it runs confined (see {@link officeConfinement}) with none of the server's
 * environment.
 */
export async function officePdf(
  pptx: Uint8Array,
  office: OfficeRenderer,
  defences: OfficeDefences = {},
): Promise<Uint8Array | undefined> {
  const folder = await officeInput(pptx, defences).catch(() => undefined);
  return folder ? drawInOffice(folder, office, defences) : undefined;
}

/**
 * The first half of {@link officePdf}: the file, its relationships rewritten, and LibreOffice's
 * profile, written to a folder of their own for {@link drawInOffice}. The import writes it on
 * the render thread that read the file, and LibreOffice then runs with no render thread waiting.
 */
export async function officeInput(
  pptx: Uint8Array,
  { sanitise = true, blockLinks = true }: Omit<OfficeDefences, 'confine'> = {},
): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'deck-portal-office-'));
  try {
    await writeFile(join(dir, 'upload.pptx'), sanitise ? keepPackageRelationshipsOnly(pptx) : pptx);
    if (blockLinks) {
      const profile = join(dir, 'profile');
      await mkdir(join(profile, 'user'), { recursive: true });
      await writeFile(join(profile, 'user', 'registrymodifications.xcu'), profileSettings);
    }
    return dir;
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The second half of {@link officePdf}: LibreOffice prints the file {@link officeInput} wrote to
 * PDF; undefined when it cannot. The folder is removed either way.
 */
export async function drawInOffice(
  dir: string,
  { command, timeoutMs = 120_000, niceness = backgroundNiceness }: OfficeRenderer,
  { confine = true }: Pick<OfficeDefences, 'confine'> = {},
): Promise<Uint8Array | undefined> {
  try {
    const args = [
      '--headless',
      '--norestore',
      // A profile of its own: runs side by side never share LibreOffice's lock.
      `-env:UserInstallation=${pathToFileURL(join(dir, 'profile')).href}`,
      '--convert-to',
      pdfExport,
      '--outdir',
      dir,
      join(dir, 'upload.pptx'),
    ];
    const kind = confine ? await officeConfinement() : 'none';
    const run = confined(kind, dir, command, args);
    await convert(run, officeEnvironment(dir), timeoutMs, niceness);
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
