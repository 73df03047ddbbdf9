import { execFile } from 'node:child_process';
import { getPriority } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// Threads are the process's: lowering them inside this test worker would lower every other
// file's too, so each case runs in a process of its own.
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
// V8's platform threads collect garbage beside every isolate. In a process of its own: a worker
// thread started after the lowering makes garbage (young objects, some kept a while, so its
// collections have work to share), and the kernel says which threads took CPU meanwhile.
const collecting = `
  ${threadsNow}
  const { Worker } = await import('node:worker_threads');
  const { lowerThreadsAtStart } = await import('./apps/server/src/background-threads.ts');

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
  'the threads there are at the start, lowered (the render process, ADR 076)',
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
