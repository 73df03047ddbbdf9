// `node --import tsx loaded-packages.mjs MODULE...`: imports the modules, then prints (JSON) the
// npm packages the process has loaded, by name: what a process that imports them pays for at
// its start. ES modules are seen by a loader hook as they load, CommonJS ones in require's cache.
// A file of a bundle with esbuild's metafile beside it (`build.json`, as scripts/build-server.mjs
// writes) counts the npm packages bundled into it as loaded too.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import path from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { fileURLToPath, pathToFileURL } from 'node:url';

const { port1, port2 } = new MessageChannel();
const loaded = new Set();
port1.on('message', (url) => loaded.add(url));
const hook = `let port;
export function initialize(data) { port = data.port; }
export async function load(url, context, next) { port.postMessage(url); return next(url, context); }`;
register(`data:text/javascript,${encodeURIComponent(hook)}`, {
  data: { port: port2 },
  transferList: [port2],
});

for (const module of process.argv.slice(2)) {
  await import(
    module.startsWith('.') || module.startsWith('/') ? pathToFileURL(module).href : module
  );
}
// The hook's last messages cross threads after the imports settle.
await new Promise((resolve) => setTimeout(resolve, 200));
port1.close();
const files = [
  ...loaded,
  ...Object.keys(createRequire(import.meta.url).cache).map((file) => pathToFileURL(file).href),
];
/** The inputs esbuild bundled into `url`'s file, as file URLs, when its folder has a metafile. */
const metafiles = new Map();
function bundledInputs(url) {
  if (!url.startsWith('file:') || !url.endsWith('.js')) return [];
  const file = fileURLToPath(url);
  const metafilePath = path.join(path.dirname(file), 'build.json');
  if (!metafiles.has(metafilePath)) {
    metafiles.set(
      metafilePath,
      existsSync(metafilePath) ? JSON.parse(readFileSync(metafilePath, 'utf8')) : null,
    );
  }
  const metafile = metafiles.get(metafilePath);
  if (!metafile) return [];
  // Output names are relative to the build's working folder, which `inputs` are relative to too.
  const [outputName, output] =
    Object.entries(metafile.outputs).find(
      ([name]) => path.basename(name) === path.basename(file),
    ) ?? [];
  if (!output) return [];
  const workingDir = file.slice(0, file.length - path.normalize(outputName).length);
  return Object.keys(output.inputs).map(
    (input) => pathToFileURL(path.join(workingDir, input)).href,
  );
}

const packages = new Set();
for (const file of files.flatMap((url) => [url, ...bundledInputs(url)])) {
  const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file);
  if (match) packages.add(match[1]);
}
process.stdout.write(JSON.stringify([...packages].sort()));
