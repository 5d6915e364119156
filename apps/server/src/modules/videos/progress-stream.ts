import type { VideoProgressEvent } from '@rasma/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import type { ProgressBus } from '../../progress/progress-bus.js';
import { videosInProgressOrEndedSince, type VideoRow } from './queries.js';

const HEARTBEAT_MS = 15_000;
/** A client that reconnects waits this long; its first events then catch it up. */
const RETRY_MS = 2_000;
/** Videos finished this recently are sent on connect, so a client that was away sees the end. */
const CATCH_UP_MS = 10 * 60 * 1000;
/**
 * How often a stream checks that its session still stands: a sign-out ends the stream within this
 * (plus the session cache's few seconds when it was signed out by another server process).
 */
const SESSION_CHECK_MS = 2_000;
/** Open streams per user in this process: a newer one closes the oldest (tabs left open). */
export const MAX_STREAMS_PER_USER = 8;

/** The event that tells a video's state (sent on the progress bus, then on the user's streams). */
export const progressEvent = (
  row: Pick<VideoRow, 'id' | 'progress' | 'status'>,
): VideoProgressEvent => ({
  type: 'videoProgress',
  videoId: row.id,
  progress: row.progress,
  status: row.status,
});

/** Each user's open streams in this server, oldest first, as the functions that end them. */
export type OpenStreams = Map<string, Array<() => void>>;

/**
 * A server-sent event stream of the user's progress events. On (re)connect it first sends the state
 * of every video still being made and of those finished in the last minutes; then each event as it
 * happens, with a heartbeat comment so proxies keep the connection open. When the server may have
 * missed events (see ProgressBus), it sends that state again.
 */
export async function openProgressStream({
  db,
  progress,
  userId,
  signedIn,
  streams,
  request,
  reply,
}: {
  db: Db;
  progress: ProgressBus;
  userId: string;
  streams: OpenStreams;
  /** Whether the request's session still stands: the stream ends when it does not. */
  signedIn: () => Promise<boolean>;
  request: FastifyRequest;
  reply: FastifyReply;
}): Promise<FastifyReply> {
  const send = (event: VideoProgressEvent) => {
    // A catch-up may end after the client has gone.
    if (reply.raw.writable) reply.raw.write(`data: ${JSON.stringify(event)}\n\n`);
  };
  // Events that arrive while a catch-up is read are queued, so none is lost or sent out of turn.
  const early: VideoProgressEvent[] = [];
  let catchUps = 0;
  const catchUp = async () => {
    catchUps++;
    try {
      const since = new Date(Date.now() - CATCH_UP_MS);
      for (const row of await videosInProgressOrEndedSince(db, userId, since)) {
        send(progressEvent(row));
      }
    } catch (err) {
      // Closed, the stream is opened again by the browser in RETRY_MS and catches up then.
      request.log.warn({ err }, 'progress stream: catch-up failed, closing it');
      end();
      return;
    } finally {
      catchUps--;
    }
    if (catchUps === 0) for (const event of early.splice(0)) send(event);
  };
  const unsubscribe = progress.subscribe(
    userId,
    (event) => (catchUps > 0 ? early.push(event) : send(event)),
    // Events sent while this server could not hear them are lost: the state is read anew.
    () => void catchUp(),
  );

  reply.hijack();
  reply.raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  reply.raw.write(`retry: ${RETRY_MS}\n\n`);
  const heartbeat = setInterval(() => reply.raw.write(': heartbeat\n\n'), HEARTBEAT_MS);
  const sessionCheck = setInterval(() => {
    signedIn().then(
      (still) => still || end(),
      () => undefined, // The database is away: the next check decides.
    );
  }, SESSION_CHECK_MS);
  const mine = streams.get(userId) ?? [];
  streams.set(userId, mine);
  const stop = () => {
    clearInterval(heartbeat);
    clearInterval(sessionCheck);
    unsubscribe();
    const at = mine.indexOf(end);
    if (at >= 0) mine.splice(at, 1);
    if (mine.length === 0) streams.delete(userId);
  };
  /** Ends the stream from this side (the browser's EventSource reconnects unless signed out). */
  function end() {
    stop();
    reply.raw.end();
  }
  mine.push(end);
  while (mine.length > MAX_STREAMS_PER_USER) mine[0]?.();
  request.raw.on('close', stop);
  await catchUp();
  return reply;
}
