// Files sent as raw request bodies must not hold the server up: /healthz answered at rest, then
// while three reps upload a 10 MB photo each and an editor imports a 60 MB PowerPoint file, all
// at once, against the portal in a process of its own (embedded database, local file store);
// and how much the server process grows meanwhile, against the bytes in flight.
// `node --import tsx apps/server/bench/uploads-while-serving.ts` prints one JSON line for
// bench/run.ts.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import {
  createBenchDatabase,
  makeAccounts,
  startBenchServer,
  stopBenchServer,
} from './bench-server.ts';
import { serverMallocEnv, serverNodeFlags } from '../../../scripts/server-runtime.mjs';
import { importSettled, noisePhoto, pptxType } from './portal-load.ts';

const ROUNDS = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 3);
const REST_MS = 3_000;
const PHOTOS = 3;

/** The named variables of this process's environment that are set. */
function passedOn(...names: string[]): Record<string, string> {
  return Object.fromEntries(
    names.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
  );
}

const bench = await createBenchDatabase(undefined);
const [admin, ...reps] = await makeAccounts(bench.where, [
  'Bench Admin',
  ...Array.from({ length: PHOTOS }, (_, i) => `Bench Rep ${i + 1}`),
]);
// As `npm start` runs it (scripts/start.mjs): built, with V8's and glibc's memory settings of
// scripts/server-runtime.mjs. `BENCH_UPLOAD_NODE_OPTIONS` adds to the server's options (to
// profile it, `--require` a script that starts node:inspector's profiler: Node refuses
// `--cpu-prof` in NODE_OPTIONS). `BACKGROUND_NICE` and `OFFICE_RENDERER`, when
// set, are the server's (to compare background work at the server's priority, or no LibreOffice).
const server = await startBenchServer(
  bench.where,
  {
    ...serverMallocEnv,
    ...passedOn('BACKGROUND_NICE', 'OFFICE_RENDERER'),
    NODE_OPTIONS: [...serverNodeFlags, process.env.BENCH_UPLOAD_NODE_OPTIONS ?? '']
      .join(' ')
      .trim(),
  },
  { isBuilt: true },
);
const { hostname, port } = new URL(server.baseUrl);
const pid = server.child.pid!;

/**
 * A 60 MB PowerPoint package: a real presentation from the importer's fixtures (28 slides of
 * text, tables and pictures) carrying a large video stored uncompressed, as PowerPoint stores
 * media it cannot compress, so the import's job reads, draws and renders a whole deck.
 */
function largePresentation(mediaBytes: number) {
  const fixture = fileURLToPath(
    new URL(
      '../../../packages/deck-engine/test-fixtures/pptx/au.asn.aes.www_conferences_2011_presentations_Fri_20Room4Level4_20930_20Maloney.pptx',
      import.meta.url,
    ),
  );
  const files: Zippable = unzipSync(readFileSync(fixture));
  const types = strFromU8(files['[Content_Types].xml'] as Uint8Array);
  files['[Content_Types].xml'] = strToU8(
    types.includes('Extension="mp4"')
      ? types
      : types.replace('<Default ', '<Default Extension="mp4" ContentType="video/mp4"/><Default '),
  );
  files['ppt/media/benchVideo1.mp4'] = [randomBytes(mediaBytes), { level: 0 }];
  return Buffer.from(zipSync(files));
}

const photos = await Promise.all(reps.map(() => noisePhoto()));
const presentation = largePresentation(60 * 1000 * 1000);
const bytesInFlight = photos.reduce((total, p) => total + p.length, 0) + presentation.length;

/**
 * The resident memory of process `root` and its descendants (the render process, LibreOffice),
 * from the kernel: plain JavaScript, which the probe thread below runs too.
 */
const treeRssSource = `(root) => {
  const fs = process.getBuiltinModule('node:fs');
  const of = (pid) => {
    let own = 0;
    const children = [];
    try {
      own = Number(/VmRSS:\\s+(\\d+) kB/.exec(fs.readFileSync('/proc/' + pid + '/status', 'utf8'))?.[1] ?? 0) * 1024;
      for (const task of fs.readdirSync('/proc/' + pid + '/task')) {
        const list = fs.readFileSync('/proc/' + pid + '/task/' + task + '/children', 'utf8').trim();
        if (list) children.push(...list.split(/\\s+/).map(Number));
      }
    } catch {
      // ended meanwhile
    }
    return children.reduce((total, child) => total + of(child), own);
  };
  return of(root);
}`;
const treeRss = new Function(`return ${treeRssSource}`)() as (root: number) => number;

/** The server's resident memory, its render process's and LibreOffice's included. */
const serverRss = () => treeRss(pid);

/**
 * CPU time the server's main thread (the one answering requests) has used, in ms, from the
 * kernel: a figure the machine's other load moves less than the latencies.
 */
function serverMainThreadCpuMs() {
  const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime, in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * How long the server's main thread has waited, runnable, for a core, in ms (the kernel's
 * schedstat): what the machine's other threads, the server's own background work among them,
 * cost the thread that answers requests.
 */
function serverMainThreadWaitMs() {
  const [, waitNs] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ');
  return Math.round(Number(waitNs) / 1e6);
}

/**
 * Probes /healthz one request after another, and reads the server's resident memory, on a
 * thread of its own until told to stop: the uploads are sent from another (the sender's, below),
 * whose event loop copying 90 MB of bodies must not be counted as the server's delay.
 */
