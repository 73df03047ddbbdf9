import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { type EmbeddedClient, openEmbeddedDatabaseThread } from './embedded-database-thread.ts';
import { rawRows } from './raw-rows.ts';
import { withReadCache } from './read-cache.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The Drizzle handle every module uses; the same API on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Answers true when a trivial query succeeds. */
  ping(): Promise<boolean>;
  /**
   * Calls `onNotify` with the payload of each `pg_notify(channel, …)` committed by anyone on this
   * database (any process, on PostgreSQL); resolves to a function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

// Any number of server processes may start at once on one PostgreSQL: only one migrates.
const migrationLockKey = 7_305_112_201;

export type DatabaseOptions =
  | { driver: 'postgres'; url: string }
  | {
      driver: 'pglite';
      dataDir: string | undefined;
      /** An {@link embeddedDatabaseImage} to start from (tests open many databases). */
      copyOf?: Uint8Array;
    };

/** Opens the database (PGlite in a directory or in memory, or PostgreSQL) and migrates it. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database =
    options.driver === 'postgres'
      ? await openPostgres(options.url)
      : (await openPglite(options.dataDir, options.copyOf)).database;
  // Only an embedded database kept in a directory is opened again once it has been migrated.
  const mayReopen = options.driver === 'pglite' && Boolean(options.dataDir);
  let migrated = false;
  try {
    const before = mayReopen ? await migrationsApplied(database.db) : 0;
    await migrate(database);
    if (mayReopen) migrated = (await migrationsApplied(database.db)) !== before;
  } catch (error) {
    await database.close();
    throw error;
  }
  if (options.driver === 'pglite' && options.dataDir && migrated) {
    // Creating a database (PGlite's initdb) and migrating it grow the database thread's
    // WebAssembly memories by ~700 MB, which WebAssembly never gives back: a first start stayed
    // at ~750 MB where a restart takes ~300. The thread that did it ends here, and with it that
    // memory; the database opens again in a second.
    await database.close();
    return (await openPglite(options.dataDir, undefined)).database;
  }
  return database;
}

/** How many migrations the database has had (none when it is new). */
async function migrationsApplied(db: Db): Promise<number> {
  const [table] = await rawRows<{ name: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`,
  );
  if (!table?.name) return 0;
  const [counted] = await rawRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return counted?.count ?? 0;
}

/**
 * A new embedded database in memory, migrated, as one archive: a database opened with it as
 * `copyOf` starts migrated in a fraction of the time an empty one takes.
 */
export async function embeddedDatabaseImage(): Promise<Uint8Array> {
  const { database, client } = await openPglite(undefined, undefined);
  try {
    await migrate(database);
    return await client.dump();
  } finally {
    await database.close();
  }
}

async function openPglite(dataDir: string | undefined, copyOf: Uint8Array | undefined) {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client = await openEmbeddedDatabaseThread(
    dataDir ? path.join(dataDir, 'pgdata') : undefined,
    copyOf ? { copyOf } : {},
  );
  return { database: await embeddedDatabase(client), client };
}

/**
 * The portal's database on an embedded database's client (PGlite's calls, on its own thread).
 * Closing it ends the client, or does `close` instead when given one (the tests hand an emptied
 * database on to their next file).
 */
export async function embeddedDatabase(
  client: EmbeddedClient,
  close: () => Promise<void> = () => client.close(),
): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const db = drizzle(withReadCache(client) as unknown as PGlite, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    driver: 'pglite',
    ping: () => pingWith(db),
    listen: sharedListen((channel, dispatch) => client.listen(channel, dispatch)),
    async close() {
      if (closed) return;
      closed = true;
      await close();
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const [{ default: pg }, { drizzle }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema }) as unknown as Db;
  const listener = createListener(() => new pg.Client({ connectionString: url }));
  let closed = false;
  return {
    db,
    driver: 'postgres',
    ping: () => pingWith(db),
    listen: listener.listen,
    async close() {
      if (closed) return;
      closed = true;
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * One `LISTEN` per channel however many listen in the process: the first listener of a channel
 * starts it, the last one to leave stops it.
 */
function sharedListen(
  listenOnce: (
    channel: string,
    dispatch: (payload: string) => void,
  ) => Promise<() => Promise<void>>,
): Database['listen'] {
  const channels = new Map<
    string,
    { handlers: Set<(payload: string) => void>; stop: Promise<() => Promise<void>> }
  >();
  return async (channel, onNotify) => {
    let entry = channels.get(channel);
    if (!entry) {
      const handlers = new Set<(payload: string) => void>();
      const stop = listenOnce(channel, (payload) => {
        for (const handler of handlers) handler(payload);
      });
      entry = { handlers, stop };
      channels.set(channel, entry);
      stop.catch(() => channels.delete(channel));
    }
    entry.handlers.add(onNotify);
    await entry.stop;
    const current = entry;
    return async () => {
      current.handlers.delete(onNotify);
      if (current.handlers.size > 0 || channels.get(channel) !== current) return;
      channels.delete(channel);
      await (
        await current.stop
      )();
    };
  };
}

type ListenClient = import('pg').Client;

/**
 * One connection of its own for `LISTEN` (a pooled one would be handed to other queries), shared
 * by every listener in the process. A lost connection is opened again a second later and listens
 * again; what was notified meanwhile is missed, which is why workers also poll now and then.
 */
function createListener(connect: () => ListenClient) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: Promise<ListenClient> | undefined;
  let closed = false;

  const open = (): Promise<ListenClient> => {
    const opening = (async () => {
      const next = connect();
      next.on('notification', (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      next.on('error', () => {
        client = undefined;
        next.end().catch(() => undefined);
        if (!closed && handlers.size > 0) setTimeout(() => void reopen(), 1_000).unref();
      });
      await next.connect();
      for (const channel of handlers.keys()) await next.query(`listen ${quote(channel)}`);
      return next;
    })();
    opening.catch(() => {
      if (client === opening) client = undefined;
    });
    return opening;
  };
  const reopen = async () => {
    if (closed || client) return;
    client = open();
    await client.catch(() => setTimeout(() => void reopen(), 1_000).unref());
  };
  const quote = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

  return {
    async listen(channel: string, onNotify: (payload: string) => void) {
      let channelHandlers = handlers.get(channel);
      const isNew = !channelHandlers;
      if (!channelHandlers) handlers.set(channel, (channelHandlers = new Set()));
      channelHandlers.add(onNotify);
      if (!client) client = open();
      else if (isNew) await (await client).query(`listen ${quote(channel)}`);
      await client;
      return async () => {
        channelHandlers.delete(onNotify);
        if (channelHandlers.size > 0) return;
        handlers.delete(channel);
        const current = await client?.catch(() => undefined);
        await current?.query(`unlisten ${quote(channel)}`).catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      const current = await client?.catch(() => undefined);
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

async function pingWith(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

async function migrate(database: Database): Promise<void> {
  if (database.driver === 'pglite') {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(database.db as never, { migrationsFolder });
    return;
  }
  const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${migrationLockKey})`);
    await run(tx as never, { migrationsFolder });
  });
}
