/**
 * Telling "the database is not there" apart from other failures, and describing a database error for a
 * log line without the query or its parameters (they may carry a visitor's name, phone or e-mail).
 */

/** SQLSTATEs of a database that cannot be reached or is going away (PostgreSQL appendix A). */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: an administrator ended the connection
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
  '3D000', // invalid_catalog_name: the database is gone
]);
/** Socket errors of a server that is down or unreachable. */
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** What node-postgres and PGlite say when they have no connection (they give no code). */
const UNAVAILABLE_MESSAGE =
  /connection terminated|timeout exceeded when trying to connect|not currently accepting connections|cannot use a pool after calling end|client has encountered a connection error|pglite is closed/i;

type Coded = { code?: unknown; message?: unknown; cause?: unknown };

/** The error and its causes, outermost first (drizzle wraps the driver's error in `cause`). */
function chain(error: unknown): Coded[] {
  const out: Coded[] = [];
  let current: unknown = error;
  while (current && typeof current === 'object' && out.length < 5) {
    out.push(current as Coded);
    current = (current as Coded).cause;
  }
  return out;
}

/** Whether `error` says the database cannot be reached (as opposed to a bad query or bad data). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return chain(error).some((e) => {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code) || code.startsWith('08')) return true;
    return typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message);
  });
}

/**
 * A database error for a log line: its class, its code (SQLSTATE or socket error) and whether it means the
 * database is unavailable. Never the message of a query error, which names the query's parameters.
 */
export function describeDatabaseError(error: unknown): { errorClass: string; code: string | null; unavailable: boolean } {
  const errors = chain(error);
  const root = errors.at(-1);
  const code = errors.map((e) => e.code).find((c): c is string => typeof c === 'string') ?? null;
  // pg names every server error "error": the constructor says more (DatabaseError, Error, RuntimeError).
  const errorClass = root ? (root as object).constructor.name : typeof error;
  return { errorClass, code, unavailable: isDatabaseUnavailable(error) };
}
