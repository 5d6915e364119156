import { AppError } from '../../errors.js';

/**
 * Full-size image decodes, bounded: each person holds at most `perUser` uploads (an image, or an
 * audio file) in this process at once (one more is a 429 before its body is read, so one account
 * cannot fill the memory or the disk with uploads), and at most `atOnce` decodes run at once
 * whoever asks, in the order they came.
 */
export interface DecodeQueue {
  /**
   * Holds one of the person's upload places while `work` runs; `work` decodes through `decode`,
   * which waits for a free decode.
   */
  forUser<T>(userId: string, work: (decode: Decode) => Promise<T>): Promise<T>;
}

/** Runs `run` once a place is free (the others wait in the order they came). */
export type Decode = <R>(run: () => Promise<R>) => Promise<R>;

export const uploadBusy = () =>
  new AppError(
    429,
    'Another file of yours is still being read. Try again when it is done.',
    'UPLOAD_BUSY',
    { retryAfterSeconds: 2 },
  );

/** At most `atOnce` runs at the same time; the next in line starts as soon as one ends. */
export function createGate(atOnce: number): Decode {
  const waiting: (() => void)[] = [];
  let running = 0;
  return async (run) => {
    if (running >= atOnce) await new Promise<void>((start) => waiting.push(start));
    else running += 1;
    try {
      return await run();
    } finally {
      // The place passes straight to the next in line, or is given back.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

export function createDecodeQueue(limits: { atOnce: number; perUser: number }): DecodeQueue {
  const holding = new Map<string, number>();
  const decode = createGate(limits.atOnce);
  return {
    async forUser(userId, work) {
      const held = holding.get(userId) ?? 0;
      if (held >= limits.perUser) throw uploadBusy();
      holding.set(userId, held + 1);
      try {
        return await work(decode);
      } finally {
        const left = (holding.get(userId) ?? 1) - 1;
        if (left === 0) holding.delete(userId);
        else holding.set(userId, left);
      }
    },
  };
}
