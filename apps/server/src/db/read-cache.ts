import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import type { EmbeddedClient } from './embedded-database-thread.ts';

/**
 * How long an answer may be served again at most, writes or not. No read of the portal's
 * depends on the time in SQL (the clock is a parameter), so this only bounds the unforeseen.
 */
const maxAgeMs = 2_000;
const maxEntries = 500;
/** Answers larger than this are not kept: a big scan is rare and costly to copy. */
const maxRows = 500;

const plainSelect = /^\s*select\b/i;
/** A `with` ahead of a select (common table expressions, as the client search's page and count). */
const withClause = /^\s*with\b/i;
/**
 * A statement that may write rows somewhere in it (a `with` may hold an insert, update or
 * delete); any `update` counts, a `for update` too: taken for a write, a read is only not kept.
 */
const writesRows = /\b(?:insert\s+into|delete\s+from|merge\s+into|update)\s/i;
/**
 * Reads that lock, notify, take a sequence value or call another side-effecting function: run
 * each time, never kept (a `select` changes no table's rows either way).
 */
const sideEffects =
  /\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b|\bpg_\w+\s*\(|\b(nextval|setval|set_config)\s*\(/i;
/**
 * A plain insert, update or delete, whose count of changed rows the database tells (a `with`
 * around one is told by its final select's rows, which may be none when rows were written).
 */
const dataChange = /^\s*(insert|update|delete)\b/i;
/** The tables a statement names after from, join, into, update or delete from. */
const tableReference =
  /\b(?:from|join|into|update)\s+(?:only\s+)?(?:"?[a-z_][\w$]*"?\s*\.\s*)?"?([a-z_][\w$]*)"?/gi;
/** The tables a statement writes to. */
const writeTarget =
  /\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?(?:"?[a-z_][\w$]*"?\s*\.\s*)?"?([a-z_][\w$]*)"?/gi;

type Entry = { tables: readonly string[]; at: number; result: Results<unknown> };

/** What a statement's text tells, worked out once per text (the portal's are a few hundred). */
type Statement = {
  /** A short name for the text, for cache keys: the text itself may be kilobytes long. */
  id: number;
  /**
   * `read`: a plain select, or a `with` whose parts only select; `locking`: a select that locks,
   * notifies or takes a value.
   */
  kind: 'read' | 'locking' | 'write';
  /** The tables a read names. */
  tables: readonly string[];
  /** The tables a write writes to; empty when they cannot be told. */
  targets: ReadonlySet<string>;
  /** A plain insert, update or delete: a change of no row changes nothing. */
  isDataChange: boolean;
};
const maxStatements = 2_000;
const statements = new Map<string, Statement>();
/** Never reused, even after the map is cleared: a kept answer's key must name one text only. */
let nextStatementId = 0;

function statementOf(sql: string): Statement {
  let statement = statements.get(sql);
  if (statement === undefined) {
    // A `with` that only selects is a read: taken for a write, it was never kept and made every
    // read then on its way unkeepable (4–8 times fewer embedded searches a second).
    const isSelect = plainSelect.test(sql) || (withClause.test(sql) && !writesRows.test(sql));
    statement = {
      id: nextStatementId++,
      kind: isSelect ? (sideEffects.test(sql) ? 'locking' : 'read') : 'write',
      tables: isSelect ? [...tablesIn(sql, tableReference)] : [],
      targets: isSelect ? new Set() : tablesIn(sql, writeTarget),
      isDataChange: dataChange.test(sql),
    };
    // Statements with their values written in (none of the portal's) would grow this forever.
    if (statements.size >= maxStatements) statements.clear();
    statements.set(sql, statement);
  }
  return statement;
}

/**
 * The embedded database answers one statement at a time, at about a millisecond each, so a page
 * that every rep polls and the session behind every request cost the same work again and again.
 * This keeps recent answers to plain `select`s and serves them again until a write could have
 * changed them: a write to a table drops every answer read from it, so a read that starts after
 * a write has finished always sees it (a read names its tables after from and join; one that
 * names none is not kept). A transaction's writes drop theirs when it ends (until then others
 * rightly see the state before it); a statement whose tables cannot be told, and every script
 * run with `exec`, drops everything. An update or delete that changed no row (a job worker
 * finding no job) drops nothing. Readers asking the same read while it is on its way to the
 * database share its answer (when a page's answer ages out, its readers ask once, not once
 * each), unless a write began in between.
 *
 * Only for PGlite: it is one process's own database, so every write passes through here. On
 * PostgreSQL other processes write too, and nothing of this is used.
 */
export function withReadCache<Client extends EmbeddedClient>(
  client: Client,
  { now = () => performance.now() }: { now?: () => number } = {},
): Client {
  const entries = new Map<string, Entry>();
  /** Reads sent to the database and not answered yet, by key, with the write mark they began at. */
  const inFlight = new Map<string, { mark: string; answer: Promise<Results<unknown>> }>();
  /** Bumped on each write to a table ('*' for all of them), so a read in flight is not kept. */
  const writes = new Map<string, number>();
  let writesToAll = 0;
  const forgetAll = () => {
    writesToAll += 1;
    entries.clear();
  };
  const forgetTables = (tables: ReadonlySet<string>) => {
    for (const table of tables) writes.set(table, (writes.get(table) ?? 0) + 1);
    for (const [key, entry] of entries) {
      if (entry.tables.some((table) => tables.has(table))) entries.delete(key);
    }
  };
  /** A write has begun: reads asked until now are neither kept nor joined by later ones. */
  const beginWrite = ({ targets }: Statement) => {
    if (targets.size === 0) writesToAll += 1;
    for (const table of targets) writes.set(table, (writes.get(table) ?? 0) + 1);
  };
  const writeMark = (tables: readonly string[]) =>
    `${writesToAll}:${tables.map((table) => writes.get(table) ?? 0).join(',')}`;

  /** After a statement that may write: what it wrote is dropped. */
  const afterWrite = (
    { targets, isDataChange }: Statement,
    result: Results<unknown> | undefined,
  ) => {
    if (result !== undefined && isDataChange && result.affectedRows === 0) return;
    if (targets.size === 0) forgetAll();
    else forgetTables(targets);
  };

  async function query<T>(sql: string, params?: unknown[], options?: QueryOptions) {
    const statement = statementOf(sql);
    if (statement.kind === 'locking') {
      // Locks and notifies: never kept, and no table's data changes.
      return client.query<T>(sql, params, options);
    }
    if (statement.kind === 'write') {
      let result: Results<T> | undefined;
      beginWrite(statement);
      try {
        result = await client.query<T>(sql, params, options);
        return result;
      } finally {
        afterWrite(statement, result);
      }
    }
    const key = cacheKey(statement, params, options);
    const at = now();
    const hit = key === undefined ? undefined : entries.get(key);
    if (hit && at - hit.at < maxAgeMs) {
      return copyOf(hit.result) as Results<T>;
    }
    const { tables } = statement;
    const before = writeMark(tables);
    // The same read already asked since the last write to its tables: its answer serves this one
    // too, so that when a page's answer ages out, its many readers ask the database once.
    const flight = key === undefined ? undefined : inFlight.get(key);
    if (flight && flight.mark === before) return copyOf(await flight.answer) as Results<T>;
    const answer = client.query<T>(sql, params, options);
    if (key !== undefined) {
      inFlight.set(key, { mark: before, answer });
      void answer.then(
        () => inFlight.get(key)?.answer === answer && inFlight.delete(key),
        () => inFlight.get(key)?.answer === answer && inFlight.delete(key),
      );
    }
    const result = await answer;
    // Kept only when it names its tables and none of them was written while it ran.
    if (
      key !== undefined &&
      tables.length > 0 &&
      writeMark(tables) === before &&
      result.rows.length <= maxRows
    ) {
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { tables, at, result });
    }
    // The answer itself is kept, and read by whoever joined this read: each caller gets a copy.
    return copyOf(result);
  }

  /** A transaction's statements go to the database; the tables they wrote are noted. */
  function noteWrites(tx: Transaction, written: Set<string>, unknown: { any: boolean }) {
    const note = (sql: string) => {
      const { kind, targets } = statementOf(sql);
      if (kind !== 'write') return;
      if (targets.size === 0) unknown.any = true;
      for (const table of targets) written.add(table);
    };
    return new Proxy(tx, {
      get(target, property, receiver) {
        if (property === 'query') {
          return (sql: string, ...rest: unknown[]) => {
            note(sql);
            return (target.query as (...args: unknown[]) => unknown)(sql, ...rest);
          };
        }
        if (property === 'exec' || property === 'sql') {
          // Scripts and tagged templates are not read: whatever they wrote, all is dropped.
          unknown.any = true;
        }
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }

  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'query') return query;
      if (property === 'exec') {
        return async (...args: Parameters<PGlite['exec']>) => {
          try {
            return await target.exec(...args);
          } finally {
            forgetAll();
          }
        };
      }
      if (property === 'transaction') {
        return async <T>(callback: (tx: Transaction) => Promise<T>) => {
          const written = new Set<string>();
          const unknown = { any: false };
          try {
            return await target.transaction((tx) => callback(noteWrites(tx, written, unknown)));
          } finally {
            if (unknown.any) forgetAll();
            else forgetTables(written);
          }
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * A copy callers may change (a draft's lists, say) without changing what is kept: new rows,
 * with a deep copy of each value that is an object (JSON, arrays); strings, numbers and the like
 * are shared as they cannot change.
 */
function copyOf<T>(result: Results<T>): Results<T> {
  const rows = result.rows.map((row) =>
    Array.isArray(row)
      ? row.map(copyValue)
      : Object.fromEntries(
          Object.entries(row as Record<string, unknown>).map(([k, v]) => [k, copyValue(v)]),
        ),
  ) as T[];
  return { ...result, rows };
}

/**
 * A value of a row, copied: JSON as the database parsed it (plain objects and arrays) by a walk
 * of its own, as `structuredClone` cost ~3 µs even for a list's short array of product ids (a
 * tenth of a cached answer's time); anything else that is an object (bytes) by `structuredClone`.
 */
function copyValue(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyValue);
  if (Object.getPrototypeOf(value) !== Object.prototype) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = copyValue((value as Record<string, unknown>)[key]);
    // A JSON key `__proto__` is the object's own, as JSON.parse made it: never its prototype.
    if (key === '__proto__') Object.defineProperty(copy, key, { value: item, enumerable: true });
    else copy[key] = item;
  }
  return copy;
}

function tablesIn(sql: string, pattern: RegExp): Set<string> {
  return new Set([...sql.matchAll(pattern)].map((match) => match[1]!.toLowerCase()));
}

/** The statement, its parameters and how rows are wanted; undefined when it cannot be told. */
function cacheKey(
  statement: Statement,
  params: unknown[] | undefined,
  options: QueryOptions | undefined,
) {
  try {
    return `${statement.id}:${options?.rowMode ?? 'object'}:${JSON.stringify(params ?? [])}`;
  } catch {
    return undefined; // a BigInt parameter, say
  }
}
