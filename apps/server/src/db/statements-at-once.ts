import { entityKind } from 'drizzle-orm';
import type { Db } from './database.ts';

type Started = readonly (() => unknown)[];

/**
 * Runs statements of one transaction that do not need each other's answers, each started by its
 * function, and answers their results in that order.
 *
 * On the embedded database they are started at once, in order, and its thread runs them one
 * after another: the transaction then holds the one connection for one round trip through the
 * main thread, not one for each (ADR 071). It waits for every one of them before it answers, so
 * the caller's rollback is never sent while one is still on its way, and throws the error that
 * came first (on PostgreSQL the statements after a failed one fail too, saying only that the
 * transaction is aborted). A statement's function must hand it to the connection before this
 * thread next waits: `execute()` does so at once, an `await` of a query a microtask later, so
 * where their order matters the statements are started with `execute()`.
 *
 * On PostgreSQL they run one after another: node-postgres refuses a statement while another runs
 * on the same client (deprecated in pg 8, removed in pg 9), and a round trip there waits for no
 * thread of this process.
 */
export async function statementsAtOnce<const T extends Started>(
  tx: Db,
  statements: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Answers = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  if (!takesStatementsAtOnce(tx)) {
    const answers: unknown[] = [];
    for (const start of statements) answers.push(await start());
    return answers as Answers;
  }
  let first: { reason: unknown } | undefined;
  const answers = await Promise.all(
    statements.map((start) => {
      let started: Promise<unknown>;
      try {
        started = Promise.resolve(start());
      } catch (error) {
        started = Promise.reject(error);
      }
      return started.catch((reason: unknown) => {
        first ??= { reason };
      });
    }),
  );
  if (first) throw first.reason;
  return answers as Answers;
}

/** Whether `db`'s connection takes a statement while another runs: the embedded database's. */
function takesStatementsAtOnce(db: Db): boolean {
  // Drizzle's handle of the connection; should it ever move, one after another is always safe.
  const session = (db as unknown as { _?: { session?: { constructor: unknown } } })._?.session;
  return (
    (session?.constructor as { [entityKind]?: string } | undefined)?.[entityKind] ===
    'PgliteSession'
  );
}
