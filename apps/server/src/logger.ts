import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';

/**
 * Where a process's logs go on `output` (stdout): one JSON line per event (undefined: pino's
 * default), for a log collector, except in development on a terminal, where they are readable
 * lines (pino-pretty: time, level, message, then the event's fields), loaded only then.
 */
export async function logDestination(
  env: Config['env'],
  output: NodeJS.WritableStream & { isTTY?: boolean },
): Promise<NodeJS.WritableStream | undefined> {
  if (env !== 'development' || !output.isTTY) return undefined;
  const { default: pretty } = await import('pino-pretty');
  return pretty({ destination: output, ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss.l' });
}

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
