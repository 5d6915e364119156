import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { VideoProgressEvent } from '@rasma/contract';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../db/client.js';
import { startProgressBus } from './progress-bus.js';

describe('the progress bus', () => {
  it('passes events to their user only, and a publish the database refuses is logged, not thrown', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'rasma-progress-'));
    const logged: { msg: string; videoId?: string }[] = [];
    const log = pino(
      new Writable({
        write(line: Buffer, _encoding, done) {
          logged.push(JSON.parse(line.toString()) as { msg: string; videoId?: string });
          done();
        },
      }),
    );
    const database = await openDatabase({ dataDir });
    try {
      const bus = await startProgressBus(database, log);
      const mine: VideoProgressEvent[] = [];
      const others: VideoProgressEvent[] = [];
      bus.subscribe(
        'me',
        (e) => mine.push(e),
        () => undefined,
      );
      bus.subscribe(
        'someone-else',
        (e) => others.push(e),
        () => undefined,
      );
      const event = (progress: number): VideoProgressEvent => ({
        type: 'videoProgress',
        videoId: 'v1',
        progress,
        status: 'processing',
      });
      await bus.publish('me', event(10));
      await vi.waitFor(() => expect(mine).toEqual([event(10)]));
      expect(others).toEqual([]);

      // The database goes away (here: closed) in the middle of a render's reports.
      await bus.close();
      await database.close();
      await expect(bus.publish('me', event(11))).resolves.toBeUndefined();
      expect(logged).toContainEqual(
        expect.objectContaining({ msg: 'progress not sent', videoId: 'v1' }),
      );
    } finally {
      await database.close().catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
