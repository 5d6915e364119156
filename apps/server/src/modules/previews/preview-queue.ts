import { AppError } from '../../errors.js';

/**
 * Outline previews, one at a time whoever asks (one decoded picture in memory at once, and a core
 * left for everything else), taken in the order people asked, with only the newest of each
 * person's waiting: asking again replaces the one still waiting (it answers 409), so one person's
 * previews cannot make anybody else's wait behind them.
 */
export interface PreviewQueue {
  submit<T>(userId: string, run: () => Promise<T>): Promise<T>;
}

export const previewReplaced = () =>
  new AppError(409, 'A newer preview replaced this one.', 'PREVIEW_REPLACED');

interface Waiting {
  run: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export function createPreviewQueue(): PreviewQueue {
  // A Map keeps its order: the first entry is the person who has waited longest.
  const waiting = new Map<string, Waiting>();
  let busy = false;

  async function next(): Promise<void> {
    const first = waiting.entries().next();
    if (busy || first.done) return;
    const [userId, task] = first.value;
    waiting.delete(userId);
    busy = true;
    try {
      task.resolve(await task.run());
    } catch (error) {
      task.reject(error);
    } finally {
      busy = false;
      void next();
    }
  }

  return {
    submit<T>(userId: string, run: () => Promise<T>): Promise<T> {
      const earlier = waiting.get(userId);
      // Replaced, and to the back of the line: asking again and again buys no place in it.
      waiting.delete(userId);
      earlier?.reject(previewReplaced());
      const answer = new Promise<T>((resolve, reject) => {
        waiting.set(userId, { run, resolve: resolve as (value: unknown) => void, reject });
      });
      void next();
      return answer;
    },
  };
}
