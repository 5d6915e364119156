import { eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { creditLedger, images, users, videos } from '../../src/db/schema.js';
import type { Storage } from '../../src/storage/storage.js';
import { waitUntilFinished } from './videos.js';

/**
 * Waits until every video of the user has ended, then checks that nothing was lost or doubled: each
 * video debited once and, if it failed, refunded once; the balance equal to the ledger's sum; no
 * upload kept (in the database or in `storage`). Returns how the videos ended, by id.
 */
export async function expectSettled(
  database: Database,
  storage: Storage,
  userId: string,
): Promise<Map<string, string>> {
  const { db } = database;
  const rows = await db.select().from(videos).where(eq(videos.userId, userId));
  const ended = await Promise.all(rows.map((row) => waitUntilFinished(database, row.id)));
  const ledger = await db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
  const entries = (videoId: string, kind: string) =>
    ledger.filter((entry) => entry.videoId === videoId && entry.kind === kind).length;
  for (const video of ended) {
    expect(['completed', 'failed']).toContain(video.status);
    expect(entries(video.id, 'video_debit')).toBe(1);
    expect(entries(video.id, 'video_refund')).toBe(video.status === 'failed' ? 1 : 0);
  }
  const [account] = await db.select().from(users).where(eq(users.id, userId));
  expect(account?.credits).toBe(ledger.reduce((sum, entry) => sum + entry.delta, 0));
  // A failed video's upload is deleted just after its status and refund are written: moments later.
  await vi.waitFor(
    async () => {
      const uploads = await db.select().from(images).where(eq(images.userId, userId));
      expect(uploads.filter((image) => image.storageKey !== null)).toEqual([]);
      expect(await storage.keysOlderThan('images', new Date(Date.now() + 60_000))).toEqual([]);
    },
    { timeout: 5000, interval: 100 },
  );
  return new Map(ended.map((video) => [video.id, video.status]));
}
