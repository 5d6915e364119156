import type { ErrorResponse } from '@rasma/contract';

/**
 * A non-2xx answer. Its message follows spec 8: "<status>: <body text, or the status text if the
 * body is empty>".
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The `message` of the server's `{ message, code }` body, or the body text when it is not one. */
  readonly serverMessage: string;
  readonly code: string | undefined;

  constructor(
    readonly status: number,
    text: string,
  ) {
    super(`${status}: ${text}`);
    const body = parseJson(text);
    this.serverMessage = isErrorResponse(body) ? body.message : text;
    this.code = isErrorResponse(body) ? body.code : undefined;
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
  if (!res.ok) throw new ApiError(res.status, (await res.text()) || res.statusText);
  return res.json();
}

/** The server's error body (`errorResponseSchema`), read without loading the schemas. */
function isErrorResponse(body: unknown): body is ErrorResponse {
  if (typeof body !== 'object' || body === null) return false;
  const { message, code } = body as Record<string, unknown>;
  return typeof message === 'string' && (code === undefined || typeof code === 'string');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
