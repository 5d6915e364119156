import type { ExportFormat, VideoExport } from '@rasma/contract';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Transaction } from '../../db/in-transaction.js';
import { videoExports } from '../../db/schema.js';

const exportColumns = {
  videoId: videoExports.videoId,
  format: videoExports.format,
  status: videoExports.status,
  bytes: videoExports.bytes,
};

/** The rows of the exports chosen at Generate, made with the video (in the create's transaction). */
export async function insertExports(
  tx: Pick<Transaction, 'insert'>,
  videoId: string,
  formats: readonly ExportFormat[],
): Promise<void> {
  if (formats.length === 0) return;
  await tx.insert(videoExports).values(formats.map((format) => ({ videoId, format })));
}

/** The exports of these videos (one query for a page of them), by video id. */
export async function exportsOfVideos(
  db: Db,
  videoIds: readonly string[],
): Promise<Map<string, VideoExport[]>> {
  const byVideo = new Map<string, VideoExport[]>();
  if (videoIds.length === 0) return byVideo;
  const rows = await db
    .select(exportColumns)
    .from(videoExports)
    .where(inArray(videoExports.videoId, [...videoIds]))
    .orderBy(videoExports.createdAt);
  for (const { videoId, ...row } of rows)
    byVideo.set(videoId, [...(byVideo.get(videoId) ?? []), row]);
  return byVideo;
}

/** One export's row with its stored file, or undefined when it was never asked for. */
export async function findExport(db: Db, videoId: string, format: ExportFormat) {
  const [row] = await db
    .select({ ...exportColumns, storageKey: videoExports.storageKey })
    .from(videoExports)
    .where(and(eq(videoExports.videoId, videoId), eq(videoExports.format, format)))
    .limit(1);
  return row;
}

/**
 * Asks for an export: a new row (processing), or a failed one set processing again. `created` says
 * whether it is to be made now; a row made or being made is left as it is.
 */
export async function requestExportRow(
  tx: Pick<Transaction, 'insert'>,
  videoId: string,
  format: ExportFormat,
): Promise<boolean> {
  const rows = await tx
    .insert(videoExports)
    .values({ videoId, format })
    .onConflictDoUpdate({
      target: [videoExports.videoId, videoExports.format],
      set: { status: 'processing', error: null, createdAt: sql`now()` },
      setWhere: eq(videoExports.status, 'failed'),
    })
    .returning({ videoId: videoExports.videoId });
  return rows.length > 0;
}

/** An export made and stored; nothing when its video was deleted meanwhile. */
export async function markExportCompleted(
  db: Db,
  videoId: string,
  format: ExportFormat,
  file: { storageKey: string; bytes: number },
): Promise<void> {
  await db
    .update(videoExports)
    .set({ status: 'completed', ...file, error: null, completedAt: new Date() })
    .where(and(eq(videoExports.videoId, videoId), eq(videoExports.format, format)));
}

/** An export that could not be made (its video stays as it is); all of a video's when none given. */
export async function markExportsFailed(
  db: Pick<Db, 'update'>,
  videoId: string,
  reason: string,
  format?: ExportFormat,
): Promise<void> {
  await db
    .update(videoExports)
    .set({ status: 'failed', error: reason })
    .where(
      and(
        eq(videoExports.videoId, videoId),
        ne(videoExports.status, 'completed'),
        ...(format ? [eq(videoExports.format, format)] : []),
      ),
    );
}
