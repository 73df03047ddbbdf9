import type { Transaction } from '@electric-sql/pglite';
import { embeddedDatabase, type Database } from '../../src/db/database.ts';
import {
  type EmbeddedClient,
  type EmbeddedThreadClient,
  openEmbeddedDatabaseThread,
} from '../../src/db/embedded-database-thread.ts';

/**
 * Embedded test databases, reused by the test files one worker runs. A database thread started
 * from the migrated archive takes 1.1-1.8 s and as much CPU, ~100 times a run; emptying one back
 * to how it started takes a few dozen milliseconds. So a file's database, once closed with nothing
 * of it still under way (no transaction, no listener), is emptied and kept for the next file that
 * asks; one still busy is closed as before. What a closed database is asked afterwards fails as it
 * did ("PGlite is closed"), so a straggler of one file never writes into the next file's.
 */

/** Emptied databases waiting for a file, the last emptied last; more than this are closed. */
const keptAtMost = 2;
const idle: EmbeddedThreadClient[] = [];
let emptying: Promise<Emptying> | undefined;

/** A migrated embedded database as `copyOf` starts one: a reused one, or a new copy. */
export async function reusedEmbeddedDatabase(copyOf: Uint8Array): Promise<Database> {
  const kept = idle.pop();
  const client = kept ?? (await openEmbeddedDatabaseThread(undefined, { copyOf }));
  // Learnt from the first database, as it is before any test wrote to it; learnt again from the
  // next one should that fail.
  emptying ??= emptyingOf(client);
  let empty: Emptying;
  try {
    empty = await emptying;
  } catch (error) {
    emptying = undefined;
    await client.close();
    throw error;
  }
  const lease = leaseOf(client);
  return embeddedDatabase(lease.client, async () => {
    if (!lease.end()) return client.close();
    try {
      await empty(client);
    } catch {
      return client.close();
    }
    idle.push(client);
    // The longest idle goes: the one just emptied is the next one handed out.
    if (idle.length > keptAtMost) await idle.shift()?.close();
  });
}

/**
 * How to empty a database back to its migrated start (which holds no rows and no statistics, or
 * the helper says so): its tables' rows, its sequences, and what
 * the planner knows of the tables (statistics an `analyze` gathered, sizes), on which the client
 * search chooses its way (src/decks/client-search.ts).
 */
type Emptying = (client: EmbeddedClient) => Promise<void>;

async function emptyingOf(client: EmbeddedClient): Promise<Emptying> {
  const { rows: tables } = await client.query<{ name: string }>(`
    select format('%I.%I', schemaname, tablename) as name
    from pg_tables where schemaname = 'public' order by 1`);
  for (const { name } of tables) {
    const { rows } = await client.query<{ held: boolean }>(
      `select exists (select from ${name}) as held`,
    );
    // Emptying truncates every table; a copy whose migrations wrote rows would lose them.
    if (rows[0]?.held) throw new Error(`The migrated database holds rows in ${name}`);
  }
  const { rows: sequences } = await client.query<{ name: string; value: string; called: boolean }>(`
    select format('%I.%I', schemaname, sequencename) as name,
      coalesce(last_value, start_value)::text as value, last_value is not null as called
    from pg_sequences where schemaname = 'public'`);
  const { rows: sizes } = await client.query<{ sizes: string }>(`
    select coalesce(json_agg(json_build_object('oid', oid, 'relpages', relpages,
      'reltuples', reltuples, 'relallvisible', relallvisible)), '[]')::text as sizes
    from pg_class where relnamespace = 'public'::regnamespace`);
  const { rows: statistics } = await client.query<{ n: number }>(`
    select (select count(*) from pg_statistic s join pg_class c on c.oid = s.starelid
        where c.relnamespace = 'public'::regnamespace)
      + (select count(*) from pg_statistic_ext e join pg_statistic_ext_data d on d.stxoid = e.oid
        where e.stxnamespace = 'public'::regnamespace) as n`);
  if (Number(statistics[0]?.n) > 0) {
    // Emptying deletes what an analyze gathered; a copy that came with some would lose them.
    throw new Error('The migrated database holds planner statistics: emptying would drop them');
  }
  // A replica's session fires no ordinary triggers: proposal_responses refuses to be emptied
  // otherwise (it is append-only, migrations 0018 and 0022).
  const truncate = `begin; set local session_replication_role = replica;
    truncate ${tables.map((table) => table.name).join(', ')} restart identity cascade; commit`;
  return async (on) => {
    await on.exec(truncate);
    for (const { name, value, called } of sequences) {
      await on.query('select setval($1::regclass, $2::bigint, $3)', [name, value, called]);
    }
    await on.exec(`
      delete from pg_statistic where starelid in
        (select oid from pg_class where relnamespace = 'public'::regnamespace);
      delete from pg_statistic_ext_data where stxoid in
        (select oid from pg_statistic_ext where stxnamespace = 'public'::regnamespace)`);
    await on.query(
      `update pg_class c set relpages = s.relpages, reltuples = s.reltuples,
         relallvisible = s.relallvisible
       from json_to_recordset($1::json) as s(oid oid, relpages int, reltuples real, relallvisible int)
       where c.oid = s.oid`,
      [sizes[0]?.sizes ?? '[]'],
    );
  };
}

/**
 * The client a file's database is given: PGlite's calls on `client`, refused once the file has
 * closed it. `end` answers whether the database was left idle, fit to be handed on.
 */
function leaseOf(client: EmbeddedThreadClient) {
  let ended = false;
  let transactions = 0;
  let listeners = 0;
  const closed = () => Promise.reject(new Error('PGlite is closed'));
  const leased: EmbeddedClient = {
    query: ((...args: Parameters<EmbeddedClient['query']>) =>
      ended ? closed() : client.query(...args)) as EmbeddedClient['query'],
    exec: (...args) => (ended ? closed() : client.exec(...args)),
    transaction: (async <T>(callback: (tx: Transaction) => Promise<T>) => {
      if (ended) return closed();
      transactions += 1;
      try {
        return await client.transaction(callback);
      } finally {
        transactions -= 1;
      }
    }) as EmbeddedClient['transaction'],
    async listen(channel, onNotify) {
      if (ended) return closed();
      // Counted from the moment it is asked for: a close meanwhile finds it under way.
      listeners += 1;
      let stop: () => Promise<void>;
      try {
        stop = await client.listen(channel, onNotify);
      } catch (error) {
        listeners -= 1;
        throw error;
      }
      let stopped = false;
      return async () => {
        if (!stopped) listeners -= 1;
        stopped = true;
        await stop();
      };
    },
    close: () => client.close(),
  };
  return {
    client: leased,
    end() {
      ended = true;
      return transactions === 0 && listeners === 0;
    },
  };
}
