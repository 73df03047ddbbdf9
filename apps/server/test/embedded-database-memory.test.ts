import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';

// PGlite keeps every shared buffer resident from its start: the default (128 MB) was a fifth of
// an idle server's memory, 32 MB still ~14 MB more than 16 (apps/server/bench/memory-under-load.ts, ADR 086).
it('the embedded database keeps 16 MB of shared buffers', async () => {
  const image = inject('embeddedDatabaseImage');
  const database = await openDatabase({
    driver: 'pglite',
    dataDir: undefined,
    ...(image ? { copyOf: await readFile(image) } : {}),
  });
  try {
    const shown = (await database.db.execute(sql`show shared_buffers`)) as unknown as {
      rows: { shared_buffers: string }[];
    };
    expect(shown.rows[0]?.shared_buffers).toBe('16MB');
  } finally {
    await database.close();
  }
});
