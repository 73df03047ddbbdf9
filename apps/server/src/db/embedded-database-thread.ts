import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/** What the portal uses of PGlite; `openEmbeddedDatabaseThread` gives it from another thread. */
export type EmbeddedClient = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'listen' | 'close'>;

/** The database thread's client: PGlite's calls, and a copy of the database to start others from. */
export type EmbeddedThreadClient = EmbeddedClient & {
  /** The database's files as one archive: what `copyOf` starts another database from. */
  dump(): Promise<Uint8Array>;
  /** The V8 limits the database thread runs with (`Worker.resourceLimits`). */
  readonly resourceLimits: ResourceLimits;
};

/**
 * The database thread's young generation (V8 keeps three semi-spaces of a third of it, grown to
 * the full size by a busy thread and kept at rest): 12 MB rather than V8's 48. The thread's
 * JavaScript only passes statements and rows between PGlite and the main thread; its objects die
 * young, and a smaller nursery is collected more often, a fraction of a millisecond each time.
 * (A `--max-semi-space-size` flag given to the process would take precedence.) ADR 057.
 */
export const DATABASE_THREAD_YOUNG_GENERATION_MB = 12;

type Reply = {
  id: number;
  result?: unknown;
  error?: { name: string; message: string; fields: object };
};

let compiling: Promise<{
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
}>;

/**
 * PGlite's two WebAssembly programs, compiled once per process and handed to each database
 * thread (compiling them takes each new thread most of a second; tests open many databases).
 */
function compiledModules() {
  const require = createRequire(import.meta.url);
  const compile = async (file: string) =>
    WebAssembly.compile(await readFile(require.resolve(`@electric-sql/pglite/${file}`)));
  compiling ??= Promise.all([compile('pglite.wasm'), compile('initdb.wasm')]).then(
    ([pgliteWasmModule, initdbWasmModule]) => ({ pgliteWasmModule, initdbWasmModule }),
  );
  return compiling;
}

/**
 * PGlite on a worker thread of its own. PGlite runs each statement synchronously on the thread
 * that owns it; on the server's main thread a deck being stored (a few dozen statements) held up
 * every request meanwhile, cached answers included. Here the main thread sends statements and
 * goes on serving; the database thread runs them one at a time, as PGlite did before.
 *
 * The same calls as PGlite's: `query`, `exec`, `transaction` (its statements sent with the
 * transaction's id, committed or rolled back when the callback ends), `listen`, `close`. Values
 * cross the threads by structured clone (rows, dates, byte arrays); a query's `parsers` must
 * keep values as text (Drizzle's do, for dates and timestamps), as functions cannot cross.
 * Errors come back with their message and the server's fields (code, constraint, detail…).
 */
export async function openEmbeddedDatabaseThread(
  dataDir: string | undefined,
  {
    copyOf,
  }: {
    /** Another database's `dump`: this one starts as its copy, far sooner than an empty one. */
    copyOf?: Uint8Array;
  } = {},
): Promise<EmbeddedThreadClient> {
  const worker = new Worker(new URL('./embedded-database-worker.mjs', import.meta.url), {
    workerData: { dataDir, ...(copyOf ? { copyOf } : {}), ...(await compiledModules()) },
    resourceLimits: { maxYoungGenerationSizeMb: DATABASE_THREAD_YOUNG_GENERATION_MB },
  });
  const pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  const listeners = new Map<number, (payload: string) => void>();
  let nextId = 1;
  let closed = false;
  let failure: Error | undefined;

  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    worker.once('error', onError);
    worker.once('message', (message: { ready?: boolean }) => {
      worker.off('error', onError);
      if (message.ready) resolve();
    });
  });
  /** Calls sent and not answered yet. */
  const underWay = new Set<Promise<unknown>>();
  /** The notifications told so far, in order. */
  let telling = Promise.resolve();
  worker.on('message', (message: Reply | { listener: number; payload: string }) => {
    if ('listener' in message) {
      // PGlite tells a notification while it reads the answer of the statement that sent it, so
      // it arrives before that answer. Told once every call under way has its answer and what
      // its caller does with it has run (the read cache drops what a write changed): a listener
      // that reads on hearing it (a deck's follower, at its job's end) sees what was notified.
      const { listener, payload } = message;
      const answers = [...underWay];
      telling = telling
        .then(() => Promise.allSettled(answers))
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(() => {
          try {
            listeners.get(listener)?.(payload);
          } catch (error) {
            // As when told at once: a listener's error is the process's.
            process.nextTick(() => {
              throw error;
            });
          }
        });
      return;
    }
    const call = pending.get(message.id);
    pending.delete(message.id);
    if (!call) return;
    if (message.error) {
      const error = Object.assign(new Error(message.error.message), message.error.fields);
      error.name = message.error.name;
      call.reject(error);
    } else {
      call.resolve(message.result);
    }
  });
  const stopAll = (error: Error) => {
    failure = error;
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  };
  worker.on('error', stopAll);
  worker.on('exit', () => stopAll(new Error('PGlite is closed')));

  const send = <T>(op: string, fields: Record<string, unknown> = {}) => {
    if (closed || failure) return Promise.reject(new Error('PGlite is closed'));
    const id = nextId++;
    const answer = new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, op, ...fields });
    });
    underWay.add(answer);
    const answered = () => underWay.delete(answer);
    answer.then(answered, answered);
    return answer;
  };

  const query =
    <T>(tx: number | undefined) =>
    (sql: string, params?: unknown[], options?: QueryOptions) =>
      send<Results<T>>('query', {
        sql,
        params: params ?? [],
        rowMode: options?.rowMode ?? 'object',
        textTypes: Object.keys(options?.parsers ?? {}).map(Number),
        tx,
      });
  const exec = (tx: number | undefined) => (sql: string) => send<Results[]>('exec', { sql, tx });

  let nextTransaction = 1;
  const client = {
    query: query(undefined),
    exec: exec(undefined),
    async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
      const tx = nextTransaction++;
      // Not waited for: the database thread runs the transaction's statements once it has begun,
      // so the first goes with it, and the one connection is held a round trip less (ADR 071).
      // Should it fail to begin, each statement answers its error, and so does the end.
      const begun = send('begin', { tx });
      begun.catch(() => undefined);
      let isClosed = false;
      const handle = {
        query: (...args: Parameters<ReturnType<typeof query>>) => query(tx)(...args),
        exec: (sql: string) => exec(tx)(sql),
        async rollback() {
          isClosed = true;
          await send('end', { tx, commit: false });
        },
        get closed() {
          return isClosed;
        },
      } as unknown as Transaction;
      let result: T;
      try {
        result = await callback(handle);
      } catch (error) {
        if (!isClosed) {
          isClosed = true;
          await send('end', { tx, commit: false }).catch(() => undefined);
        }
        throw error;
      }
      if (!isClosed) {
        isClosed = true;
        await send('end', { tx, commit: true });
      }
      return result;
    },
    async listen(channel: string, onNotify: (payload: string) => void) {
      const listener = nextId++;
      listeners.set(listener, onNotify);
      await send('listen', { channel, listener });
      return async () => {
        listeners.delete(listener);
        await send('unlisten', { listener }).catch(() => undefined);
      };
    },
    dump: () => send<Uint8Array>('dump'),
    get resourceLimits() {
      return worker.resourceLimits ?? {};
    },
    async close() {
      if (closed) return;
      await send('close').catch(() => undefined);
      closed = true;
      await worker.terminate();
    },
  };
  return client as unknown as EmbeddedThreadClient;
}
