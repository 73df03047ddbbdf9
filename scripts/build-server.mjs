// The server as built JavaScript (apps/server/dist), so `npm start` and `npm run worker` run no
// TypeScript loader: the workspace packages' sources are bundled in with the plain-JavaScript npm
// packages named below (the others stay in node_modules), and the engine's dynamic `import()`s
// stay chunks of their own.
import { existsSync, statSync } from 'node:fs';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { newestChange } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
export const serverBuildDir = path.join(root, 'apps/server/dist');
/** Written last: its time is the build's, its contents esbuild's list of inputs and outputs. */
const builtStamp = path.join(serverBuildDir, 'build.json');

// The embedded database's thread (apps/server/src/db/embedded-database-worker.mjs) is plain
// JavaScript importing only PGlite: the bundle starts it where it is. The admin CLI stays on tsx
// (`npm run admin`, run now and then).
const entries = {
  main: 'apps/server/src/main.ts',
  worker: 'apps/server/src/worker.ts',
  'render-worker': 'packages/deck-engine/src/worker/render-worker.mjs',
  'render-host': 'apps/server/src/render-host.ts',
};
const compileCacheEntry = 'compile-cache-entry';
/** Each entry is a small file that turns on the compile cache, then loads its source (below). */
const entryPoints = Object.fromEntries(
  Object.keys(entries).map((name) => [name, `${compileCacheEntry}:${name}`]),
);

/** Where the built entries keep V8's compiled code (Node 22.1+), beside the build's files. */
export const compileCacheDir = 'compile-cache';

const sources = [
  'apps/server/src',
  'packages/domain/src',
  'packages/deck-engine/src',
  'apps/server/package.json',
  'packages/domain/package.json',
  'packages/deck-engine/package.json',
  'apps/server/tsconfig.json',
  'tsconfig.base.json',
  'scripts/build-server.mjs',
];

/**
 * The bundle keeps the workspace's modules' own `import.meta.url`: every path computed from it
 * (the migrations, the web app's build, the template library's seed, fonts found through
 * `createRequire`, the embedded database's thread) resolves in the repository as it does from
 * the sources, with nothing copied. Written relative to the bundle (all its files sit in one
 * folder), so a moved checkout keeps working.
 */
