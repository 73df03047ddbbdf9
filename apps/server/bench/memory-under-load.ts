// The server's resident memory under a busy portal's load (issue 52): the portal in a process of
// its own as `npm start` runs it (built JavaScript, embedded database in a data directory, its
// job worker and render threads, the local file store), four decks generated at once through
// the API and the job queue, `GET /api/recent-decks` at a steady 300 requests a second
// (autocannon), and, while both run, a rep uploading a 10 MB photo and an editor importing a
// 10 MB PowerPoint file.
// The server's resident size is read from /proc every 50 ms on a thread of its own, at rest and
// under that load, with the process's child processes (LibreOffice at import) beside it, and its
// two processes' (web and render) with the pages they share counted once.
// `BENCH_MEMORY_SERVER_ENV` (a JSON object) adds to the server's environment, to compare settings;
// `BENCH_MEMORY_PARTS=1` adds each part's memory at the peak and at rest (memory-parts-probe.cjs);
// `BENCH_MEMORY_NO_IMPORT=1` leaves the import out, to see what it adds.
// `node --import tsx apps/server/bench/memory-under-load.ts` prints one JSON line for
// bench/memory-under-load-section.ts.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { createTemplateLibrary, generateDeck as generateDeckFiles } from '@deck-portal/deck-engine';
import { benchDraft, makePictures, PICTURE_ORIGIN } from '../../../bench/bench-deck.ts';
import { serverMallocEnv, serverNodeFlags } from '../../../scripts/server-runtime.mjs';
import {
  createBenchDatabase,
  makeAccounts,
  startBenchServer,
  stopBenchServer,
} from './bench-server.ts';
import { generateDeck, importSettled, noisePhoto, postFile, pptxType } from './portal-load.ts';

const SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 12);
const RATE = Number(process.env.BENCH_MEMORY_READ_RATE ?? 300);
const GENERATORS = 4;
const READERS = 10;
const REST_MS = 3_000;
/** When the upload and the import are sent, after the decks and the reads have started. */
const FILES_AFTER_MS = 2_000;

// With BENCH_MEMORY_PARTS=1, each thread of the server writes its own figures
// (memory-parts-probe.cjs) and the answer adds them at the peak: which part grew.
const partsDir = process.env.BENCH_MEMORY_PARTS
  ? mkdtempSync(path.join(tmpdir(), 'memory-parts-'))
  : undefined;
const serverEnv = JSON.parse(process.env.BENCH_MEMORY_SERVER_ENV ?? '{}') as Record<string, string>;
// BENCH_MEMORY_NO_IMPORT=1 sends the photo but not the PowerPoint file: what the import adds.
const withoutImport = Boolean(process.env.BENCH_MEMORY_NO_IMPORT);
if (partsDir) {
  const probe = fileURLToPath(new URL('memory-parts-probe.cjs', import.meta.url));
  serverEnv.NODE_OPTIONS = `${serverEnv.NODE_OPTIONS ?? ''} --require ${probe}`.trim();
  serverEnv.BENCH_MEMORY_PARTS = partsDir;
}

const bench = await createBenchDatabase(undefined);
const [editor, rep] = await makeAccounts(bench.where, ['Bench Admin', 'Bench Rep']);
// Built, as `npm start` runs it (scripts/start.mjs: V8's and glibc's memory settings of
// scripts/server-runtime.mjs), with a job worker per deck made at once.
const server = await startBenchServer(
  bench.where,
  {
    ...serverMallocEnv,
    JOB_WORKERS: String(GENERATORS),
    // More of the server's environment, to compare settings (V8 flags through NODE_OPTIONS, after
    // npm start's own: a flag given twice takes the last).
    ...serverEnv,
    NODE_OPTIONS: [...serverNodeFlags, serverEnv.NODE_OPTIONS ?? ''].join(' ').trim(),
  },
  { isBuilt: true },
);
const base = server.baseUrl;
const pid = server.child.pid!;

/** One of the server process's memory figures from the kernel, in bytes. */
function serverStatus(field: 'VmRSS' | 'VmHWM') {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)![1]) * 1024;
}

/**
 * Reads the server's resident size, that of the server's own processes (the web process and its
 * render process) and that of the server with all its child processes (LibreOffice's too), every
 * 50 ms until told to stop, on a thread of its own: the load generator's event loop must not
 * delay the samples.
 */
