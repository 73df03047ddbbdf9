import { execFile } from 'node:child_process';
import {
  closeSync,
  mkdtempSync,
  openSync,
  read,
  readdirSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { getPriority, setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

/** What {@link lowerThreadPool} did: how many of the pool's threads it found and lowered. */
export interface ThreadPoolLowering {
  /** The pool's size (`UV_THREADPOOL_SIZE`, 4 when unset); 0 when nothing was tried. */
  threads: number;
  /** The pool's threads found (each now at the nice value asked for, or lower already). */
  found: number;
}

/** The range of C's `long` (64 bits on Linux), where glibc's `atoi` (`strtol`) stops. */
const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;

/**
 * The size of libuv's thread pool, read as libuv reads `UV_THREADPOOL_SIZE` (`init_threads`): 4
 * when unset; otherwise its leading number after C's white space (glibc's `atoi`: held to a
 * `long`'s range, then cut to an `int`) kept in an unsigned int, 0 or none meaning 1, more than
 * 1024 meaning 1024. So a negative number is 1024, and 4294967298 is 2.
 */
export function threadPoolSize(env: NodeJS.ProcessEnv = process.env): number {
  const value = env.UV_THREADPOOL_SIZE;
  if (value === undefined) return 4;
  const digits = /^[ \t\n\v\f\r]*([+-]?[0-9]+)/.exec(value)?.[1];
  if (digits === undefined) return 1;
  let asked = BigInt(digits);
  if (asked > LONG_MAX) asked = LONG_MAX;
  else if (asked < LONG_MIN) asked = LONG_MIN;
  const size = BigInt.asUintN(32, asked);
  if (size === 0n) return 1;
  return size > 1024n ? 1024 : Number(size);
}

/**
 * Lowers libuv's thread pool to nice value `niceness` (ADR 068), as the render threads lower
 * themselves (ADR 065): the pool deflates the decks' parts, decodes pictures (sharp, whose libvips
 * threads are started from it and inherit its value) and hashes passwords, and at the server's own
 * priority it took the cores from the thread answering requests while decks were made.
 *
 * Node names no thread of the pool, so each one is made to show itself: as many reads as the pool
 * has threads wait on an empty FIFO of our own, one per thread, and the threads found blocked
 * reading that FIFO's descriptor (`/proc/self/task/<id>/syscall`) are the pool's. Each is lowered
 * (never raised: a server started under `nice 15` stays there), then a byte for each read lets
 * them go. Linux only; elsewhere, or if a step fails, nothing is changed and `found` is 0. Threads
 * still busy with other work after `waitMs` are left as they are (`found` says how many were not),
 * and so are all of them when libuv reads files by io_uring instead (`UV_USE_IO_URING=1` on the
 * libuv of Node 20 and 22): the reads then never reach the pool.
 */
export async function lowerThreadPool(
  niceness: number,
  { waitMs = 2_000 }: { waitMs?: number } = {},
): Promise<ThreadPoolLowering> {
  if (process.platform !== 'linux' || niceness <= 0) return { threads: 0, found: 0 };
  const threads = threadPoolSize();
  let dir: string | undefined;
  let fd: number | undefined;
  let reads: Promise<void>[] = [];
  const found = new Set<number>();
  let lowered = 0;
  try {
    dir = mkdtempSync(join(tmpdir(), 'deck-portal-pool-'));
    const fifo = join(dir, 'pool');
    await promisify(execFile)('mkfifo', ['-m', '600', fifo]);
    // Opened for reading and writing, a FIFO opens at once and its reads wait for bytes.
    const waiting = openSync(fifo, 'r+');
    fd = waiting;
    reads = Array.from(
      { length: threads },
      () =>
        new Promise<void>((done) => {
          read(waiting, Buffer.alloc(1), 0, 1, null, () => done());
        }),
    );
    const until = Date.now() + waitMs;
    while (found.size < threads && Date.now() < until) {
      const reading = threadsReading(waiting);
      // No thread's call could be read (a sandbox without those files): nothing to wait for.
      if (reading === undefined) break;
      for (const tid of reading) found.add(tid);
      if (found.size < threads) await sleep(1);
    }
    for (const tid of found) {
      lowerThread(tid, niceness);
      lowered += 1;
    }
    return { threads, found: lowered };
  } catch {
    return { threads, found: lowered };
  } finally {
    if (fd !== undefined) {
      // Whatever happened, every read gets its byte: a thread left waiting would be lost to the pool.
      writeSync(fd, Buffer.alloc(threads));
      await Promise.all(reads);
      closeSync(fd);
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Lowers to nice value `niceness` every thread the process has when called but the main thread
 * (whose id is the process's; ADR 070), and answers how many it lowered. Called first thing in
 * the main thread, before the database's and the render threads start, those are V8's platform
 * threads (they collect garbage beside every isolate, the render threads' included, and compile
 * its hot code), its scheduler of delayed tasks, the inspector's trigger thread and, if already
 * started, libuv's pool. A thread started later is started at the value of the thread that
 * starts it: the main thread keeps the server's, so the database's thread does too. Never raises
 * a thread; Linux only (elsewhere 0), as `lowerThreadPool`.
 */
export function lowerThreadsAtStart(niceness: number): number {
  if (process.platform !== 'linux' || niceness <= 0) return 0;
  let lowered = 0;
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return 0;
  }
  for (const entry of tids) {
    const tid = Number(entry);
    if (tid === process.pid) continue; // the main thread's id is the process's
    try {
      lowerThread(tid, niceness);
      lowered += 1;
    } catch {
      // The thread ended meanwhile.
    }
  }
  return lowered;
}

/**
 * What a server process does first (`main.ts`, `worker.ts`): the threads it has at the start
 * lowered at once (`lowerThreadsAtStart`), then libuv's pool found and lowered
 * (`lowerThreadPool`), whose result says how much of the pool was.
 */
export function lowerBackgroundThreads(niceness: number): Promise<ThreadPoolLowering> {
  lowerThreadsAtStart(niceness);
  return lowerThreadPool(niceness);
}

/** Thread `tid` at nice value `niceness`, never raised: one already lower stays as it is. */
function lowerThread(tid: number, niceness: number) {
  if (getPriority(tid) < niceness) setPriority(tid, niceness);
}

/** What to warn of when some of the pool stays at the server's own priority; undefined when none does. */
export function poolNotLowered({ threads, found }: ThreadPoolLowering): string | undefined {
  if (found >= threads) return undefined;
  return `${threads - found} of the ${threads} threads of libuv's pool could not be lowered to BACKGROUND_NICE: deflating and picture decoding there run at the server's own priority.`;
}

/**
 * The ids of this process's threads blocked in a system call on descriptor `fd`; undefined when
 * no thread's call could be read at all.
 */
function threadsReading(fd: number): number[] | undefined {
  const ids: number[] = [];
  let isReadable = false;
  for (const tid of readdirSync('/proc/self/task')) {
    let call: string;
    try {
      call = readFileSync(`/proc/self/task/${tid}/syscall`, 'utf8');
    } catch {
      continue; // the thread ended meanwhile, or the file is not there
    }
    isReadable = true;
    // "<number> <first argument> …" while blocked in a call, "running" otherwise.
    const [number, first] = call.split(' ');
    if (number !== 'running' && first !== undefined && Number(first) === fd) ids.push(Number(tid));
  }
  return isReadable ? ids : undefined;
}
