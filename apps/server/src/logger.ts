import type { FastifyServerOptions } from 'fastify';

/** pino options: requests are logged by path only (query strings can carry OAuth codes), never with cookies. */
export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      remove: true,
    },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        id: req.id,
        method: req.method,
        path: req.url.split('?')[0],
      }),
    },
  };
}

/** An e-mail address as logs show it: `b***@example.test`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 1 ? '***' : `${email[0]}***${email.slice(at)}`;
}
