import type { FastifyServerOptions } from 'fastify';

/**
 * pino options: requests are logged by path only (query strings can carry OAuth codes), with any
 * e-mail address in it masked (an admin's lookup), never with cookies.
 */
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
        path: maskEmailsIn(req.url.split('?')[0] ?? ''),
      }),
    },
  };
}

/** An e-mail address as logs show it: `b***@example.test`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 1 ? '***' : `${email[0]}***${email.slice(at)}`;
}

/** A request path with each e-mail address in it, percent-encoded or not, masked. */
export function maskEmailsIn(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Not valid percent-encoding: masked as it is.
  }
  return decoded.includes('@') ? decoded.replace(/[^/@\s]+@[^/@\s]+/g, maskEmail) : path;
}
