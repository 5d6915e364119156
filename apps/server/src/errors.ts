import type { ErrorCode, ErrorResponse } from '@rasma/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { isOutage } from './outage.js';

/** The answer when the database or the file storage is out of reach (503). */
export const SERVICE_UNAVAILABLE_MESSAGE =
  'The service is briefly unavailable. Please try again in a moment.';

/** The one error type of the server: leaves as `{ message, code }` with `status`. */
export class AppError extends Error {
  /** Sent as `Retry-After`: when the same request may succeed (a 429's window). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly status: number,
    message: string,
    readonly code: ErrorCode,
    options?: ErrorOptions & { retryAfterSeconds?: number },
  ) {
    super(message, options);
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
}

/** Parses input with a contract schema; a failure is a 400 naming the field (under `prefix`). */
export function parseInput<T>(schema: ZodType<T>, data: unknown, prefix?: string): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = [prefix, ...(issue?.path ?? [])].filter((p) => p !== undefined).join('.');
  const message = issue ? (field ? `${field}: ${issue.message}` : issue.message) : 'Invalid input';
  throw new AppError(400, message, 'VALIDATION_ERROR');
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(replyWithError);
}

/**
 * The error handler: `{ message, code }` with the error's status. Also Fastify's `frameworkErrors`,
 * for what it refuses before routing (a path that does not decode, say).
 */
export function replyWithError(
  error: FastifyError | AppError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status =
    error instanceof AppError
      ? error.status
      : 'statusCode' in error && typeof error.statusCode === 'number'
        ? error.statusCode
        : 500;
  // A file refused while it arrives (over its size limit): the rest of the body is not read, and
  // the connection closes with the answer rather than being left holding it.
  if (status === 413 && !request.raw.complete) void reply.header('connection', 'close');
  if (error instanceof AppError) {
    if (error.status >= 500) {
      request.log.error({ err: loggable(error.cause ?? error) }, error.message);
    }
    if (error.retryAfterSeconds !== undefined) {
      void reply.header('retry-after', String(Math.ceil(error.retryAfterSeconds)));
    }
    void reply.status(error.status).send(errorBody(error.message, error.code));
    return;
  }
  if (status < 500) {
    void reply.status(status).send(clientError(error as FastifyError, status));
    return;
  }
  if (isOutage(error)) {
    request.log.warn({ err: loggable(error) }, 'a service is out of reach');
    void reply.status(503).send(errorBody(SERVICE_UNAVAILABLE_MESSAGE, 'SERVICE_UNAVAILABLE'));
    return;
  }
  request.log.error({ err: loggable(error) }, 'unhandled error');
  void reply.status(500).send(errorBody('Internal server error', 'INTERNAL'));
}

/** The body of every error answer. */
export const errorBody = (message: string, code: ErrorCode): ErrorResponse => ({ message, code });

/** What Fastify's and its plugins' own refusals mean in the contract's codes, by their status. */
const CODE_OF_CLIENT_STATUS: Partial<Record<number, ErrorCode>> = {
  404: 'NOT_FOUND',
  413: 'BODY_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/** A 4xx from Fastify or a plugin (before our code ran), told in our words and codes. */
function clientError(error: FastifyError, status: number): ErrorResponse {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return errorBody('Malformed JSON in request body', 'MALFORMED_JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return errorBody('Request body is too large', 'BODY_TOO_LARGE');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return errorBody('Unsupported content type', 'UNSUPPORTED_MEDIA_TYPE');
    default:
      return errorBody(error.message, CODE_OF_CLIENT_STATUS[status] ?? 'BAD_REQUEST');
  }
}

/**
 * A failed database query carries its SQL and parameters (an e-mail, a message) in its message and
 * stack: log what went wrong, never those.
 */
function loggable(error: unknown): unknown {
  if (!(error instanceof Error && 'query' in error && 'params' in error)) return error;
  const cause = error.cause instanceof Error ? error.cause : undefined;
  return {
    type: error.name,
    message: 'Database query failed',
    cause: cause?.message,
    code: cause && 'code' in cause ? cause.code : undefined,
  };
}
