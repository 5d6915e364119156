import { PROJECT_LIMITS, type AudioTrack, type ProjectState } from '@rasma/contract';
import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { projectAudio, projects, projectSceneImages } from '../../db/schema.js';
import type { DbOrTx } from '../credits/ledger.js';

export type ProjectRow = typeof projects.$inferSelect;
export type ProjectAudioRow = typeof projectAudio.$inferSelect;
export type ProjectSceneImageRow = typeof projectSceneImages.$inferSelect;

/** How many projects the user has. */
export async function countProjects(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ projects: count() })
    .from(projects)
    .where(eq(projects.userId, userId));
  return row?.projects ?? 0;
}

/** Inserts the project (in the transaction that checked the person's count and quota). */
export async function insertProject(
  tx: DbOrTx,
  values: typeof projects.$inferInsert,
): Promise<ProjectRow> {
  const [row] = await tx.insert(projects).values(values).returning();
  if (!row) throw new Error('project insert returned nothing');
  return row;
}

/** The user's recent projects, newest change first (no state: it can be megabytes). */
export function recentProjects(db: Db, userId: string) {
  return db
    .select({ id: projects.id, title: projects.title, updatedAt: projects.updatedAt })
    .from(projects)
    .where(eq(projects.userId, userId))
    .orderBy(desc(projects.updatedAt), desc(projects.id))
    .limit(PROJECT_LIMITS.recent);
}

/** Replaces the user's project's state; undefined when it is not theirs (or not there). */
export async function updateProjectState(db: Db, userId: string, id: string, state: ProjectState) {
  const [row] = await db
    .update(projects)
    // The database's clock, as at creation: the list's order never mixes two clocks.
    .set({ state, updatedAt: sql`now()` })
    .where(and(eq(projects.id, id), eq(projects.userId, userId)))
    .returning({ id: projects.id, updatedAt: projects.updatedAt });
  return row;
}

export async function deleteProjectRow(db: Db, id: string): Promise<void> {
  await db.delete(projects).where(eq(projects.id, id));
}

/** Projects not changed since `before`, with what their files need. */
export function projectsUnchangedSince(db: Db, before: Date) {
  return db
    .select({ id: projects.id, imageKey: projects.imageKey })
    .from(projects)
    .where(lt(projects.updatedAt, before));
}

/** Which of `ids` are projects. */
export async function existingProjectIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: projects.id }).from(projects).where(inArray(projects.id, ids));
  return new Set(rows.map((row) => row.id));
}

/** The project's audio files (a row per track that has one). */
export function projectAudioOf(db: Db, projectId: string): Promise<ProjectAudioRow[]> {
  return db.select().from(projectAudio).where(eq(projectAudio.projectId, projectId));
}

/** The audio file of one track of the project, if it has one. */
export async function findProjectAudio(db: DbOrTx, projectId: string, track: AudioTrack) {
  const [row] = await db
    .select()
    .from(projectAudio)
    .where(and(eq(projectAudio.projectId, projectId), eq(projectAudio.track, track)))
    .limit(1);
  return row;
}

/** Records a track's file, replacing the one it had (in the transaction that checks the quota). */
export async function upsertProjectAudio(
  tx: DbOrTx,
  values: Omit<typeof projectAudio.$inferInsert, 'updatedAt'>,
): Promise<ProjectAudioRow> {
  const { projectId: _projectId, track: _track, ...file } = values;
  const [row] = await tx
    .insert(projectAudio)
    .values(values)
    .onConflictDoUpdate({
      target: [projectAudio.projectId, projectAudio.track],
      set: { ...file, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('project audio upsert returned nothing');
  return row;
}

/** Forgets a track's file; the key of the file it had, if it had one. */
export async function deleteProjectAudioRow(
  db: Db,
  projectId: string,
  track: AudioTrack,
): Promise<string | undefined> {
  const [row] = await db
    .delete(projectAudio)
    .where(and(eq(projectAudio.projectId, projectId), eq(projectAudio.track, track)))
    .returning({ storageKey: projectAudio.storageKey });
  return row?.storageKey;
}

/** The project's scene images, oldest first. */
export function sceneImagesOf(db: DbOrTx, projectId: string): Promise<ProjectSceneImageRow[]> {
  return db
    .select()
    .from(projectSceneImages)
    .where(eq(projectSceneImages.projectId, projectId))
    .orderBy(projectSceneImages.createdAt, projectSceneImages.id);
}

/** One scene image of the project, if it has it. */
export async function findSceneImage(db: DbOrTx, projectId: string, id: string) {
  const [row] = await db
    .select()
    .from(projectSceneImages)
    .where(and(eq(projectSceneImages.projectId, projectId), eq(projectSceneImages.id, id)))
    .limit(1);
  return row;
}

/** Records a scene image (in the transaction that checks the quota). */
export async function insertSceneImage(
  tx: DbOrTx,
  values: typeof projectSceneImages.$inferInsert,
): Promise<ProjectSceneImageRow> {
  const [row] = await tx.insert(projectSceneImages).values(values).returning();
  if (!row) throw new Error('scene image insert returned nothing');
  return row;
}

/** Which of `ids` are the project's scene images; each of them is named now. */
export async function nameSceneImages(
  db: DbOrTx,
  projectId: string,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .update(projectSceneImages)
    .set({ namedAt: sql`now()` })
    .where(and(eq(projectSceneImages.projectId, projectId), inArray(projectSceneImages.id, ids)))
    .returning({ id: projectSceneImages.id });
  return new Set(rows.map((row) => row.id));
}

/** Scene images last named (or uploaded) before `before`. */
export function sceneImagesNamedBefore(db: Db, before: Date) {
  return db
    .select({
      id: projectSceneImages.id,
      projectId: projectSceneImages.projectId,
      storageKey: projectSceneImages.storageKey,
    })
    .from(projectSceneImages)
    .where(lt(projectSceneImages.namedAt, before));
}

/** The saved states of `projectIds`, by project. */
export async function projectStates(db: Db, projectIds: string[]): Promise<Map<string, unknown>> {
  if (projectIds.length === 0) return new Map();
  const rows = await db
    .select({ id: projects.id, state: projects.state })
    .from(projects)
    .where(inArray(projects.id, projectIds));
  return new Map(rows.map((row) => [row.id, row.state]));
}

/** Forgets a scene image (its file is deleted next). */
export async function deleteSceneImageRow(db: Db, id: string): Promise<void> {
  await db.delete(projectSceneImages).where(eq(projectSceneImages.id, id));
}

/** The storage keys of the files the rows of `projectIds` name: audio and scene images. */
export async function projectFileKeys(db: Db, projectIds: string[]): Promise<string[]> {
  if (projectIds.length === 0) return [];
  const audio = await db
    .select({ storageKey: projectAudio.storageKey })
    .from(projectAudio)
    .where(inArray(projectAudio.projectId, projectIds));
  const images = await db
    .select({ storageKey: projectSceneImages.storageKey })
    .from(projectSceneImages)
    .where(inArray(projectSceneImages.projectId, projectIds));
  return [...audio, ...images].map((row) => row.storageKey);
}
