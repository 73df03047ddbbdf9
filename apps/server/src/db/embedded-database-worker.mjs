// The embedded database's own thread (embedded-database-thread.ts): PGlite runs here, so its
// statements do not hold up the server's event loop. Plain JavaScript, as a worker thread does
// not inherit a TypeScript loader everywhere it runs (tests, `node --import tsx`, bundles).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * A database's archive as PGlite reads it: a Blob of which it asks the type and the bytes.
 * Node's Blob copies its parts in when made and answers `arrayBuffer()` by reading itself back as
 * a stream of chunks joined again: for a migrated database's 42 MB, about 0.3 s of CPU at every
 * test database's start. This one holds the archive as it came and answers it whole; asked for
 * anything else, it answers as a Blob made of it would.
 */
class Archive extends Blob {
  #bytes;
  #blob;
  constructor(bytes) {
    super([], { type: 'application/x-tar' });
    this.#bytes = bytes;
  }
  get size() {
    return this.#bytes.byteLength;
  }
  arrayBuffer() {
    const bytes = this.#bytes;
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    return Promise.resolve(whole ? bytes.buffer : bytes.slice().buffer);
  }
  #asBlob() {
    this.#blob ??= new Blob([this.#bytes], { type: this.type });
    return this.#blob;
  }
  stream() {
    return this.#asBlob().stream();
  }
  text() {
    return this.#asBlob().text();
  }
  slice(...range) {
    return this.#asBlob().slice(...range);
  }
}

// Trigram indexes serve the client search, as on PostgreSQL (migration 0008).
const { dataDir, copyOf, pgliteWasmModule, initdbWasmModule } = workerData;
const options = {
  extensions: { pg_trgm },
  // PGlite zeroes Postgres's shared buffers when it starts, so all of them are resident from
  // then on: the default 128 MB was a fifth of an idle server's memory. 16 MB holds the
  // portal's busy pages; the rest come from the OS's file cache. Against 32 MB: the web process
  // ~14 MB smaller at rest and under load, the lists at 100,000 decks and reads while decks
  // generate no slower (ADR 086).
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  pgliteWasmModule,
  initdbWasmModule,
  // A database's contents as `dump` gave them: this one starts as a copy, without initdb.
  ...(copyOf ? { loadDataDir: new Archive(copyOf) } : {}),
};
const db = dataDir ? await PGlite.create(dataDir, options) : await PGlite.create(options);

/** Open transactions by the id the caller gave them: their handle and how to end them. */
const transactions = new Map();
/** Transactions asked for and not begun yet, by the same id: what their statements wait for. */
const beginning = new Map();
/** Listeners by the id the caller gave them: how to stop each. */
const listeners = new Map();
const rollback = Symbol('rollback');
const keepText = (value) => value;

const operations = {
  async query({ sql, params, rowMode, textTypes, tx }) {
    // Types whose text the caller parses itself (Drizzle's dates and timestamps).
    const parsers = Object.fromEntries(textTypes.map((oid) => [oid, keepText]));
    const on = tx === undefined ? db : (await begunTransaction(tx)).handle;
    const { rows, fields, affectedRows } = await on.query(sql, params, {
      rowMode,
      parsers,
    });
    return { rows, fields, affectedRows };
  },
  async exec({ sql, tx }) {
    const on = tx === undefined ? db : (await begunTransaction(tx)).handle;
    const results = await on.exec(sql);
    return results.map(({ rows, fields, affectedRows }) => ({ rows, fields, affectedRows }));
  },
  /**
   * Begins a transaction; its statements then name it until `end`. The caller sends its first
   * statement without waiting for this answer (one round trip less while the transaction holds
   * the one connection): a statement naming a transaction still beginning waits for it here.
   */
  begin({ tx }) {
    const begun = new Promise((resolve, refused) => {
      const done = db
        .transaction(async (handle) => {
          const ended = new Promise((end) => transactions.set(tx, { handle, end, done }));
          resolve(undefined);
          if (!(await ended)) throw rollback;
        })
        .catch((error) => {
          if (error !== rollback) throw error;
        })
        .finally(() => transactions.delete(tx));
      done.catch(refused);
    });
    beginning.set(tx, begun);
    // Once begun, its statements need not wait; one that failed to begin is kept until its end,
    // so that every statement sent in it answers that error.
    begun.then(
      () => beginning.delete(tx),
      () => undefined,
    );
    return begun;
  },
  /** Commits (or rolls back) and answers when it is over: a failed commit answers its error. */
  async end({ tx, commit }) {
    let open;
    try {
      open = await begunTransaction(tx);
    } finally {
      beginning.delete(tx);
    }
    open.end(commit);
    await open.done;
  },
  async listen({ channel, listener }) {
    const stop = await db.listen(channel, (payload) =>
      parentPort.postMessage({ listener, payload }),
    );
    listeners.set(listener, stop);
  },
  async unlisten({ listener }) {
    const stop = listeners.get(listener);
    listeners.delete(listener);
    await stop?.();
  },
  /** The database's files as one uncompressed archive, for `copyOf`. */
  async dump() {
    const archive = await db.dumpDataDir('none');
    return new Uint8Array(await archive.arrayBuffer());
  },
  async close() {
    await db.close();
  },
};

/**
 * Open transaction `tx` once it has begun (its handle and how to end it): the caller sends its
 * statements on before the beginning's answer. Its statements and its end wait here, each with
 * this one `await`, so they go on in the order they came; one sent in a transaction that failed
 * to begin answers that error. A statement outside a transaction waits for nothing: it is handed
 * to PGlite in the turn it came.
 */
async function begunTransaction(tx) {
  const begun = beginning.get(tx);
  if (begun) await begun;
  const open = transactions.get(tx);
  if (!open) throw new Error('Transaction is closed');
  return open;
}

/** What the caller needs of an error: its message and the server's fields (code, constraint…). */
function plain(error) {
  const fields = {};
  for (const [key, value] of Object.entries(error ?? {})) {
    if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return {
    name: error?.name ?? 'Error',
    message: error?.message ?? String(error),
    fields,
  };
}

parentPort.on('message', async (message) => {
  try {
    const result = await operations[message.op](message);
    parentPort.postMessage({ id: message.id, result });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: plain(error) });
  }
  if (message.op === 'close') parentPort.close();
});
parentPort.postMessage({ ready: true });