const probeSource = `
const { get, Agent } = require('node:http');
const { readFileSync } = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const { hostname, port, pid } = workerData;
const treeRss = ${treeRssSource};
const rss = () => treeRss(pid);
let isDone = false;
parentPort.once('message', () => (isDone = true));
(async () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const waits = [];
  let peakRss = rss();
  while (!isDone) {
    const started = performance.now();
    await new Promise((resolve, reject) =>
      get({ host: hostname, port, path: '/healthz', agent }, (res) => {
        res.resume();
        res.on('end', resolve);
      }).on('error', reject),
    );
    waits.push(performance.now() - started);
    peakRss = Math.max(peakRss, rss());
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  agent.destroy();
  parentPort.postMessage({ waits, peakRss });
})();
`;

/** Probes /healthz from another thread until `until` settles; answers each wait. */
async function probeUntil(until: Promise<unknown>) {
  const probe = new Worker(probeSource, { eval: true, workerData: { hostname, port, pid } });
  const result = new Promise<{ waits: number[]; peakRss: number }>((resolve, reject) => {
    probe.once('message', resolve);
    probe.once('error', reject);
  });
  await until.catch(() => undefined);
  probe.postMessage('stop');
  const answer = await result;
  await probe.terminate();
  return answer;
}

/**
 * Sends the round's uploads from a thread of its own at the lowest priority (nice 19), and
 * answers each one's status and body. The reps' browsers are on other machines: here their
 * sending (90 MB through fetch, and the kernel's loopback work done in the sending thread) took
 * 60–70% of both cores in the first half second of each round, and the server's main thread
 * waited for a core behind it. Lowered, the sender takes what the server leaves. The probe's
 * thread, started from this one, keeps the normal priority. The bodies are handed over once.
 */
const senderSource = `
const { parentPort, workerData } = require('node:worker_threads');
const { setPriority } = require('node:os');
try {
  setPriority(0, 19); // on Linux, this thread only
} catch {
  // not permitted here: it sends at the normal priority
}
const { base, posts } = workerData;
const send = ({ path, cookie, type, body }) =>
  fetch(base + path, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': type },
    body,
  }).then(async (res) => ({ status: res.status, answer: await res.text() }));
parentPort.on('message', () => {
  Promise.all(posts.map(send)).then(
    (answers) => parentPort.postMessage({ answers }),
    (error) => parentPort.postMessage({ error: String(error) }),
  );
});
`;
const uploadsToSend = [
  ...photos.map((bytes, i) => ({
    path: '/api/uploads',
    cookie: reps[i]!.cookie,
    type: 'image/png',
    body: new Uint8Array(bytes),
  })),
  {
    path: '/api/library/imports',
    cookie: admin!.cookie,
    type: pptxType,
    body: new Uint8Array(presentation),
  },
];
const sender = new Worker(senderSource, {
  eval: true,
  workerData: { base: server.baseUrl, posts: uploadsToSend },
  transferList: uploadsToSend.map((post) => post.body.buffer),
});
sender.unref();

/** The round's four uploads, sent at once from the sender's thread. */
const sendUploads = () =>
  new Promise<{ status: number; answer: string }[]>((resolve, reject) => {
    sender.once(
      'message',
      (sent: { answers?: { status: number; answer: string }[]; error?: string }) =>
        sent.answers
          ? resolve(sent.answers)
          : reject(new Error(`the uploads failed: ${sent.error}`)),
    );
    sender.postMessage('send');
  });

const atRest: number[] = [];
const underLoad: number[] = [];
const rssGrowth: number[] = [];
const loadMs: number[] = [];
const mainThreadCpuMs: number[] = [];
const mainThreadWaitMs: number[] = [];
let importState = '';
for (let round = 0; round < ROUNDS; round += 1) {
  const rest = await probeUntil(new Promise((resolve) => setTimeout(resolve, REST_MS)));
  atRest.push(...rest.waits);
  const before = serverRss();
  const cpuBefore = serverMainThreadCpuMs();
  const waitBefore = serverMainThreadWaitMs();
  const started = performance.now();
  const sending = sendUploads();
  const load = await probeUntil(sending);
  loadMs.push(performance.now() - started);
  mainThreadCpuMs.push(serverMainThreadCpuMs() - cpuBefore);
  mainThreadWaitMs.push(serverMainThreadWaitMs() - waitBefore);
  const answers = await sending;
  const statuses = answers.map((a) => a.status);
  if (statuses.join() !== '201,201,201,202') {
    throw new Error(`uploads answered ${answers.map((a) => `${a.status} ${a.answer}`).join('; ')}`);
  }
  underLoad.push(...load.waits);
  rssGrowth.push(load.peakRss - before);
  const { id } = JSON.parse(answers[PHOTOS]!.answer) as { id: string };
  importState = await importSettled(server.baseUrl, admin!, id);
  if (importState !== 'ready') throw new Error(`the presentation's import ended ${importState}`);
}
await sender.terminate();
await stopBenchServer(server);
await bench.remove();

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  const round = (v: number) => Math.round(v * 10) / 10;
  return { n: sorted.length, p50: round(at(0.5)), p99: round(at(0.99)), max: round(at(1)) };
}
const rest = stats(atRest);
const load = stats(underLoad);
process.stdout.write(
  `${JSON.stringify({
    rounds: ROUNDS,
    photoBytes: photos.map((p) => p.length),
    presentationBytes: presentation.length,
    bytesInFlight,
    importState,
    atRest: rest,
    underLoad: load,
    p99Ratio: Math.round((load.p99 / rest.p99) * 100) / 100,
    loadMs: loadMs.map(Math.round),
    mainThreadCpuMs,
    mainThreadWaitMs,
    maxRssGrowth: Math.max(...rssGrowth),
    rssGrowthRatio: Math.round((Math.max(...rssGrowth) / bytesInFlight) * 100) / 100,
  })}\n`,
);
