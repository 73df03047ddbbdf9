import { DrizzleQueryError } from 'drizzle-orm';

/**
 * The error a database driver threw: Drizzle wraps a failed query in a DrizzleQueryError (its
 * message holds the statement and the parameters) with the driver's error as `cause`; errors
 * outside a query (pg's pool connecting for a transaction, PGlite closed) arrive unwrapped.
 */
export function driverErrorOf(error: unknown): unknown {
  return error instanceof DrizzleQueryError && error.cause ? error.cause : error;
}

/** An error the database server reported, with its SQLSTATE code (pg and PGlite alike). */
export type ServerReportedError = Error & {
  code: string;
  severity?: string;
  routine?: string;
  schema?: string;
  table?: string;
  column?: string;
  constraint?: string;
  dataType?: string;
};

export function isServerReportedError(error: unknown): error is ServerReportedError {
  return (
    error instanceof Error &&
    typeof (error as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as unknown as { code: string }).code) &&
    typeof (error as { severity?: unknown }).severity === 'string'
  );
}

/** A statement refused for a duplicate key: of the unique constraint named, when one is. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const cause = driverErrorOf(error);
  return (
    isServerReportedError(cause) &&
    cause.code === '23505' &&
    (constraint === undefined || cause.constraint === constraint)
  );
}

// SQLSTATE codes of a server that is going away, not yet up, or refusing connections.
function isUnavailableSqlState(code: string): boolean {
  return (
    code.startsWith('08') || // connection_exception and its subclasses
    code === '57P01' || // admin_shutdown: the server is stopping
    code === '57P02' || // crash_shutdown
    code === '57P03' || // cannot_connect_now: starting up or shutting down
    code === '53300' // too_many_connections
  );
}

// Socket errors on the way to the database (Node's `code` on system errors).
const unavailableSocketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// The messages pg and pg-pool throw, without a code, when the connection is gone or cannot be
// had in time, and PGlite's when it has been closed.
const unavailableMessages = [
  /^Connection terminated/, // unexpectedly, due to connection timeout, or while ending
  /^timeout exceeded when trying to connect$/, // pool: no client within connectionTimeoutMillis
  /^timeout expired$/,
  /is not queryable$/, // a client that had a connection error or was closed
  /^Cannot use a pool after calling end on the pool$/,
  /^PGlite is clos(ed|ing)$/,
];

/**
 * Whether a failed database call means the database cannot be reached right now (stopped,
 * restarting, network gone, pool exhausted, embedded database closed) rather than that the
 * statement itself was wrong. Such a failure is answered 503 and passes once the database is
 * back: pg's pool opens new connections by itself.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const driverError = driverErrorOf(error);
  if (!(driverError instanceof Error)) return false;
  if (isServerReportedError(driverError)) return isUnavailableSqlState(driverError.code);
  // The embedded database's WebAssembly runtime aborted (a WebAssembly.RuntimeError, the only
  // error of that name): nothing answers until a restart.
  if (driverError.name === 'RuntimeError') return true;
  const { code, syscall } = driverError as NodeJS.ErrnoException;
  if (typeof code === 'string' && (unavailableSocketCodes.has(code) || syscall === 'connect')) {
    return true;
  }
  return unavailableMessages.some((pattern) => pattern.test(driverError.message));
}
