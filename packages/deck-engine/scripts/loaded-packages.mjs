// `node --import tsx loaded-packages.mjs MODULE...`: imports the modules, then prints (JSON) the
// npm packages the process has loaded, by name: what a process that imports them pays for at
// its start. ES modules are seen by a loader hook as they load, CommonJS ones in require's cache.
import { createRequire, register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';

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
const packages = new Set();
for (const file of files) {
  const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file);
  if (match) packages.add(match[1]);
}
process.stdout.write(JSON.stringify([...packages].sort()));
