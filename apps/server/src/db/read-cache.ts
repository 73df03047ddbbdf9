import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/**
 * How long an answer may be served again at most, writes or not. No read of the portal's
 * depends on the time in SQL (the clock is a parameter), so this only bounds the unforeseen.
 */
const maxAgeMs = 2_000;
const maxEntries = 500;
/** Answers larger than this are not kept: a big scan is rare and costly to copy. */
const maxRows = 500;

const cacheable = /^\s*select\b/i;
/** Reads that lock, notify, take a sequence value or call any other side-effecting function. */
const sideEffects =
  /\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b|\bpg_\w+\s*\(|\b(nextval|setval|set_config)\s*\(/i;
const dataChange = /^\s*(insert|update|delete|with)\b/i;

type Entry = { generation: number; at: number; result: Results<unknown> };

/**
 * The embedded database answers one statement at a time on the server's own thread, at about
 * a millisecond each, so a page that every rep polls and the session behind every request cost
 * the same work again and again. This keeps recent answers to plain `select`s and serves them
 * again until anything could have changed them: every statement that is not such a read (every
 * write, every transaction) empties it, so a read that starts after a write has finished always
 * sees it. An update or delete that changed no row (a job worker finding no job) leaves it.
 *
 * Only for PGlite: it is one process's own database, so every write passes through here. On
 * PostgreSQL other processes write too, and nothing of this is used.
 */
export function withReadCache(
  client: PGlite,
  { now = () => performance.now() }: { now?: () => number } = {},
): PGlite {
  const entries = new Map<string, Entry>();
  let generation = 0;
  const forget = () => {
    generation += 1;
    entries.clear();
  };

  async function query<T>(sql: string, params?: unknown[], options?: QueryOptions) {
    if (!cacheable.test(sql) || sideEffects.test(sql)) {
      let result: Results<T> | undefined;
      try {
        result = await client.query<T>(sql, params, options);
        return result;
      } finally {
        const changedNothing =
          result !== undefined && dataChange.test(sql) && result.affectedRows === 0;
        if (!changedNothing) forget();
      }
    }
    const key = cacheKey(sql, params, options);
    const at = now();
    const hit = key === undefined ? undefined : entries.get(key);
    if (hit && hit.generation === generation && at - hit.at < maxAgeMs) {
      // A copy: callers may change what they get (a draft's lists, say).
      return structuredClone(hit.result) as Results<T>;
    }
    const startedIn = generation;
    const result = await client.query<T>(sql, params, options);
    // Kept only when no write began or ended while it ran.
    if (key !== undefined && startedIn === generation && result.rows.length <= maxRows) {
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { generation, at, result: structuredClone(result) });
    }
    return result;
  }

  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'query') return query;
      if (property === 'exec') {
        return async (...args: Parameters<PGlite['exec']>) => {
          forget();
          try {
            return await target.exec(...args);
          } finally {
            forget();
          }
        };
      }
      if (property === 'transaction') {
        return async <T>(callback: (tx: Transaction) => Promise<T>) => {
          // Reads inside a transaction go to the database itself (they may see its own writes).
          forget();
          try {
            return await target.transaction(callback);
          } finally {
            forget();
          }
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The statement, its parameters and how rows are wanted; undefined when it cannot be told. */
function cacheKey(sql: string, params: unknown[] | undefined, options: QueryOptions | undefined) {
  try {
    return JSON.stringify([sql, params ?? [], options?.rowMode ?? 'object']);
  } catch {
    return undefined; // a BigInt parameter, say
  }
}
