import { execFile } from 'node:child_process';
import { getPriority } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { poolNotLowered, threadPoolSize } from './thread-pool-priority.ts';

// libuv's thread pool is the process's: lowering it inside this test worker would lower every
// other file's too, so each case runs in a process of its own. There, four password-sized hashes
// (crypto.pbkdf2, run on the pool) take CPU on whichever threads the pool has, and the kernel says
// which threads took it and at what nice value.
const threadsNow = `
  const { readdirSync, readFileSync } = await import('node:fs');
  // Each thread of this process by id: its CPU time so far (clock ticks of 10 ms), its nice value.
  function threads() {
    const byId = new Map();
    for (const tid of readdirSync('/proc/self/task')) {
      const stat = readFileSync('/proc/self/task/' + tid + '/stat', 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      byId.set(tid, { cpu: Number(fields[11]) + Number(fields[12]), nice: Number(fields[16]) });
    }
    return byId;
  }
`;
const probe = `
  ${threadsNow}
  const { pbkdf2 } = await import('node:crypto');
  const { promisify } = await import('node:util');
  const { lowerThreadPool } = await import('./apps/server/src/thread-pool-priority.ts');

  // The nice values of the threads other than this one that took CPU while the pool hashed
  // (in clock ticks of 10 ms).
  async function hashing() {
    const before = threads();
    await Promise.all(Array.from({ length: 4 }, () => promisify(pbkdf2)('secret', 'salt', 400000, 32, 'sha256')));
    const after = threads();
    return [...after]
      // A hash takes ~100 ms of CPU; V8's own threads (a collection, a compile) take far less.
      .filter(([tid, t]) => tid !== String(process.pid) && t.cpu - (before.get(tid)?.cpu ?? 0) >= 5)
      .map(([, t]) => t.nice);
  }
  const atStart = await hashing();
  const lowering = await lowerThreadPool(Number(process.env.PROBE_NICE));
  const afterwards = await hashing();
  console.log(JSON.stringify({ atStart, lowering, afterwards, main: threads().get(String(process.pid)).nice }));
`;

async function run(niceness: number, poolSize?: string) {
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  const env: NodeJS.ProcessEnv = { ...process.env, PROBE_NICE: String(niceness) };
  delete env.UV_THREADPOOL_SIZE;
  if (poolSize !== undefined) env.UV_THREADPOOL_SIZE = poolSize;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '--eval', probe],
    { cwd: repoRoot, env },
  );
  return JSON.parse(stdout) as {
    atStart: number[];
    lowering: { threads: number; found: number };
    afterwards: number[];
    main: number;
  };
}

describe('the thread pool’s size', () => {
  // What Node 20's libuv started, counted from /proc/self/task for each value: a size past an
  // int's range wraps (atoi, then an unsigned int), and only C's white space comes before the
  // number.
  it.each([
    [undefined, 4],
    ['8', 8],
    ['16 threads', 16],
    ['', 1],
    ['many', 1],
    ['0', 1],
    ['5000', 1024],
    ['-1', 1024],
    ['4294967298', 2],
    ['4294967296', 1],
    ['-4294967295', 1],
    ['2147483648', 1024],
    ['99999999999999999999', 1024],
    ['-99999999999999999999', 1],
    [' \t+6', 6],
    ['\u00a03', 1],
  ])('is read from UV_THREADPOOL_SIZE=%j as libuv reads it: %i', (value, size) => {
    expect(threadPoolSize(value === undefined ? {} : { UV_THREADPOOL_SIZE: value })).toBe(size);
  });

  it('is warned of when some of it could not be lowered, and only then', () => {
    expect(poolNotLowered({ threads: 4, found: 4 })).toBeUndefined();
    expect(poolNotLowered({ threads: 0, found: 0 })).toBeUndefined();
    expect(poolNotLowered({ threads: 4, found: 1 })).toBe(
      "3 of the 4 threads of libuv's pool could not be lowered to BACKGROUND_NICE: deflating and picture decoding there run at the server's own priority.",
    );
  });
});