const samplerSource = `
const { readFileSync, readdirSync, readlinkSync } = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const rssOf = (pid) => {
  try {
    return Number(/VmRSS:\\s+(\\d+) kB/.exec(readFileSync('/proc/' + pid + '/status', 'utf8'))[1]) * 1024;
  } catch {
    return 0; // a child that has just ended
  }
};
// A process's private and shared resident pages (/proc's smaps_rollup). The web and render
// processes share Node's binary and libraries (~55 MB, in each one's RSS): the server's memory
// counts those pages once, as one process would have (its private pages, and the larger of its
// processes' shared parts).
const pagesOf = (pid) => {
  try {
    const rollup = readFileSync('/proc/' + pid + '/smaps_rollup', 'utf8');
    const field = (name) => Number(new RegExp('\\\\n' + name + ':\\\\s+(\\\\d+) kB').exec(rollup)?.[1] ?? 0) * 1024;
    return {
      own: field('Private_Clean') + field('Private_Dirty'),
      shared: field('Shared_Clean') + field('Shared_Dirty'),
    };
  } catch {
    return { own: 0, shared: 0 };
  }
};
const childrenOf = (pid) => {
  const children = [];
  try {
    for (const task of readdirSync('/proc/' + pid + '/task')) {
      const list = readFileSync('/proc/' + pid + '/task/' + task + '/children', 'utf8').trim();
      if (list) children.push(...list.split(/\\s+/).map(Number));
    }
  } catch {
    // ended meanwhile
  }
  return children;
};
const exeOf = (pid) => {
  try {
    return readlinkSync('/proc/' + pid + '/exe');
  } catch {
    return '';
  }
};
const { pid } = workerData;
const serverExe = exeOf(pid);
// Resident sizes of the tree under root: all of it, and its processes running the server's Node
// (the web process and its render process; not LibreOffice).
const treeRss = (root) => {
  let tree = 0;
  let server = 0;
  let serverOwn = 0;
  let serverShared = 0;
  const visit = (at) => {
    const own = rssOf(at);
    tree += own;
    if (exeOf(at) === serverExe) {
      server += own;
      const pages = pagesOf(at);
      serverOwn += pages.own;
      serverShared = Math.max(serverShared, pages.shared);
    }
    for (const child of childrenOf(at)) visit(child);
  };
  visit(root);
  return { tree, server, serverOnce: serverOwn + serverShared };
};
const started = performance.now();
const samples = [];
const timer = setInterval(() => {
  const { tree, server, serverOnce } = treeRss(pid);
  samples.push({ at: Math.round(performance.now() - started), rss: rssOf(pid), server, serverOnce, tree });
}, 50);
parentPort.once('message', () => {
  clearInterval(timer);
  parentPort.postMessage(samples);
});
`;
type Sample = { at: number; rss: number; server: number; serverOnce: number; tree: number };

/** Samples the server's memory until `until` settles; answers the samples. */
async function sampleUntil(until: Promise<unknown>) {
  const sampler = new Worker(samplerSource, { eval: true, workerData: { pid } });
  const samples = new Promise<Sample[]>((resolve, reject) => {
    sampler.once('message', resolve);
    sampler.once('error', reject);
  });
  await until;
  sampler.postMessage('stop');
  const answer = await samples;
  await sampler.terminate();
  return answer;
}

