import type { App } from '../app.ts';
import { moveDatabaseFilesOut } from './move-files-out.ts';

/**
 * Once at start, moves bytes still in the database into the object store (safe with several
 * processes at once: a file moved twice is written twice). Orphaned bytes are swept by a
 * scheduled job (jobs/scheduled-jobs.ts).
 */
export function startFileMaintenance(app: App) {
  const { db, objects, log } = app.services;
  moveDatabaseFilesOut({ db, objects })
    .then((moved) => {
      if (moved > 0) {
        log.info({ moved }, `files moved out of the database into ${objects.kind} storage`);
      }
    })
    .catch((error: unknown) =>
      log.warn(
        { err: error },
        'moving files out of the database stopped; the next start resumes it',
      ),
    );
}
