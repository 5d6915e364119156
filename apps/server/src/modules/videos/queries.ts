import {
  DEFAULT_AI_MODEL,
  type AiModel,
  type CreateVideoBlobData,
  type LedgerKind,
} from '@rasma/contract';
import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  ne,
  notExists,
  or,
  sql,
  type AnyColumn,
} from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  creditLedger,
  images,
  uploadAudio,
  uploadScenePictures,
  users,
  videos,
} from '../../db/schema.js';

export type VideoRow = typeof videos.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The upload's row, its audio files' and scene pictures', and its video's, made together (in the
 * create's transaction).
 */
export async function insertImageAndVideo(
  tx: Tx,
  image: typeof images.$inferInsert & { id: string },
  files: {
    audio: Omit<typeof uploadAudio.$inferInsert, 'imageId'>[];
    scenePictures: Omit<typeof uploadScenePictures.$inferInsert, 'imageId'>[];
  },
  video: {
    id: string;
    title: string;
    settings: CreateVideoBlobData;
    creditsUsed: number;
    requesterNetwork: string;
  },
): Promise<VideoRow> {
  await tx.insert(images).values(image);
  const { audio, scenePictures } = files;
  if (audio.length > 0) {
    await tx.insert(uploadAudio).values(audio.map((file) => ({ ...file, imageId: image.id })));
  }
  if (scenePictures.length > 0) {
    await tx
      .insert(uploadScenePictures)
      .values(scenePictures.map((file) => ({ ...file, imageId: image.id })));
  }
  const [row] = await tx
    .insert(videos)
    .values({
      id: video.id,
      userId: image.userId,
      imageId: image.id,
      title: video.title,
      aiModel: video.settings.aiModel,
      options: video.settings,
      creditsUsed: video.creditsUsed,
      requesterNetwork: video.requesterNetwork,
      sceneCount: video.settings.scenes?.length ?? 1,
    })
    .returning();
  if (!row) throw new Error('video insert returned nothing');
  return row;
}

export async function setAiPreference(tx: Tx, userId: string, aiModel: AiModel): Promise<void> {
  await tx.update(users).set({ aiModel }).where(eq(users.id, userId));
}

/** The model the user chose last (the workspace starts with it). */
export async function aiPreference(db: Db, userId: string): Promise<AiModel> {
  const [row] = await db
    .select({ aiModel: users.aiModel })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.aiModel ?? DEFAULT_AI_MODEL;
}

/** The user's videos waiting or being made, besides `except` (the one being created). */
export async function waitingVideos(tx: Pick<Db, 'select'>, userId: string, except?: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(videos)
    .where(
      and(
        eq(videos.userId, userId),
        eq(videos.status, 'processing'),
        except ? ne(videos.id, except) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** What a payment adds to the ledger: a plan's credits, or a pack's. */
const PAID_KINDS: LedgerKind[] = ['plan_grant', 'pack_purchase'];

/** The ledger rows that show the user of `userId` has paid. */
const payments = (tx: Pick<Db, 'select'>, userId: AnyColumn | string) =>
  tx
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), inArray(creditLedger.kind, PAID_KINDS)));

/**
 * The videos of accounts that never paid, waiting or being made, that were created from `network`,
 * besides `videoId`.
 */
export async function networkWaitingVideos(
  tx: Pick<Db, 'select'>,
  network: string,
  videoId: string,
) {
  const [row] = await tx
    .select({ n: count() })
    .from(videos)
    .where(
      and(
        eq(videos.requesterNetwork, network),
        eq(videos.status, 'processing'),
        ne(videos.id, videoId),
        notExists(payments(tx, videos.userId)),
      ),
    );
  return row?.n ?? 0;
}

/** Whether the user has ever paid: a paid plan or a bought pack. */
export async function hasPaid(tx: Pick<Db, 'select'>, userId: string): Promise<boolean> {
  return (await payments(tx, userId).limit(1)).length > 0;
}

/** A video's columns but its render options (its zones can be megabytes): what a list shows. */
const { options: _options, ...listedColumns } = getTableColumns(videos);

/** How many videos the user has, and the window `limit`/`offset` of them, newest first. */
export async function videosOf(db: Db, userId: string, window: { limit: number; offset: number }) {
  const [total] = await db.select({ n: count() }).from(videos).where(eq(videos.userId, userId));
  const rows = await db
    .select(listedColumns)
    .from(videos)
    .where(eq(videos.userId, userId))
    .orderBy(desc(videos.createdAt), desc(videos.id))
    .limit(window.limit)
    .offset(window.offset);
  return { total: total?.n ?? 0, rows };
}

export async function deleteVideoRow(db: Db, id: string): Promise<void> {
  await db.delete(videos).where(eq(videos.id, id));
}

/** The user's videos still being made, and those that ended after `since`: a stream's catch-up. */
export function videosInProgressOrEndedSince(db: Db, userId: string, since: Date) {
  return db
    .select({ id: videos.id, progress: videos.progress, status: videos.status })
    .from(videos)
    .where(
      and(
        eq(videos.userId, userId),
        or(eq(videos.status, 'processing'), gt(videos.completedAt, since)),
      ),
    );
}

/**
 * Holds, until the transaction ends, the lock of the network `network`: creates from one network
 * count its waiting videos one at a time.
 */
export async function lockNetwork(tx: Pick<Db, 'execute'>, network: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${network}))`);
}

/**
 * Forgets the files stored with an upload, its audio and a story's scene pictures (deleted next);
 * their keys.
 */
export async function deleteUploadFileRows(db: Db, imageId: string): Promise<string[]> {
  const audio = await db
    .delete(uploadAudio)
    .where(eq(uploadAudio.imageId, imageId))
    .returning({ storageKey: uploadAudio.storageKey });
  const pictures = await db
    .delete(uploadScenePictures)
    .where(eq(uploadScenePictures.imageId, imageId))
    .returning({ storageKey: uploadScenePictures.storageKey });
  return [...audio, ...pictures].map((file) => file.storageKey);
}

/** The upload's own picture is no longer stored (it was deleted). */
export async function forgetUploadImage(db: Db, imageId: string): Promise<void> {
  await db.update(images).set({ storageKey: null }).where(eq(images.id, imageId));
}
