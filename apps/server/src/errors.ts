import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';

/** The one error type of the server: leaves as `{ message, code? }` with `status`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
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
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) {
        request.log.error({ err: loggable(error.cause ?? error) }, error.message);
      }
      return reply.status(error.status).send({ message: error.message, code: error.code });
    }
    const status =
      'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status < 500) {
      return reply.status(status).send({
        message: clientErrorMessage(error as FastifyError),
        code: (error as FastifyError).code,
      });
    }
    request.log.error({ err: loggable(error) }, 'unhandled error');
    return reply.status(500).send({ message: 'Internal server error', code: 'INTERNAL' });
  });
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Malformed JSON in request body';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    default:
      return error.message;
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