function sourceUrls(outdir) {
  return {
    name: 'source-urls',
    setup(build) {
      build.onLoad({ filter: /\.(ts|tsx|mts|mjs)$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const text = await readFile(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        const loader = args.path.endsWith('.tsx') ? 'tsx' : /\.m?ts$/.test(args.path) ? 'ts' : 'js';
        const relative = path.relative(outdir, args.path).split(path.sep).join('/');
        const own = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
        return { contents: text.replaceAll('import.meta.url', own), loader };
      });
    },
  };
}

/**
 * The built entries (ADR 061). On Node 22.1+ each turns on Node's compile cache in
 * `compile-cache/` beside it before it imports anything else: V8's compiled code of every module
 * the process or thread then loads is kept there and read back by the next start (the render
 * threads' chunks, the server's), instead of parsing and compiling them again. Node keys the
 * cache by its own version and each file's contents: a cache from another Node or a changed
 * chunk is not used but rewritten; NODE_DISABLE_COMPILE_CACHE=1 turns it off; a folder it cannot
 * write only goes without. Node 20 has no such cache: there the entry only loads its source.
 * The render worker writes its cache once its task's modules are loaded (a thread may last until
 * the process is stopped); the processes write theirs when they exit.
 */
const compileCacheEntries = {
  name: 'compile-cache-entries',
  setup(build) {
    build.onResolve({ filter: new RegExp(`^${compileCacheEntry}:`) }, (args) => ({
      path: args.path.slice(compileCacheEntry.length + 1),
      namespace: compileCacheEntry,
    }));
    build.onLoad({ filter: /.*/, namespace: compileCacheEntry }, (args) => {
      const source = `./${entries[args.path]}`;
      const enable = `import module from 'node:module';
import { fileURLToPath } from 'node:url';
module.enableCompileCache?.(fileURLToPath(new URL(${JSON.stringify(`./${compileCacheDir}`)}, import.meta.url)));
`;
      const contents =
        args.path === 'render-worker'
          ? `${enable}const task = (await import(${JSON.stringify(source)})).default;
module.flushCompileCache?.();
export default task;
`
          : `${enable}await import(${JSON.stringify(source)});
`;
      return { contents, loader: 'js', resolveDir: root };
    });
  },
};

/**
 * The pool's worker file and the render process's: the sources name render-worker.mjs and
 * render-host.ts (TypeScript through tsx); the bundle names those built beside it.
 */
const builtRenderFiles = {
  name: 'built-render-files',
  setup(build) {
    build.onLoad({ filter: /[\\/]worker[\\/]render-worker-file\.ts$/ }, () => ({
      contents: `export const renderWorkerFile = new URL('./render-worker.js', import.meta.url).href;`,
      loader: 'js',
    }));
    build.onLoad({ filter: /[\\/]src[\\/]render-host-file\.ts$/ }, () => ({
      contents: `export const renderHostFile = { url: new URL('./render-host.js', import.meta.url), isTypeScript: false };`,
      loader: 'js',
    }));
  },
};

/**
 * npm packages bundled into the build (with the packages they import in turn): plain
 * JavaScript that finds nothing beside itself by path, so it runs the same from a bundle, and
 * loads faster as a few files than as the hundreds Node would resolve and compile one by one.
 * Every other npm package stays in node_modules; those that must are named below with why.
 */
export const bundledNpmPackages = new Set([
  // The render worker's (the engine's writers and text):
  'bidi-js',
  'fast-xml-parser',
  'pdf-lib',
  'pptxgenjs',
  // pdfkit keeps its own address (see npmPackagesKeepingTheirAddress); fontkit, linebreak and
  // fflate, which it imports, come with it so that no process loads them twice (the engine and
  // the web process import fontkit too).
  'pdfkit',
  'fontkit',
  'linebreak',
  'fflate',
  // The domain's schemas and rules, in every process:
  'zod',
  'jsep',
  // The server's:
  'fastify',
  '@fastify/compress',
  '@fastify/cookie',
  'nodemailer',
  'ipaddr.js',
  'drizzle-orm',
  'fastify-type-provider-zod',
  'helmet',
  'openid-client',
  '@zxcvbn-ts/language-common',
]);

/**
 * Bundled npm packages whose modules find things beside themselves through `import.meta.url`:
 * such a module keeps its own file's address in node_modules (written relative to the bundle,
 * as sourceUrls does for the workspace's), so what it finds from there it finds as it did
 * unbundled. Safe for pdfkit (0.20, js/pdfkit.node.mjs), whose only uses of it are
 * - `createRequire(import.meta.url)('#standard-fonts/Helvetica')` and the other standard fonts:
 *   resolved at run time through pdfkit's package.json `imports` to its js/standard-fonts/*.cjs,
 *   which Node loads from node_modules (esbuild leaves that `require` alone: it is
 *   createRequire's, not the module's). A document made without `font: null` loads
 *   Helvetica's (the engine's first one in a process does).
 * - `new URL('./data/sRGB_IEC61966_2_1.icc', import.meta.url)`, read for a PDF/A document.
 * Its other file reads are of paths or bytes its caller gives. What it imports (fontkit,
 * linebreak, fflate, png-js, @noble/*) uses no `import.meta`, `__dirname` or `__filename`:
 * build-server.test.ts checks every bundled npm module for them.
 */
export const npmPackagesKeepingTheirAddress = new Set(['pdfkit']);

/**
 * Modules some bundled npm packages import whose top-level work only some calls need: each
 * import is given a stand-in that loads the module (or does the work) on first use, so a process
 * pays for it only when it is used (ADR 061). A stand-in has the module's shape as its importers
 * use it:
 * - `brotli/decompress.js`, a function: fontkit imports it for WOFF2 fonts (the engine reads
 *   WOFF2 with wawoff2 and hands fontkit TrueType and OpenType), and brotli decodes its 120 kB
 *   dictionary when loaded. Required from node_modules, not bundled (`outside`): the dictionary
 *   is 1.3 MB of source, which V8 keeps for as long as the chunk it is in lives, in every
 *   thread that loads fontkit (the web process's main thread, each render thread; ADR 087).
 * - `unicode-trie`, a class whose instances are only asked `get(codePoint)` by these importers:
 *   each builds its tries when loaded, inflating their data in JavaScript; fontkit's three are for
 *   its Arabic, Indic and Universal shapers, which Latin text never reaches.
 */
export const npmModulesLoadedOnFirstUse = new Map([
  ['brotli/decompress.js', { importers: ['fontkit'], standIn: 'function', outside: true }],
  ['unicode-trie', { importers: ['fontkit', 'unicode-properties', 'linebreak'], standIn: 'trie' }],
]);
const onFirstUse = 'loaded-on-first-use';

/** The stand-ins' code: CommonJS with the module's shape, loading it with `require` when used. */
const standIns = {
  function: (specifier) => `let loaded;
module.exports = function loadedOnFirstCall(...args) {
  loaded ??= require(${JSON.stringify(specifier)});
  return loaded(...args);
};
`,
  trie: (specifier) => `let UnicodeTrie;
module.exports = class UnicodeTrieBuiltOnFirstGet {
  #data;
  #trie;
  constructor(data) {
    this.#data = data;
  }
  get(codePoint) {
    if (!this.#trie) {
      UnicodeTrie ??= require(${JSON.stringify(specifier)});
      this.#trie = new UnicodeTrie(this.#data);
      this.#data = undefined;
    }
    return this.#trie.get(codePoint);
  }
};
`,
};

/** The package a file in node_modules belongs to (the innermost), or undefined. */
function packageOfFile(file) {
  const parts = file.split(path.sep);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return undefined;
  return parts[at + 1]?.startsWith('@') ? parts.slice(at + 1, at + 3).join('/') : parts[at + 1];
}

/**
 * npm packages left to Node even where a bundled package imports them: each is here for a
 * reason a bundle would break or make worse. Any package in neither list stays outside too.
 */
export const npmPackagesKeptOutside = new Map([
  ['harfbuzzjs', 'loads its WebAssembly file from beside itself'],
  ['@electric-sql/pglite', 'loads its WebAssembly and data files from beside itself'],
  ['sharp', 'native addon'],
  ['@napi-rs/canvas', 'native addon'],
  ['@node-rs/argon2', 'native addon'],
  ['wawoff2', 'Emscripten build: finds its files by path'],
  ['pdfjs-dist', 'starts its worker and reads its font data by path; loaded lazily'],
  ['piscina', 'starts its worker threads from its own files'],
  ['@fastify/swagger', 'reads its own package.json by path'],
  ['@fastify/swagger-ui', 'serves the files of swagger-ui-dist by path'],
  ['@fastify/static', '@fastify/swagger-ui (outside) imports it: bundled, it would load twice'],
  ['fastify-plugin', 'the plugins outside import it: bundled, it would load twice'],
  ['pino', 'its transports run in threads started from its files'],
  ['pino-pretty', 'a pino transport (see pino)'],
  ['react', 'one React: react-email (outside) renders with it'],
  ['react-dom', 'one React: react-email (outside) renders with it'],
  ['@react-email/components', 'loaded lazily, for the first mail'],
  [
    '@react-email/render',
    'loaded lazily, for the first mail; brings prettier, which loads plugins by path',
  ],
  ['@aws-sdk/client-s3', 'loaded lazily, for the first use of a bucket'],
  ['@aws-sdk/s3-request-presigner', 'loaded lazily, for the first use of a bucket'],
  ['pg', 'loads pg-native by name when asked; only with DATABASE_URL'],
  ['tsx', "the sources' TypeScript loader, never reached in the build"],
]);

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const inNodeModules = (file) => file.includes(`${path.sep}node_modules${path.sep}`);

/**
 * The workspace's own packages (@deck-portal/*) are bundled, and the npm packages listed above
 * with what they import; every other npm package is imported from node_modules at run time.
 * The modules of npmPackagesKeepingTheirAddress are given their own file's address.
 */
const npmPackagesPolicy = {
  name: 'npm-packages-policy',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@deck-portal/')) return undefined;
      const lazy = npmModulesLoadedOnFirstUse.get(args.path);
      if (
        args.namespace !== onFirstUse &&
        lazy?.importers.includes(packageOfFile(args.importer) ?? '')
      ) {
        return { path: args.path, namespace: onFirstUse, pluginData: args.resolveDir };
      }
      // The stand-in's own import of the module: bundled, as its importer's would have been,
      // unless it is kept outside.
      if (args.namespace === onFirstUse) {
        return npmModulesLoadedOnFirstUse.get(args.path)?.outside
          ? { path: args.path, external: true }
          : undefined;
      }
      if (isBuiltin(args.path)) return { path: args.path, external: true };
      const name = packageName(args.path);
      if (npmPackagesKeptOutside.has(name)) return { path: args.path, external: true };
      // A bundled package's own imports are bundled with it: a copy nested in its node_modules
      // would not be found from the build's folder.
      if (inNodeModules(args.importer) || bundledNpmPackages.has(name)) return undefined;
      return { path: args.path, external: true };
    });
    build.onLoad({ filter: /.*/, namespace: onFirstUse }, (args) => ({
      contents: standIns[npmModulesLoadedOnFirstUse.get(args.path).standIn](args.path),
      loader: 'js',
      resolveDir: args.pluginData,
    }));
    const outdir = path.resolve(
      build.initialOptions.absWorkingDir ?? process.cwd(),
      build.initialOptions.outdir ?? '.',
    );
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.(mjs|js|cjs)$/ }, async (args) => {
      if (!npmPackagesKeepingTheirAddress.has(packageOfFile(args.path))) return undefined;
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const relative = path.relative(outdir, args.path).split(path.sep).join('/');
      const own = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
      return { contents: text.replaceAll('import.meta.url', own), loader: 'js' };
    });
  },
};