describe.skipIf(process.platform !== 'linux' || getPriority() !== 0)(
  "libuv's thread pool at the background priority (ADR 068)",
  () => {
    it('finds every thread of the pool and lowers it; the thread answering requests keeps its own', async () => {
      const { atStart, lowering, afterwards, main } = await run(10);
      expect(atStart.length).toBeGreaterThan(0);
      expect(atStart.every((nice) => nice === 0)).toBe(true);
      expect(lowering).toEqual({ threads: 4, found: 4 });
      // The hashes still ran, on the pool, every thread of it now at 10.
      expect(afterwards.length).toBeGreaterThan(0);
      expect(afterwards).toEqual(afterwards.map(() => 10));
      expect(main).toBe(0);
    });

    it('finds a pool of the size UV_THREADPOOL_SIZE gives, at the value asked for', async () => {
      const { lowering, afterwards, main } = await run(5, '2');
      expect(lowering).toEqual({ threads: 2, found: 2 });
      expect(afterwards.length).toBeGreaterThan(0);
      expect(afterwards).toEqual(afterwards.map(() => 5));
      expect(main).toBe(0);
    });

    it('leaves the pool at the server’s priority with 0', async () => {
      const { lowering, afterwards } = await run(0);
      expect(lowering).toEqual({ threads: 0, found: 0 });
      expect(afterwards.every((nice) => nice === 0)).toBe(true);
    });
  },
);

// V8's platform threads collect garbage beside every isolate. In a process of its own: a worker
// thread started after the lowering makes garbage (young objects, some kept a while, so its
// collections have work to share), and the kernel says which threads took CPU meanwhile.
const collecting = `
  ${threadsNow}
  const { Worker } = await import('node:worker_threads');
  const { lowerThreadsAtStart } = await import('./apps/server/src/thread-pool-priority.ts');

  const atStart = [...threads().keys()];
  const lowered = lowerThreadsAtStart(Number(process.env.PROBE_NICE));
  const before = threads();
  const worker = new Worker(
    'let kept = []; const until = Date.now() + 1500; while (Date.now() < until) { for (let i = 0; i < 1e5; i += 1) kept.push({ i, s: String(i) }); if (kept.length > 6e5) kept = []; }',
    { eval: true },
  );
  await new Promise((done) => worker.once('exit', done));
  const after = threads();
  const started = [...after.keys()].filter((tid) => !before.has(tid));
  const busy = [...after]
    .filter(([tid, t]) => atStart.includes(tid) && tid !== String(process.pid) && t.cpu > (before.get(tid)?.cpu ?? 0))
    .map(([, t]) => t.nice);
  console.log(JSON.stringify({
    lowered,
    others: atStart.filter((tid) => tid !== String(process.pid)).length,
    busy,
    main: after.get(String(process.pid)).nice,
  }));
`;

async function collect(niceness: number) {
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '--import', 'tsx', '--eval', collecting],
    { cwd: repoRoot, env: { ...process.env, PROBE_NICE: String(niceness) } },
  );
  return JSON.parse(stdout) as { lowered: number; others: number; busy: number[]; main: number };
}

describe.skipIf(process.platform !== 'linux' || getPriority() !== 0)(
  "V8's threads at the background priority (ADR 070)",
  () => {
    it('lowers every thread there is at the start but the main one; V8 collects garbage on them', async () => {
      const { lowered, others, busy, main } = await collect(10);
      expect(lowered).toBe(others);
      expect(others).toBeGreaterThanOrEqual(4);
      // The worker's collections took CPU on threads that were there at the start: at 10 now.
      expect(busy.length).toBeGreaterThan(0);
      expect(busy).toEqual(busy.map(() => 10));
      expect(main).toBe(0);
    });

    it('leaves them at the server’s priority with 0', async () => {
      const { lowered, busy } = await collect(0);
      expect(lowered).toBe(0);
      expect(busy.every((nice) => nice === 0)).toBe(true);
    });
  },
);
