// Background work's threads: the render process (render-host.ts, ADR 076) lowers itself as a
// whole as it starts.
import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * Lowers to nice value `niceness` every thread the process has when called but the main thread
 * (whose id is the process's), and answers how many it lowered: V8's platform threads (they
 * collect garbage beside every isolate and compile its hot code), its scheduler of delayed tasks,
 * the inspector's trigger thread, a module loader's thread and, if already started, libuv's pool.
 * A thread started later is started at the value of the thread that starts it. Never raises a
 * thread (a process started under `nice 15` stays there); Linux only (elsewhere 0).
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
      if (getPriority(tid) < niceness) setPriority(tid, niceness);
      lowered += 1;
    } catch {
      // The thread ended meanwhile.
    }
  }
  return lowered;
}