/**
 * Every built chunk in ASCII. V8 keeps each module's source for as long as the module lives,
 * one byte a character when every character fits in one, two otherwise: esbuild escapes what is
 * not ASCII in strings and names but leaves comments and regular expressions as they are, so one
 * "…" in a comment kept a 3.5 MB chunk at 7 MB in each thread that loaded it (~13 MB of the web
 * process's heap in all). Each such character is written as its escape (`\u2026`), which means the
 * same in a string, a regular expression and a comment (not in a `String.raw` template, which
 * the server's code does not put them in).
 */
const asciiOutputs = {
  name: 'ascii-outputs',
  setup(build) {
    build.onEnd(async (result) => {
      const files = Object.keys(result.metafile?.outputs ?? {}).filter((file) =>
        file.endsWith('.js'),
      );
      await Promise.all(
        files.map(async (file) => {
          const at = path.resolve(root, file);
          const text = await readFile(at, 'utf8');
          if (!/[^\0-\x7f]/.test(text)) return;
          const ascii = text.replace(
            /[^\0-\x7f]/g,
            (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`,
          );
          await writeFile(at, ascii);
        }),
      );
    });
  },
};

/**
 * Bundled CommonJS calls `require` for Node's modules: each built file gets its own, as
 * CommonJS would have had.
 */
const requireBanner = `import { createRequire as __bundleCreateRequire } from 'node:module';
const require = __bundleCreateRequire(import.meta.url);`;

/** The esbuild plugin deciding which npm packages are bundled, for other builds of the engine (the bench's). */
export const npmPackagesBundling = { plugin: npmPackagesPolicy, banner: requireBanner };

/**
 * A server started from the previous build may still load its chunks (named by their contents)
 * later: the files this build did not write go once they are an hour old, not at once.
 */
async function removeOldOutputs(outdir, metafile) {
  const written = new Set(Object.keys(metafile.outputs).map((file) => path.resolve(root, file)));
  const anHourAgo = Date.now() - 3_600_000;
  for (const entry of await readdir(outdir)) {
    const file = path.join(outdir, entry);
    if (written.has(file) || entry === 'build.json' || entry === compileCacheDir) continue;
    if ((await stat(file)).mtimeMs < anHourAgo) await rm(file, { force: true });
  }
}

/** Builds the server into `outdir` (apps/server/dist unless told). */
export async function buildServer({ outdir = serverBuildDir } = {}) {
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: true,
    // Names stay readable in logs and stack traces; the server is not shipped to browsers.
    minify: false,
    metafile: true,
    logLevel: 'warning',
    banner: { js: requireBanner },
    plugins: [
      compileCacheEntries,
      builtRenderFiles,
      sourceUrls(outdir),
      npmPackagesPolicy,
      asciiOutputs,
    ],
  });
  await removeOldOutputs(outdir, result.metafile);
  // Compiled code of the previous build's files: never read again (Node checks each file's
  // contents), so it goes with them.
  await rm(path.join(outdir, compileCacheDir), { recursive: true, force: true });
  await writeFile(path.join(outdir, 'build.json'), JSON.stringify(result.metafile));
  return result;
}

/** Builds the server when there is no build yet or a source changed since the last one. */
export async function buildServerIfNeeded({ force = false } = {}) {
  const builtAt = existsSync(builtStamp) ? statSync(builtStamp).mtimeMs : 0;
  const isStale = sources.some((source) => newestChange(source) > builtAt);
  if (!force && !isStale) return;
  console.log('Building the server…');
  try {
    await buildServer();
  } catch (error) {
    console.error('The server did not build; see the messages above.');
    if (!error?.errors) console.error(error);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServer();
  console.log(`Built the server into ${path.relative(root, serverBuildDir)}`);
}
