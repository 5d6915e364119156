/**
 * Whether an error means that a service the server depends on (the database, the object storage)
 * is out of reach for now, rather than that the request or the code is wrong: the request may
 * succeed in a moment, so it is answered 503, not 500. Looks through wrapped errors (`cause`).
 */
export function isOutage(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (!(current instanceof Error)) return false;
    if (isOutageItself(current)) return true;
    current = current.cause;
  }
  return false;
}

/** The network's own failures (Node's error codes): nothing answers, or the connection broke. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * PostgreSQL's: its connection exceptions (class 08), a server shutting down or starting
 * (57P01-57P03) and no connection slot left (53300).
 */
const POSTGRES_OUTAGE = /^(08...|57P0[123]|53300)$/;
/** The PostgreSQL client's own (node-postgres): a lost or timed-out connection or query. */
const POSTGRES_CLIENT_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Query read timeout$/,
  /is not queryable$/,
];

function isOutageItself(error: Error): boolean {
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  if (code && (NETWORK_CODES.has(code) || POSTGRES_OUTAGE.test(code))) return true;
  // The S3 SDK's: no connection within its timeout, or the service answered it is unavailable.
  if (error.name === 'TimeoutError') return true;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (status !== undefined && status >= 500) return true;
  return POSTGRES_CLIENT_MESSAGES.some((pattern) => pattern.test(error.message));
}