/** `GET /api/recent-decks` at `RATE` requests a second for `SECONDS`. */
async function read() {
  const result = await autocannon({
    url: `${base}/api/recent-decks?page=1&pageSize=10`,
    connections: READERS,
    duration: SECONDS,
    overallRate: RATE,
    headers: { cookie: rep!.cookie },
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${result.non2xx} answers were not 2xx, ${result.errors} errors`);
  }
  const { latency } = result;
  return {
    n: result.requests.total,
    perSecond: Math.round(result.requests.total / SECONDS),
    p50: latency.p50,
    p99: latency.p99,
    max: latency.max,
  };
}

/** A PowerPoint file of three slides, one of them a 10 MB photo beside a small picture. */
async function presentationWithPhoto(pictures: Awaited<ReturnType<typeof makePictures>>) {
  const photoUrl = `${PICTURE_ORIGIN}large-photo.png`;
  const [smallUrl, small] = [...pictures][0]!;
  const heavy = benchDraft();
  heavy.templateCustomization.selectedSlides = ['title', 'thank-you'];
  heavy.productSelection.includePricing = false;
  heavy.templateCustomization.customSlides = [
    {
      ...heavy.templateCustomization.customSlides[0]!,
      placeholderContent: { title: 'The site', left_image: photoUrl, right_image: smallUrl },
    },
  ];
  const { pptx } = await generateDeckFiles(heavy, {
    library: createTemplateLibrary(),
    images: { preloaded: { [photoUrl]: await noisePhoto(), [smallUrl]: small.bytes } },
  });
  return pptx;
}

const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;

type PartSample = {
  at: number;
  heap: number;
  young: number;
  external: number;
  gcMs: number;
  rss?: number;
  glibcHeap?: number;
  fileBacked?: number;
  wasm?: number;
  otherAnonymous?: number;
};

/**
 * The server's parts (MB) when its main thread saw the most resident memory, or, given a span of
 * time (`Date.now()`), at the span's middle: each thread's V8 heap and memory outside it (thread 0
 * is the main one; a busy thread's figure is its last before that moment), glibc's heap, the
 * binary and libraries, the embedded database's WebAssembly memory's resident part.
 */
function partsAt(dir: string, span?: { from: number; to: number }) {
  // Keyed as the answer names them: the web process's threads by number, the render process's
  // as `render-N`.
  const threads = new Map<string, PartSample[]>();
  for (const name of readdirSync(dir)) {
    const lines = readFileSync(path.join(dir, name), 'utf8').trim().split('\n');
    threads.set(
      threadKey(name),
      lines.map((line) => JSON.parse(line) as PartSample),
    );
  }
  const withHeap = (threads.get('0') ?? []).filter((sample) => sample.glibcHeap !== undefined);
  const middle = span ? (span.from + span.to) / 2 : 0;
  const moment = span
    ? withHeap
        .filter((sample) => sample.at >= span.from && sample.at <= span.to)
        .reduce<PartSample | undefined>(
          (near, sample) =>
            Math.abs(sample.at - middle) < Math.abs((near?.at ?? Infinity) - middle)
              ? sample
              : near,
          undefined,
        )
    : withHeap.reduce<PartSample | undefined>(
        (top, sample) => (sample.rss! > (top?.rss ?? 0) ? sample : top),
        undefined,
      );
  if (!moment) return undefined;
  const lastBy = (samples: PartSample[]) =>
    samples.filter((sample) => sample.at <= moment.at + 100).at(-1) ?? samples[0]!;
  const byThread = Object.fromEntries(
    [...threads].map(([id, samples]) => {
      const last = lastBy(samples);
      return [id, { heap: last.heap, young: last.young, external: last.external }];
    }),
  );
  const renderMain = threads.get('render-0')?.filter((sample) => sample.glibcHeap !== undefined);
  const render = renderMain?.length ? lastBy(renderMain) : undefined;
  return {
    at: moment.at,
    rss: moment.rss,
    glibcHeap: moment.glibcHeap,
    fileBacked: moment.fileBacked,
    wasm: moment.wasm,
    otherAnonymous: moment.otherAnonymous,
    threads: byThread,
    ...(render
      ? {
          render: {
            rss: render.rss,
            glibcHeap: render.glibcHeap,
            fileBacked: render.fileBacked,
            otherAnonymous: render.otherAnonymous,
          },
        }
      : {}),
  };
}

/** A parts file's thread: `web-thread-3` is 3, `render-thread-1` is render-1. */
function threadKey(name: string) {
  const [, process, id] = /^(web|render)-thread-(\d+)/.exec(name)!;
  return process === 'web' ? id! : `render-${id}`;
}

/** Each thread's garbage collections' time (ms) from `from` (`Date.now()`) to its last sample. */
function gcTimeSince(dir: string, from: number) {
  return Object.fromEntries(
    readdirSync(dir).map((name) => {
      const samples = readFileSync(path.join(dir, name), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as PartSample);
      const before = samples.filter((sample) => sample.at <= from).at(-1) ?? samples[0]!;
      return [threadKey(name), samples.at(-1)!.gcMs - before.gcMs];
    }),
  );
}

let figures;
let restSpan: { from: number; to: number } | undefined;
try {
  // The rep's pictures, uploaded as the wizard uploads them: the decks' picture slides name them.
  const upload = async (bytes: Uint8Array<ArrayBuffer>, type: string) => {
    const sent = await postFile(base, '/api/uploads', rep!, bytes, type);
    if (sent.status !== 201) throw new Error(`upload answered ${sent.status}: ${sent.answer}`);
    return (JSON.parse(sent.answer) as { url: string }).url;
  };
  const pictures = await makePictures();
  let draftJson = JSON.stringify(benchDraft());
  for (const [url, picture] of pictures) {
    const type = picture.kind === 'png' ? 'image/png' : 'image/jpeg';
    draftJson = draftJson.replaceAll(url, await upload(new Uint8Array(picture.bytes), type));
  }
  if (draftJson.includes(PICTURE_ORIGIN)) throw new Error('a picture was not uploaded');
  const draft = JSON.parse(draftJson) as ReturnType<typeof benchDraft>;

  // The PowerPoint file to import: a deck the engine makes here whose picture slide holds a
  // 10 MB photo (PNG and JPEG pictures go into the file as they are).
  const presentation = new Uint8Array(await presentationWithPhoto(pictures));

  const photo = new Uint8Array(await noisePhoto()); // a new photo, not one the server has seen

  // Some decks in the rep's list, and every path warm, as a portal that has run for a while.
  for (let i = 0; i < 7; i += 1) await generateDeck(base, rep!, draft);
  // The eighth: it holds the rep's pictures (a picture left out makes every deck lighter).
  const made = await fetch(`${base}/api/decks/${await generateDeck(base, rep!, draft)}`, {
    headers: { cookie: rep!.cookie },
  });
  const { warnings } = (await made.json()) as { warnings: string[] };
  if (warnings.length > 0) throw new Error(`the deck was made with warnings: ${warnings}`);
  await autocannon({
    url: `${base}/api/recent-decks?page=1&pageSize=10`,
    connections: READERS,
    duration: 2,
    headers: { cookie: rep!.cookie },
  });

  restSpan = { from: Date.now(), to: 0 };
  const rest = await sampleUntil(new Promise((resolve) => setTimeout(resolve, REST_MS)));
  restSpan.to = Date.now();

  let isGenerating = true;
  let decks = 0;
  const started = performance.now();
  const generators = Array.from({ length: GENERATORS }, async () => {
    while (isGenerating) {
      await generateDeck(base, rep!, draft);
      decks += 1;
    }
  });
  const marks: Record<string, number> = {};
  const reading = read().finally(() => (marks.readsDone = Math.round(performance.now() - started)));
  const files = (async () => {
    await new Promise((resolve) => setTimeout(resolve, FILES_AFTER_MS));
    const sentAt = performance.now();
    marks.filesSent = Math.round(sentAt - started);
    if (withoutImport) {
      const upload = await postFile(base, '/api/uploads', rep!, photo, 'image/png');
      if (upload.status !== 201) throw new Error(`upload ${upload.status} ${upload.answer}`);
      return { answeredMs: performance.now() - sentAt, importState: 'not sent', importMs: 0 };
    }
    const [upload, imported] = await Promise.all([
      postFile(base, '/api/uploads', rep!, photo, 'image/png'),
      postFile(base, '/api/library/imports', editor!, presentation, pptxType),
    ]);
    if (upload.status !== 201 || imported.status !== 202) {
      throw new Error(`upload ${upload.status} ${upload.answer}; import ${imported.status}`);
    }
    const answeredMs = performance.now() - sentAt;
    marks.filesAnswered = Math.round(performance.now() - started);
    const { id } = JSON.parse(imported.answer) as { id: string };
    const importState = await importSettled(base, editor!, id);
    marks.importSettled = Math.round(performance.now() - started);
    return { answeredMs, importState, importMs: performance.now() - sentAt };
  })();
  // The decks go on until the reads are done and the import has read its file.
  const load = sampleUntil(
    Promise.all([reading, files]).finally(async () => {
      isGenerating = false;
      await Promise.all(generators);
    }),
  );
  const samples = await load;
  const reads = await reading;
  const sent = await files;
  const loadMs = performance.now() - started;
  const peakHwm = serverStatus('VmHWM');

  // The samples over time, to see what grew when.
  if (process.env.BENCH_MEMORY_TRACE) {
    const trace = { marks, rest, samples };
    writeFileSync(process.env.BENCH_MEMORY_TRACE, JSON.stringify(trace));
  }
  const peak = samples.reduce((top, sample) => (sample.rss > top.rss ? sample : top));
  const peakTree = Math.max(...samples.map((sample) => sample.tree));
  const peakServer = Math.max(...samples.map((sample) => sample.server));
  const peakServerOnce = Math.max(...samples.map((sample) => sample.serverOnce));
  const restRss = [...rest.map((sample) => sample.rss)].sort((a, b) => a - b);
  figures = {
    database: 'pglite',
    seconds: SECONDS,
    rate: RATE,
    readers: READERS,
    generators: GENERATORS,
    photoBytes: photo.length,
    presentationBytes: presentation.length,
    samples: samples.length,
    restMb: mb(restRss[Math.floor(restRss.length / 2)]!),
    peakMb: mb(peak.rss),
    peakAtMs: peak.at,
    peakServerMb: mb(peakServer),
    peakServerSharedOnceMb: mb(peakServerOnce),
    peakWithChildrenMb: mb(peakTree),
    highWaterMb: mb(peakHwm),
    reads,
    decks,
    decksPerSecond: Math.round((decks / (loadMs / 1000)) * 10) / 10,
    loadMs: Math.round(loadMs),
    filesAnsweredMs: Math.round(sent.answeredMs),
    importMs: Math.round(sent.importMs),
    importState: sent.importState,
  };
} finally {
  await stopBenchServer(server);
  await bench.remove();
}
if (partsDir) {
  figures = {
    ...figures!,
    parts: partsAt(partsDir),
    ...(restSpan ? { partsAtRest: partsAt(partsDir, restSpan) } : {}),
    ...(restSpan ? { gcMsUnderLoad: gcTimeSince(partsDir, restSpan.to) } : {}),
  };
  rmSync(partsDir, { recursive: true, force: true });
}
console.log(JSON.stringify(figures));
