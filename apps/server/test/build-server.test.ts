// The server as `npm start` and `npm run worker` run it: built to JavaScript by
// scripts/build-server.mjs, run by a plain `node`, no TypeScript loader anywhere.
import { execFile } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as esbuild from 'esbuild';
import { PDFDocument } from 'pdf-lib';
import { WARM_UP_DRAFT } from '../../../packages/deck-engine/src/worker/render-task.ts';
import { PLAIN_CERTIFICATE } from '../../../packages/deck-engine/test/fixtures.ts';
import {
  buildServer,
  compileCacheDir,
  npmModulesLoadedOnFirstUse,
  npmPackagesBundling,
  npmPackagesKeptOutside,
} from '../../../scripts/build-server.mjs';
import { packagesInWebProcess, packagesNotInWebProcess } from './helpers/web-process-packages.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../..', import.meta.url));
let outdir: string;

beforeAll(async () => {
  // Beside the real build, inside the repository, as apps/server/dist is.
  outdir = await mkdtemp(path.join(root, 'apps/server/.test-build-'));
  await buildServer({ outdir });
}, 120_000);

afterAll(async () => {
  await rm(outdir, { recursive: true, force: true });
});

/** Runs `source` as an ES module in a plain node, from the repository's root. */
async function plainNode(source: string, env: Record<string, string> = {}) {
  return run(process.execPath, ['--input-type=module', '-e', source], {
    cwd: root,
    env: { ...process.env, NODE_OPTIONS: '', ...env },
    timeout: 90_000,
  }).catch((error: { stdout: string; stderr: string; code: number }) => error);
}

type Metafile = {
  inputs: Record<string, unknown>;
  outputs: Record<
    string,
    {
      entryPoint?: string;
      imports: { path: string; kind: string; external?: boolean }[];
      inputs: Record<string, unknown>;
    }
  >;
};
const metafile = () =>
  JSON.parse(readFileSync(path.join(outdir, 'build.json'), 'utf8')) as Metafile;

/** The built file esbuild wrote for `entryPoint` (a source, or a chunk of a dynamic import). */
function builtFile(entryPoint: string) {
  const [file] = Object.entries(metafile().outputs).find(
    ([, output]) => output.entryPoint === entryPoint,
  )!;
  return path.resolve(root, file);
}

