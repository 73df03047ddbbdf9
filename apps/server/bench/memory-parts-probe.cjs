// Preloaded into the server by memory-under-load.ts when BENCH_MEMORY_PARTS is set
// (`NODE_OPTIONS=--require …`, which worker threads run too): every 100 ms each thread appends
// its V8 heap's resident size and its memory outside the heap to a file of its own; the main
// thread adds the process's resident size and, every 500 ms, glibc's heap and the file-backed
// part from /proc/self/smaps. A busy thread writes late: a render thread's last line may be a
// few seconds old.
const { appendFileSync, readFileSync } = process.getBuiltinModule('node:fs');
const { getHeapStatistics } = process.getBuiltinModule('node:v8');
const { isMainThread, threadId } = process.getBuiltinModule('node:worker_threads');

const file = `${process.env.BENCH_MEMORY_PARTS}/thread-${threadId}.jsonl`;
const mb = (bytes) => Math.round(bytes / 1048576);

/** glibc's main heap and the file-backed mappings (binary, libraries), resident MB. */
function mappings() {
  let glibcHeap = 0;
  let fileBacked = 0;
  let name = '';
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) name = head[1];
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (!rss) continue;
    if (name === '[heap]') glibcHeap += Number(rss[1]);
    else if (name.startsWith('/')) fileBacked += Number(rss[1]);
  }
  return { glibcHeap: glibcHeap >> 10, fileBacked: fileBacked >> 10 };
}

let ticks = 0;
setInterval(() => {
  const usage = process.memoryUsage();
  const sample = {
    at: Date.now(),
    heap: mb(getHeapStatistics().total_physical_size),
    external: mb(usage.external),
  };
  if (isMainThread) {
    sample.rss = mb(usage.rss);
    if (ticks % 5 === 0) Object.assign(sample, mappings());
    ticks += 1;
  }
  appendFileSync(file, `${JSON.stringify(sample)}\n`);
}, 100).unref();
