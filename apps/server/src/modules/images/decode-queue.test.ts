import { describe, expect, it } from 'vitest';
import { createDecodeQueue } from './decode-queue.js';

/** A decode that runs until `finish` is called. */
function heldDecode() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { run: () => done, finish };
}

describe('the decode queue', () => {
  it('runs one decode at a time, in the order they came, whoever asks', async () => {
    const queue = createDecodeQueue({ atOnce: 1, perUser: 2 });
    const started: string[] = [];
    const decodes = ['a', 'b', 'c'].map((userId) => {
      const held = heldDecode();
      const result = queue.forUser(userId, (decode) =>
        decode(async () => {
          started.push(userId);
          await held.run();
          return userId;
        }),
      );
      return { ...held, result };
    });
    await Promise.resolve();
    expect(started).toEqual(['a']);
    decodes[0]!.finish();
    expect(await decodes[0]!.result).toBe('a');
    await new Promise(setImmediate);
    expect(started).toEqual(['a', 'b']);
    decodes[1]!.finish();
    decodes[2]!.finish();
    expect(await Promise.all(decodes.map((d) => d.result))).toEqual(['a', 'b', 'c']);
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it("refuses a person's upload beyond their places with a 429, and takes one once a place is free", async () => {
    const queue = createDecodeQueue({ atOnce: 1, perUser: 2 });
    const held = [heldDecode(), heldDecode()];
    const holding = held.map((h) => queue.forUser('me', () => h.run()));
    await expect(queue.forUser('me', async () => 'third')).rejects.toMatchObject({
      status: 429,
      code: 'UPLOAD_BUSY',
    });
    expect(await queue.forUser('someone else', async () => 'theirs')).toBe('theirs');
    held[0]!.finish();
    await holding[0];
    expect(await queue.forUser('me', async () => 'now')).toBe('now');
    held[1]!.finish();
    await holding[1];
  });

  it('gives a place back when the work fails', async () => {
    const queue = createDecodeQueue({ atOnce: 1, perUser: 1 });
    await expect(
      queue.forUser('me', (decode) => decode(() => Promise.reject(new Error('damaged')))),
    ).rejects.toThrow('damaged');
    expect(await queue.forUser('me', (decode) => decode(async () => 'next'))).toBe('next');
  });
});