/** The npm packages a plain node loads importing `files`, bundled into them or not. */
async function loadedPackages(...files: string[]) {
  const { stdout } = await run(
    process.execPath,
    ['packages/deck-engine/scripts/loaded-packages.mjs', ...files],
    { cwd: root, env: { ...process.env, NODE_OPTIONS: '' }, maxBuffer: 4 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as string[];
}

describe('the built server', () => {
  it('writes the entries npm start and npm run worker run, the render process and its worker', () => {
    for (const entry of ['main.js', 'worker.js', 'render-host.js', 'render-worker.js']) {
      expect(existsSync(path.join(outdir, entry)), entry).toBe(true);
    }
    // The bundle starts the render process built beside it, not the sources' (ADR 076).
    const naming = Object.keys(metafile().outputs)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(path.resolve(root, file), 'utf8'))
      .filter((code) => code.includes('renderHostFile'));
    expect(naming.length).toBeGreaterThan(0);
    for (const code of naming)
      expect(code).toContain(`new URL("./render-host.js", import.meta.url)`);
  });

  it('writes every file in ASCII (V8 then keeps each source at one byte a character)', () => {
    const files = Object.keys(metafile().outputs).filter((file) => file.endsWith('.js'));
    const notAscii = files.filter((file) =>
      /[^\0-\x7f]/.test(readFileSync(path.resolve(root, file), 'utf8')),
    );
    expect(files.length).toBeGreaterThan(10);
    expect(notAscii).toEqual([]);
  });

  it('bundles the TypeScript it runs: no built file imports a .ts file', () => {
    const { outputs } = metafile();
    const tsImports = Object.values(outputs).flatMap((output) =>
      output.imports.filter((entry) => entry.external && /\.m?tsx?$/.test(entry.path)),
    );
    expect(tsImports).toEqual([]);
    const bundled = Object.values(outputs).flatMap((output) => Object.keys(output.inputs));
    expect(bundled).toContain('packages/deck-engine/src/worker/render-task.ts');
    expect(bundled).toContain('apps/server/src/main.ts');
  });

  it('renders in the built render worker without TypeScript, the pool naming that file', async () => {
    const worker = pathToFileURL(path.join(outdir, 'render-worker.js')).href;
    const { stdout } = await plainNode(
      `const task = (await import(${JSON.stringify(worker)})).default;
       const done = await task({ warmUp: true });
       console.log(JSON.stringify({ ok: true, kind: typeof done }));`,
    );
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toMatchObject({ ok: true });
    // The bundle's pool starts the built worker beside it, not the sources' (which loads tsx).
    const bundle = (file: string) => readFileSync(path.join(outdir, file), 'utf8');
    const outputs = Object.keys(
      (JSON.parse(bundle('build.json')) as { outputs: Record<string, unknown> }).outputs,
    ).filter((file) => file.endsWith('.js'));
    const naming = outputs.filter((file) =>
      readFileSync(path.resolve(root, file), 'utf8').includes('renderWorkerFile'),
    );
    expect(naming.length).toBeGreaterThan(0);
    for (const file of naming) {
      expect(readFileSync(path.resolve(root, file), 'utf8')).toContain(
        `new URL("./render-worker.js", import.meta.url)`,
      );
    }
  }, 120_000);

  it('draws a deck PDF and an acceptance certificate in the built render worker, pdfkit bundled', async () => {
    // pdfkit is bundled with its module's own address (scripts/build-server.mjs): its standard
    // fonts (the engine's first document loads Helvetica's metrics) and its ICC profile resolve
    // from node_modules.
    const worker = pathToFileURL(path.join(outdir, 'render-worker.js')).href;
    const result = await plainNode(
      `import { writeFileSync } from 'node:fs';
       const task = (await import(${JSON.stringify(worker)})).default;
       const deck = await task({ draft: ${JSON.stringify(WARM_UP_DRAFT)} });
       const accepted = await task({ acceptedPdf: deck.pdf, certificate: ${JSON.stringify(PLAIN_CERTIFICATE)} });
       writeFileSync(${JSON.stringify(path.join(outdir, 'deck.pdf'))}, deck.pdf);
       writeFileSync(${JSON.stringify(path.join(outdir, 'accepted.pdf'))}, accepted);`,
    );
    expect(result.stderr).toBe('');
    const pagesOf = async (file: string) =>
      (await PDFDocument.load(readFileSync(path.join(outdir, file)))).getPageCount();
    // Title, agenda, the pricing slide and the quote summary; then the certificate's page.
    expect(await pagesOf('deck.pdf')).toBe(4);
    expect(await pagesOf('accepted.pdf')).toBe(5);
    const { stdout: text } = await run('pdftotext', [
      '-enc',
      'UTF-8',
      '-f',
      '5',
      path.join(outdir, 'accepted.pdf'),
      '-',
    ]);
    expect(text).toContain('Certificate of acceptance');
    expect(text).toContain('Ada Lovelace');
    // The bundled pdfkit names its own file, from which its standard fonts and ICC profile are found.
    const chunk = Object.keys(metafile().outputs).find(
      (file) =>
        file.endsWith('.js') &&
        Object.keys(metafile().outputs[file]!.inputs).some((input) =>
          input.endsWith('node_modules/pdfkit/js/pdfkit.node.mjs'),
        ),
    )!;
    const own = /createRequire\(new URL\("([^"]+)", import\.meta\.url\)\.href\)/.exec(
      readFileSync(path.resolve(root, chunk), 'utf8'),
    );
    expect(own?.[1]).toMatch(/node_modules\/pdfkit\/js\/pdfkit\.node\.mjs$/);
    const pdfkitFile = new URL(own![1]!, pathToFileURL(path.resolve(root, chunk)));
    expect(existsSync(new URL('./data/sRGB_IEC61966_2_1.icc', pdfkitFile))).toBe(true);
    expect(existsSync(new URL('./standard-fonts/Helvetica.cjs', pdfkitFile))).toBe(true);
  }, 120_000);

  it('bundles no npm module finding files beside itself, but those given their own address', () => {
    const bundled = Object.keys(metafile().inputs).filter((input) =>
      input.includes('node_modules/'),
    );
    const besideItself = bundled.filter((input) =>
      /import\.meta\.url|__dirname|__filename/.test(readFileSync(path.join(root, input), 'utf8')),
    );
    expect(besideItself).toEqual(['node_modules/pdfkit/js/pdfkit.node.mjs']);
  });

  it('starts the job worker in a plain node (its modules and paths resolve from the build)', async () => {
    // Without DATABASE_URL the worker says what it needs and stops: its whole module graph loaded.
    const worker = pathToFileURL(path.join(outdir, 'worker.js')).href;
    const result = await plainNode(`await import(${JSON.stringify(worker)});`, {
      DATABASE_URL: '',
    });
    expect(`${result.stdout}${result.stderr}`).toContain('npm run worker needs DATABASE_URL');
  }, 120_000);

  it('bundles the plain-JavaScript npm packages and leaves the others to node_modules', () => {
    const { inputs, outputs } = metafile();
    const bundled = Object.keys(inputs).filter((input) => input.includes('node_modules/'));
    // The render worker's writers and the domain's schemas are bundled…
    const writers = ['pptxgenjs', 'jszip', 'pdf-lib', 'pdfkit', 'fontkit', 'linebreak', 'fflate'];
    for (const name of [...writers, 'zod']) {
      expect(
        bundled.some((input) => input.includes(`node_modules/${name}/`)),
        name,
      ).toBe(true);
    }
    // …the packages that must stay in node_modules never are, and are imported by name.
    for (const name of npmPackagesKeptOutside.keys()) {
      expect(bundled.filter((input) => input.includes(`node_modules/${name}/`))).toEqual([]);
    }
    const external = Object.values(outputs).flatMap((output) =>
      output.imports.filter((entry) => entry.external).map((entry) => entry.path),
    );
    expect(external).toEqual(expect.arrayContaining(['sharp', 'piscina', 'harfbuzzjs']));
    for (const name of writers) {
      expect(external.filter((specifier) => specifier.split('/')[0] === name)).toEqual([]);
    }
    // No package is both bundled and imported from node_modules: a process would load it twice.
    const bundledNames = new Set(
      bundled.map((input) => /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)![1]),
    );
    const externalNames = external.map((specifier) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/'),
    );
    expect(externalNames.filter((name) => bundledNames.has(name))).toEqual([]);
  });

  it('the web process loads none of the engine’s writers, bundled or not', async () => {
    // As web-process-modules.test.ts imports the sources: the app, its services, the pool's front.
    const web = await loadedPackages(
      builtFile('apps/server/src/app.ts'),
      builtFile('packages/deck-engine/src/worker/deck-renderer.ts'),
    );
    expect(web).toEqual(expect.arrayContaining(packagesInWebProcess));
    for (const name of packagesNotInWebProcess) expect(web).not.toContain(name);
    // The same reading sees the writers where they are loaded: in the render worker. pptxgenjs
    // and its JSZip only for a deck with a chart (ADR 059), so not when the worker starts.
    const renderWorker = await loadedPackages(path.join(outdir, 'render-worker.js'));
    expect(renderWorker).toEqual(expect.arrayContaining(['pdfkit', 'fontkit']));
    expect(renderWorker).not.toContain('pptxgenjs');
    expect(renderWorker).not.toContain('jszip');
  }, 120_000);

  it('loads brotli and builds Unicode tries on first use, and the packages using them answer as from node_modules', async () => {
    // In the build, each module is required only from inside its stand-in: brotli from
    // node_modules (its dictionary is not in any chunk), unicode-trie bundled.
    const { outputs } = metafile();
    const inputs = Object.values(outputs).flatMap((output) => Object.keys(output.inputs));
    expect(inputs.filter((input) => input.startsWith('node_modules/brotli/'))).toEqual([]);
    const brotliCalls = Object.keys(outputs)
      .filter((chunk) => chunk.endsWith('.js'))
      .flatMap((chunk) => {
        const code = readFileSync(path.resolve(root, chunk), 'utf8');
        return [...code.matchAll(/require\("brotli\/decompress\.js"\)/g)].map((call) =>
          code.slice(Math.max(0, call.index - 200), call.index),
        );
      });
    expect(brotliCalls.length).toBeGreaterThan(0);
    for (const call of brotliCalls) expect(call).toMatch(/loadedOnFirstCall/);
    for (const [specifier, file] of [
      ['unicode-trie', 'node_modules/unicode-trie/index.js'],
    ] as const) {
      expect(npmModulesLoadedOnFirstUse.has(specifier)).toBe(true);
      const [chunk] = Object.entries(outputs).find(([, output]) =>
        Object.keys(output.inputs).includes(file),
      )!;
      const code = readFileSync(path.resolve(root, chunk), 'utf8');
      const name = new RegExp(`// ${file.replaceAll('.', '\\.')}\\nvar (\\w+) = __commonJS`).exec(
        code,
      )?.[1];
      expect(name, file).toBeDefined();
      const calls = [...code.matchAll(new RegExp(`\\b${name}\\(\\)`, 'g'))].map((call) =>
        code.slice(Math.max(0, call.index - 300), call.index),
      );
      expect(calls, file).toHaveLength(1);
      expect(calls[0]).toMatch(/loadedOnFirstCall|UnicodeTrieBuiltOnFirstGet/);
    }
    // fontkit and linebreak bundled by the same policy, against their node_modules copies: a
    // WOFF2 font opens (brotli, required by its stand-in from node_modules), Arabic is shaped (fontkit's Arabic shaper's trie and
    // unicode-properties'), and a sentence breaks at the same places (linebreak's trie).
    const dir = path.join(outdir, 'fonts-alone');
    await esbuild.build({
      stdin: {
        contents: `export { create } from 'fontkit'; export { default as LineBreaker } from 'linebreak';`,
        resolveDir: root,
      },
      outdir: dir,
      bundle: true,
      format: 'esm',
      platform: 'node',
      banner: { js: npmPackagesBundling.banner },
      plugins: [npmPackagesBundling.plugin],
      logLevel: 'silent',
    });
    const woff2 = path.join(
      root,
      'node_modules/@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff2',
    );
    const answers = `(lib) => {
      const font = lib.create(readFileSync(${JSON.stringify(woff2)}));
      const run = font.layout('مرحبا بالعالم');
      const breaker = new lib.LineBreaker('Deck Portal — a well-made deck, twice as fast.');
      const breaks = [];
      for (let at; (at = breaker.nextBreak()); ) breaks.push(at.position);
      return { type: font.type, glyphs: run.glyphs.map((glyph) => glyph.id), breaks };
    }`;
    const result = await plainNode(
      `import { readFileSync } from 'node:fs';
       import * as fontkit from 'fontkit';
       import LineBreaker from 'linebreak';
       const answers = ${answers};
       const bundled = await import(${JSON.stringify(pathToFileURL(path.join(dir, 'stdin.js')).href)});
       console.log(JSON.stringify({
         bundled: answers(bundled),
         original: answers({ create: fontkit.create, LineBreaker }),
       }));`,
    );
    expect(result.stderr).toBe('');
    const { bundled, original } = JSON.parse(result.stdout.trim()) as Record<
      string,
      { type: string; glyphs: number[]; breaks: number[] }
    >;
    expect(bundled!.type).toBe('WOFF2');
    expect(bundled!.glyphs.length).toBeGreaterThan(5);
    expect(bundled!.breaks.length).toBeGreaterThan(5);
    expect(bundled).toEqual(original);
  }, 120_000);
});

