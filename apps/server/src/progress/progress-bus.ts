import { EventEmitter } from 'node:events';
import { videoProgressEventSchema, type VideoProgressEvent } from '@rasma/contract';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client.js';
import { notify } from '../db/notify.js';

const CHANNEL = 'video_progress';
const messageSchema = z.object({ userId: z.string(), event: videoProgressEventSchema });

/**
 * Progress events for the signed-in users' streams. Published as a database NOTIFY, so a render in
 * a separate worker process reaches every server; each server LISTENs once and fans the events out
 * to its open streams. (On the embedded database, NOTIFY and LISTEN stay inside the one process.)
 */
export interface ProgressBus {
  /**
   * Sends the event to the user's streams on every server. Best effort: a failure (the database
   * out of reach for a moment) is logged, not thrown; streams catch up from the database.
   */
  publish(userId: string, event: VideoProgressEvent): Promise<void>;
  /**
   * Calls `onEvent` with each event of this user's videos until the returned function is called,
   * and `onMissed` when events may have been lost (this server listens again after losing its
   * database connection): the subscriber reads the videos' state anew.
   */
  subscribe(
    userId: string,
    onEvent: (event: VideoProgressEvent) => void,
    onMissed: () => void,
  ): () => void;
  close(): Promise<void>;
}

/** The emitter's event for "events may have been lost" (a symbol: no user id can equal it). */
const MISSED = Symbol('missed');

export async function startProgressBus(
  database: Database,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<ProgressBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const stopListening = await database.listen(
    CHANNEL,
    (payload) => {
      const message = messageSchema.safeParse(parseJson(payload));
      if (message.success) emitter.emit(message.data.userId, message.data.event);
    },
    () => emitter.emit(MISSED),
  );
  return {
    async publish(userId, event) {
      const payload = JSON.stringify({ userId, event });
      try {
        await notify(database.db, CHANNEL, payload);
      } catch (err) {
        log.warn({ err, videoId: event.videoId }, 'progress not sent');
      }
    },
    subscribe(userId, onEvent, onMissed) {
      emitter.on(userId, onEvent);
      emitter.on(MISSED, onMissed);
      return () => {
        emitter.off(userId, onEvent);
        emitter.off(MISSED, onMissed);
      };
    },
    close: stopListening,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
