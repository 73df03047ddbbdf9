import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { serverNodeFlags } from '../../../scripts/server-runtime.mjs';

// In a process run with npm start's flags: how large each thread's young generation grows (V8's
// new space: two of its three semi-spaces) while it makes short-lived objects, in MB. The main
// thread first, then a worker thread started as the render pool starts its threads, then one
// with the database thread's `resourceLimits`.
const probe = `
const { getHeapSpaceStatistics } = require('node:v8');
const { Worker } = require('node:worker_threads');
const churn = \`(() => {
  let kept = [];
  for (let i = 0; i < 1.5e6; i += 1) {
    kept.push({ i, list: [i] });
    if (kept.length > 200000) kept = [];
  }
  const { space_size } = require('node:v8').getHeapSpaceStatistics()
    .find((space) => space.space_name === 'new_space');
  return space_size / 1048576;
})()\`;
const inWorker = (resourceLimits) =>
  new Promise((resolve, reject) => {
    const worker = new Worker(
      "require('node:worker_threads').parentPort.postMessage(" + churn + ')',
      { eval: true, resourceLimits },
    );
    worker.once('message', resolve);
    worker.once('error', reject);
  });
(async () => {
  const main = eval(churn);
  const render = await inWorker(undefined);
  const database = await inWorker({ maxYoungGenerationSizeMb: 12 });
  console.log(JSON.stringify({ main, render, database }));
})();
`;

it("npm start's flags give the main thread a small young generation and leave the worker threads theirs", async () => {
  const { stdout } = await promisify(execFile)(process.execPath, [...serverNodeFlags, '-e', probe]);
  const sizes = JSON.parse(stdout) as { main: number; render: number; database: number };
  // --max-semi-space-size=8: two semi-spaces of at most 8 MB.
  expect(sizes.main).toBeLessThanOrEqual(16);
  // V8's own (16 MB semi-spaces on a 64-bit machine), as without the flag.
  expect(sizes.render).toBeGreaterThan(sizes.main);
  expect(sizes.render).toBeGreaterThanOrEqual(32);
  // The database thread's 12 MB (three semi-spaces of 4 MB).
  expect(sizes.database).toBeLessThanOrEqual(8);
}, 60_000);