/** A render in a fresh plain node through the built render worker: the files' digests. */
async function renderInFreshNode(env: Record<string, string> = {}) {
  const worker = pathToFileURL(path.join(outdir, 'render-worker.js')).href;
  const result = await plainNode(
    `import { createHash } from 'node:crypto';
     const task = (await import(${JSON.stringify(worker)})).default;
     const deck = await task({ draft: ${JSON.stringify(WARM_UP_DRAFT)} });
     const digest = (bytes) => createHash('sha256').update(bytes).digest('hex');
     console.log(JSON.stringify({ pptx: digest(deck.pptx), pdf: digest(deck.pdf), svgs: digest(deck.svgs.join('')) }));`,
    env,
  );
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as Record<string, string>;
}

// Node 22.1+ has a compile cache (ADR 061); Node 20, which the project supports too, does not.
const hasCompileCache =
  typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function';

describe('the built entries and Node’s compile cache', () => {
  const cacheDir = () => path.join(outdir, compileCacheDir);

  it.runIf(!hasCompileCache)(
    'on a Node without one, renders and writes no cache',
    async () => {
      await rm(cacheDir(), { recursive: true, force: true });
      const files = await renderInFreshNode();
      expect(files.pptx).toMatch(/^[0-9a-f]{64}$/);
      expect(existsSync(cacheDir())).toBe(false);
    },
    120_000,
  );

  it.runIf(hasCompileCache)(
    'keeps the render worker’s compiled code beside the build, per Node version, and draws the same bytes with it, without it, and with a damaged or stale one',
    async () => {
      await rm(cacheDir(), { recursive: true, force: true });
      const without = await renderInFreshNode({ NODE_DISABLE_COMPILE_CACHE: '1' });
      expect(existsSync(cacheDir())).toBe(false);
      // The first start writes the cache, in a folder named for this Node: another Node reads its own.
      const writing = await renderInFreshNode();
      const [versionDir] = readdirSync(cacheDir());
      expect(versionDir?.startsWith(`${process.version}-`)).toBe(true);
      const entries = readdirSync(path.join(cacheDir(), versionDir!));
      // The render worker's task and its chunks, not only the entry.
      expect(entries.length).toBeGreaterThan(5);
      const reading = await renderInFreshNode();
      // A damaged entry (a byte flipped in the largest): Node finds it does not check out.
      const largest = entries
        .map((entry) => path.join(cacheDir(), versionDir!, entry))
        .sort((a, b) => statSync(b).size - statSync(a).size)[0]!;
      const bytes = readFileSync(largest);
      const middle = bytes.length >> 1;
      bytes[middle] = bytes[middle]! ^ 0xff;
      writeFileSync(largest, bytes);
      const damaged = await renderInFreshNode();
      // A file changed after its code was cached: Node sees the cache no longer matches it.
      const task = builtFile('packages/deck-engine/src/worker/render-task.ts');
      appendFileSync(task, '\n// changed after the cache was written\n');
      const stale = await renderInFreshNode();
      expect(writing).toEqual(without);
      expect(reading).toEqual(without);
      expect(damaged).toEqual(without);
      expect(stale).toEqual(without);
    },
    240_000,
  );

  it('a rebuild drops the previous build’s compiled code', async () => {
    const scratch = await mkdtemp(path.join(root, 'apps/server/.test-build-'));
    try {
      const stale = path.join(scratch, compileCacheDir, 'v0.0.0-old');
      await import('node:fs/promises').then((fs) => fs.mkdir(stale, { recursive: true }));
      await buildServer({ outdir: scratch });
      expect(existsSync(path.join(scratch, 'render-worker.js'))).toBe(true);
      expect(existsSync(stale)).toBe(false);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }, 120_000);
});
