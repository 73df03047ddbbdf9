// The server as `npm start` and `npm run worker` run it: built to JavaScript by
// scripts/build-server.mjs, run by a plain `node`, no TypeScript loader anywhere.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { WARM_UP_DRAFT } from '../../../packages/deck-engine/src/worker/render-task.ts';
import { PLAIN_CERTIFICATE } from '../../../packages/deck-engine/test/fixtures.ts';
import { buildServer, npmPackagesKeptOutside } from '../../../scripts/build-server.mjs';
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
  it('writes the entries npm start and npm run worker run, and the render worker', () => {
    for (const entry of ['main.js', 'worker.js', 'render-worker.js']) {
      expect(existsSync(path.join(outdir, entry)), entry).toBe(true);
    }
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
    // The same reading sees the writers where they are loaded: in the render worker.
    const renderWorker = await loadedPackages(path.join(outdir, 'render-worker.js'));
    expect(renderWorker).toEqual(expect.arrayContaining(['pptxgenjs', 'jszip', 'pdfkit']));
  }, 120_000);
});
