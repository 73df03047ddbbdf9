/**
 * Waits for statements of one transaction that were sent at once, each started with `execute()`
 * in the order the connection must run them (ADR 071), and answers their results in that order.
 * Unlike `Promise.all`, it waits for every one of them before it answers: should one fail, the
 * rollback that follows is not sent while others are still on their way, and the error thrown is
 * the one that came first (on PostgreSQL the statements after a failed one fail too, saying only
 * that the transaction is aborted).
 */
export async function statementsAtOnce<const T extends readonly unknown[]>(
  statements: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  let first: { reason: unknown } | undefined;
  const answers = await Promise.all(
    statements.map((statement) =>
      Promise.resolve(statement).catch((reason: unknown) => {
        first ??= { reason };
      }),
    ),
  );
  if (first) throw first.reason;
  return answers as { -readonly [K in keyof T]: Awaited<T[K]> };
}
