// Preloaded into the server by memory-under-load.ts when BENCH_MEMORY_PARTS is set
// (`NODE_OPTIONS=--require …`, which worker threads run too): every 100 ms each thread appends
// its V8 heap's resident size (and its young generation's), its memory outside the heap and the
// time its garbage collections have taken so far to a file of its own; each process's main
// thread adds its process's resident size and, every 500 ms, glibc's heap, the file-backed part and the
// WebAssembly memories' resident part from /proc/self/smaps. A busy thread writes late: a render thread's last line may be a
// few seconds old.
const { appendFileSync, readFileSync } = process.getBuiltinModule('node:fs');
const { getHeapSpaceStatistics, getHeapStatistics } = process.getBuiltinModule('node:v8');
const { isMainThread, threadId } = process.getBuiltinModule('node:worker_threads');
const { PerformanceObserver } = process.getBuiltinModule('node:perf_hooks');

// The web process's threads and the render process's (render-host) write files of their own:
// `web-thread-N`, `render-thread-N`. A worker thread's process.argv does not name the entry: it
// reads its process's name from the environment its main thread leaves it.
if (isMainThread) {
  process.env.BENCH_MEMORY_PROCESS = /render-host\.[jt]s$/.test(process.argv[1] ?? '')
    ? 'render'
    : 'web';
}
const processName = process.env.BENCH_MEMORY_PROCESS ?? 'web';
const file = `${process.env.BENCH_MEMORY_PARTS}/${processName}-thread-${threadId}.jsonl`;
const mb = (bytes) => Math.round(bytes / 1048576);

/**
 * V8 reserves 8 GB or more of address space for each WebAssembly memory: its pages in use, then
 * the rest inaccessible (guard regions), as two neighbouring mappings.
 */
const WASM_RESERVATION = 8 * 1024 ** 3;

/**
 * glibc's main heap, the file-backed mappings (binary, libraries) and the WebAssembly memories'
 * resident part (the embedded database's), resident MB.
 */
function mappings() {
  let glibcHeap = 0;
  let fileBacked = 0;
  let wasm = 0;
  let anonymous = 0;
  let mapping;
  let previous;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      previous = mapping;
      const [from, to] = [parseInt(head[1], 16), parseInt(head[2], 16)];
      mapping = { from, to, access: head[3], name: head[4], rss: 0 };
      const isGuard = mapping.access === '---p' && mapping.name === '';
      if (isGuard && previous?.to === from && previous.access === 'rw-p' && previous.name === '') {
        if (to - previous.from >= WASM_RESERVATION) wasm += previous.rss;
      }
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (!rss) continue;
    mapping.rss = Number(rss[1]);
    if (mapping.name === '[heap]') glibcHeap += mapping.rss;
    else if (mapping.name.startsWith('/')) fileBacked += mapping.rss;
    else if (mapping.name === '') anonymous += mapping.rss;
  }
  return {
    glibcHeap: glibcHeap >> 10,
    fileBacked: fileBacked >> 10,
    wasm: wasm >> 10,
    otherAnonymous: (anonymous - wasm) >> 10,
  };
}

const youngSpaces = new Set(['new_space', 'new_large_object_space']);
const youngSize = () =>
  getHeapSpaceStatistics()
    .filter((space) => youngSpaces.has(space.space_name))
    .reduce((total, space) => total + space.physical_space_size, 0);

/** This thread's garbage collections' time so far, ms. */
let gcMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMs += entry.duration;
}).observe({ entryTypes: ['gc'] });

let ticks = 0;
setInterval(() => {
  const usage = process.memoryUsage();
  const sample = {
    at: Date.now(),
    heap: mb(getHeapStatistics().total_physical_size),
    // The young generation (new space and its large objects) and the old (the rest), resident.
    young: mb(youngSize()),
    external: mb(usage.external),
    gcMs: Math.round(gcMs),
  };
  if (isMainThread) {
    sample.rss = mb(usage.rss);
    if (ticks % 5 === 0) Object.assign(sample, mappings());
    ticks += 1;
  }
  appendFileSync(file, `${JSON.stringify(sample)}\n`);
}, 100).unref();
