import { isErrorCode, type ErrorCode } from '@rasma/contract/constants';

/**
 * A non-2xx answer. Its message follows spec 8: "<status>: <body text, or the status text if the
 * body is empty>".
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The `message` of the server's `{ message, code }` body, or the body text when it is not one. */
  readonly serverMessage: string;
  /** What went wrong, to decide by (the contract's `ERROR_CODES`); undefined when not our body. */
  readonly code: ErrorCode | undefined;

  constructor(
    readonly status: number,
    text: string,
    /** When the same request may succeed (a 429's `Retry-After`), in milliseconds from now. */
    readonly retryAfterMs?: number,
  ) {
    super(`${status}: ${text}`);
    const { message, code } = jsonFields(text);
    this.serverMessage = typeof message === 'string' ? message : text;
    this.code = isErrorCode(code) ? code : undefined;
  }
}

/** What to tell the user about a failed call: what the server said, else `fallback`. */
export function serverMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

/**
 * Sends a request to our API with the session cookie and answers the JSON it sent back, unchecked;
 * a non-2xx answer throws an ApiError. (lib/api-client.ts checks answers against the contract; this
 * module stays free of the schemas so every page can use it.)
 */
export async function fetchJson(
  method: string,
  url: string,
  body: unknown,
  signal: AbortSignal | undefined,
  headers: Record<string, string> = {},
): Promise<unknown> {
  // A form sets its own multipart Content-Type (with the boundary).
  const json = body !== undefined && !(body instanceof FormData);
  const res = await fetch(url, {
    method,
    headers: json ? { 'Content-Type': 'application/json', ...headers } : headers,
    body: json ? JSON.stringify(body) : body,
    credentials: 'include',
    signal,
  });
  if (!res.ok) {
    throw new ApiError(
      res.status,
      (await res.text()) || res.statusText,
      retryAfterMs(res.headers.get('retry-after')),
    );
  }
  return res.json();
}

/** A `Retry-After` (seconds, or an HTTP date) in milliseconds from now; undefined without one. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const ms = /^\d+$/.test(header.trim()) ? Number(header) * 1000 : Date.parse(header) - now;
  return Number.isNaN(ms) ? undefined : Math.max(0, ms);
}

/** The fields of a JSON object (the server's error body), read without loading the schemas. */
function jsonFields(text: string): Record<string, unknown> {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
