import type { App } from '../app.ts';
import { moveDatabaseFilesOut } from './move-files-out.ts';
import { sweepOrphanFiles } from './sweep-orphan-files.ts';

export const sweepIntervalMs = 6 * 60 * 60_000;

/**
 * What a serving process does for the files in the background: once at start, moves bytes
 * still in the database into the object store; then sweeps orphaned bytes now and every six
 * hours. Both are safe with several processes at once (a file moved twice is written twice, an
 * orphan deleted twice is deleted once). Neither holds the process open.
 */
export function startFileMaintenance(app: App) {
  const { db, objects, clock, log } = app.services;
  const sweep = async () => {
    const deleted = await sweepOrphanFiles({ db, objects, now: clock.now() });
    if (deleted > 0) log.info({ deleted }, 'orphaned files deleted');
  };
  const run = async () => {
    const moved = await moveDatabaseFilesOut({ db, objects });
    if (moved > 0)
      log.info({ moved }, `files moved out of the database into ${objects.kind} storage`);
    await sweep();
  };
  run().catch((error: unknown) =>
    log.warn({ err: error }, 'file maintenance stopped; the next start resumes it'),
  );
  const timer = setInterval(
    () => void sweep().catch((error: unknown) => log.warn({ err: error }, 'file sweep failed')),
    sweepIntervalMs,
  );
  timer.unref();
  return () => clearInterval(timer);
}
