import type { FastifyReply } from 'fastify';
import { AppError } from '../errors.js';
import type { Storage } from '../storage/storage.js';

/** `bytes=start-end`, `bytes=start-` or `bytes=-suffix`; one range only (what players send). */
function parseRange(header: string, size: number): { start: number; end: number } | 'invalid' {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  const [first, last] = [match[1] ?? '', match[2] ?? ''];
  const start = first === '' ? Math.max(0, size - Number(last)) : Number(first);
  const end = first === '' || last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return start <= end && start < size ? { start, end } : 'invalid';
}

/** `attachment` with the title as a readable file name, ASCII fallback plus RFC 5987 UTF-8. */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Sends a stored file: whole, or the byte range asked for (206, so a player can seek), or 416 for
 * a range outside it. With a file name it is a download. Streamed from storage, never whole in
 * memory.
 */
export async function sendFile(
  storage: Storage,
  reply: FastifyReply,
  file: {
    key: string;
    contentType: string;
    fileName?: string | undefined;
    range?: string | undefined;
  },
): Promise<FastifyReply> {
  const size = await storage.size(file.key);
  if (size === undefined) throw new AppError(404, 'The file is missing.', 'NOT_FOUND');
  reply
    .header('Content-Type', file.contentType)
    .header('Accept-Ranges', 'bytes')
    .header('Cache-Control', 'private, max-age=3600');
  if (file.fileName) reply.header('Content-Disposition', contentDisposition(file.fileName));
  if (!file.range) {
    return reply.header('Content-Length', size).send(await storage.read(file.key));
  }
  const range = parseRange(file.range, size);
  if (range === 'invalid') {
    return reply.status(416).header('Content-Range', `bytes */${size}`).send();
  }
  return reply
    .status(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
    .header('Content-Length', range.end - range.start + 1)
    .send(await storage.read(file.key, range));
}
